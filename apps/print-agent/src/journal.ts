import { type FileHandle, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { serialize } from './serialize';

/** One line of the journal file. */
interface JournalEntry {
  id: number;
  printer: string;
  at: string;
}

async function syncDir(dir: string): Promise<void> {
  // Makes a new or renamed file's directory entry durable; Windows cannot open a directory, and NTFS
  // journals metadata itself, so a failure here is not an error.
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // not supported on this platform
  }
}

/**
 * The ids of jobs already written to a printer, one JSON line each, fsync'd before the job is reported.
 * After a crash or a re-delivery the agent reports a journaled job as printed instead of printing it again.
 * Only the newest `maxEntries` ids are kept: ids are handed out in order, and an old job that was
 * reported printed is final on the server, so it never comes back.
 */
export class Journal {
  private readonly ids = new Set<number>();
  private order: JournalEntry[] = [];
  private handle: FileHandle | null = null;
  private readonly exclusive = serialize();

  private constructor(
    readonly filePath: string,
    private readonly maxEntries: number,
  ) {}

  static async open(filePath: string, options: { maxEntries?: number } = {}): Promise<Journal> {
    const journal = new Journal(filePath, options.maxEntries ?? 5_000);
    await mkdir(path.dirname(filePath), { recursive: true });
    let text = '';
    try {
      text = await readFile(filePath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    for (const line of text.split('\n')) {
      const entry = parseLine(line);
      if (entry && !journal.ids.has(entry.id)) {
        journal.ids.add(entry.id);
        journal.order.push(entry);
      }
    }
    // A torn last line (power cut mid-append) is dropped by rewriting; otherwise just append.
    const torn = text !== '' && !text.endsWith('\n');
    if (torn || journal.order.length > journal.maxEntries) await journal.compact();
    else await journal.openForAppend();
    return journal;
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  get size(): number {
    return this.ids.size;
  }

  /** Appends the job id and waits until it is on disk. */
  record(id: number, printerUri: string, now = new Date()): Promise<void> {
    return this.exclusive(async () => {
      if (this.ids.has(id)) return;
      if (!this.handle) throw new Error('Journal is closed');
      const entry: JournalEntry = { id, printer: printerUri, at: now.toISOString() };
      await this.handle.write(`${JSON.stringify(entry)}\n`);
      await this.handle.sync();
      this.ids.add(id);
      this.order.push(entry);
      if (this.order.length >= this.maxEntries * 2) await this.compact();
    });
  }

  close(): Promise<void> {
    return this.exclusive(async () => {
      await this.handle?.close();
      this.handle = null;
    });
  }

  private async openForAppend(): Promise<void> {
    const existed = await this.exists();
    this.handle = await open(this.filePath, 'a');
    if (!existed) await syncDir(path.dirname(this.filePath));
  }

  private async exists(): Promise<boolean> {
    return stat(this.filePath).then(
      () => true,
      () => false,
    );
  }

  /** Rewrites the file with the newest entries: temp file, fsync, rename, so a crash leaves one whole file. */
  private async compact(): Promise<void> {
    await this.handle?.close();
    this.handle = null;
    const keep = this.order.slice(-this.maxEntries);
    const tmp = `${this.filePath}.tmp`;
    const out = await open(tmp, 'w');
    try {
      await out.write(keep.map((e) => `${JSON.stringify(e)}\n`).join(''));
      await out.sync();
    } finally {
      await out.close();
    }
    await rename(tmp, this.filePath);
    await syncDir(path.dirname(this.filePath));
    this.order = keep;
    this.ids.clear();
    for (const e of keep) this.ids.add(e.id);
    this.handle = await open(this.filePath, 'a');
  }
}

function parseLine(line: string): JournalEntry | null {
  if (line.trim() === '') return null;
  try {
    const value = JSON.parse(line) as Partial<JournalEntry>;
    if (typeof value.id !== 'number' || !Number.isInteger(value.id)) return null;
    return { id: value.id, printer: String(value.printer ?? ''), at: String(value.at ?? '') };
  } catch {
    return null;
  }
}
