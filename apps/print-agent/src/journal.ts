import { type FileHandle, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { serialize } from './serialize';

/** One line of the journal file: a job written to its printer. */
interface JournalEntry {
  id: number;
  printer: string;
  at: string;
}

/**
 * A job about to be sent, with the printer's label counter just before (see label-counter.ts): if the agent
 * dies before the job is recorded as printed, the counter after the restart tells whether it went out.
 */
export interface Intent {
  id: number;
  printer: string;
  /** The counter as it will stand once every label sent before this job has printed. */
  before: number;
  /** Labels this send makes: the job's, or what a batch still owed after a crash cut it short. */
  labels: number;
  /** Labels of the job that printed before this send (a batch resumed after a crash); 0 for a whole job. */
  done: number;
  source: 'sgd' | 'hqod';
  at: string;
}

type Line =
  | ({ type: 'printed' } & JournalEntry)
  | ({ type: 'intent' } & Intent)
  | { type: 'void'; id: number; printer: string }
  /** A batch the agent stopped in the middle of: its first `done` labels printed; settles its intent. */
  | { type: 'partial'; id: number; printer: string; done: number };

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
 * Before a job is sent, an intent line keeps the printer's label counter; an intent with no printed line
 * after it (the agent died in between) stays pending for its printer until the agent settles it from the
 * counter: printed (`record`) or not (`discard`). One printer prints one job at a time, so each printer has
 * at most one pending intent.
 * Only the newest `maxEntries` ids are kept: ids are handed out in order, and an old job that was
 * reported printed is final on the server, so it never comes back.
 */
export class Journal {
  private readonly ids = new Set<number>();
  private order: JournalEntry[] = [];
  private readonly pending = new Map<string, Intent>();
  /** Batches cut short: job id → labels of it that printed (the rest print when the job comes again). */
  private readonly partials = new Map<number, { printer: string; done: number }>();
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
      if (!entry) continue;
      if (entry.type === 'intent') {
        const { type: _, ...intent } = entry;
        journal.pending.set(intent.printer, intent);
        continue;
      }
      if (journal.pending.get(entry.printer)?.id === entry.id) journal.pending.delete(entry.printer);
      if (entry.type === 'partial') {
        journal.partials.set(entry.id, { printer: entry.printer, done: entry.done });
        continue;
      }
      if (entry.type === 'printed') journal.partials.delete(entry.id);
      if (entry.type === 'printed' && !journal.ids.has(entry.id)) {
        const { type: _, ...printed } = entry;
        journal.ids.add(printed.id);
        journal.order.push(printed);
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

  /** The intent on this printer that was neither recorded nor discarded: the agent died in between. */
  pendingFor(printerUri: string): Intent | undefined {
    return this.pending.get(printerUri);
  }

  /** Every pending intent, one per printer at most. */
  pendingIntents(): Intent[] {
    return [...this.pending.values()];
  }

  /** How many labels of this batch printed before the agent stopped in its middle; 0 when none did. */
  partialDone(id: number): number {
    return this.partials.get(id)?.done ?? 0;
  }

  /**
   * The pending intent on this printer printed `done` of its job's labels, not all: one line (written whole
   * or not at all) settles the intent and keeps the count, so the rest, and only the rest, prints later.
   */
  partial(id: number, printerUri: string, done: number): Promise<void> {
    return this.exclusive(async () => {
      await this.append({ type: 'partial', id, printer: printerUri, done });
      if (this.pending.get(printerUri)?.id === id) this.pending.delete(printerUri);
      this.partials.set(id, { printer: printerUri, done });
    });
  }

  /** Appends the intent to send a job and waits until it is on disk. */
  intent(intent: Omit<Intent, 'at' | 'done'> & { done?: number }, now = new Date()): Promise<void> {
    return this.exclusive(async () => {
      const entry: Intent = { ...intent, done: intent.done ?? 0, at: now.toISOString() };
      await this.append({ type: 'intent', ...entry });
      this.pending.set(entry.printer, entry);
    });
  }

  /** The pending intent did not print: forget it (the job is printed as any other when it comes). */
  discard(id: number, printerUri: string): Promise<void> {
    return this.exclusive(async () => {
      if (this.pending.get(printerUri)?.id !== id) return;
      await this.append({ type: 'void', id, printer: printerUri });
      this.pending.delete(printerUri);
    });
  }

  /** Appends the job id and waits until it is on disk. */
  record(id: number, printerUri: string, now = new Date()): Promise<void> {
    return this.exclusive(async () => {
      if (this.pending.get(printerUri)?.id === id) this.pending.delete(printerUri);
      if (this.ids.has(id)) return;
      this.partials.delete(id);
      const entry: JournalEntry = { id, printer: printerUri, at: now.toISOString() };
      await this.append({ type: 'printed', ...entry });
      this.ids.add(id);
      this.order.push(entry);
      if (this.order.length >= this.maxEntries * 2) await this.compact();
    });
  }

  private async append(line: Line): Promise<void> {
    if (!this.handle) throw new Error('Journal is closed');
    await this.handle.write(`${formatLine(line)}\n`);
    await this.handle.sync();
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
    const lines: Line[] = [
      ...keep.map((e) => ({ type: 'printed' as const, ...e })),
      ...[...this.partials].map(([id, p]) => ({ type: 'partial' as const, id, ...p })),
      ...[...this.pending.values()].map((i) => ({ type: 'intent' as const, ...i })),
    ];
    const tmp = `${this.filePath}.tmp`;
    const out = await open(tmp, 'w');
    try {
      await out.write(lines.map((line) => `${formatLine(line)}\n`).join(''));
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

/** Printed lines keep the first version's shape ({ id, printer, at }); the others name their type. */
function formatLine(line: Line): string {
  if (line.type === 'printed') {
    const { type: _, ...entry } = line;
    return JSON.stringify(entry);
  }
  return JSON.stringify(line);
}

function parseLine(line: string): Line | null {
  if (line.trim() === '') return null;
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (typeof value.id !== 'number' || !Number.isInteger(value.id)) return null;
    const printer = String(value.printer ?? '');
    if (value.type === 'void') return { type: 'void', id: value.id, printer };
    if (value.type === 'partial') {
      if (typeof value.done !== 'number') return null;
      return { type: 'partial', id: value.id, printer, done: value.done };
    }
    if (value.type === 'intent') {
      if (typeof value.before !== 'number' || typeof value.labels !== 'number') return null;
      return {
        type: 'intent',
        id: value.id,
        printer,
        before: value.before,
        labels: value.labels,
        done: typeof value.done === 'number' ? value.done : 0,
        source: value.source === 'hqod' ? 'hqod' : 'sgd',
        at: String(value.at ?? ''),
      };
    }
    return { type: 'printed', id: value.id, printer, at: String(value.at ?? '') };
  } catch {
    return null;
  }
}
