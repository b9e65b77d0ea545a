import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { type Label, renderPng } from './labels';
import { claimBuiltinJobs, expireOldJobs, reportJob } from './print-queue';

/** Where the print queue's background work reports what it did. */
export interface PrintQueueLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The print server that ships with Backroom: its printers write each job's ZPL (or PDF) and a PNG preview
 * under {dataDir}/prints/{accountId}/, so printing works on a laptop with no printer at all. It drains the
 * queue whenever jobs arrive (queued through any server process), and once a second in case a wake-up was
 * missed. Each drain also expires old jobs.
 *
 * When several server processes share one database, one of them at a time does this work (an advisory
 * lock, `events.runExclusive`); the others skip their turn. Each job is claimed before it is printed, so
 * even two drains at once never print a job twice.
 */
export class BuiltinPrintServer {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly printsDir: string,
    private readonly log?: PrintQueueLog,
  ) {}

  start(): void {
    this.unsubscribe = this.deps.printSignals.onAny(() => void this.drain());
    this.timer = setInterval(() => void this.drain(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running;
  }

  /**
   * Prints everything queued for built-in printers, unless another process is doing it; concurrent calls
   * share one run, and a call during a run makes it look once more.
   */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.again = false;
    this.running = this.deps.events
      .runExclusive('printQueue', async () => {
        do {
          this.again = false;
          await this.expire();
          while (!this.stopped && (await this.printBatch())) {
            // keep going until the queue is empty
          }
        } while (this.again && !this.stopped);
      })
      .then(
        () => {},
        (error: unknown) =>
          this.log?.warn({ err: error }, 'the built-in print server failed; it tries again'),
      )
      .finally(() => {
        this.running = null;
        // A wake-up that came after the last look (while the lock was taken or let go): look again.
        if (this.again && !this.stopped) void this.drain();
      });
    return this.running;
  }

  private async expire(): Promise<void> {
    const expired = await expireOldJobs(this.deps);
    if (expired.length > 0) {
      this.log?.info({ printJobIds: expired.map((job) => job.id) }, 'print jobs expired unprinted');
    }
  }

  private async printBatch(): Promise<boolean> {
    const jobs = await claimBuiltinJobs(this.deps);
    for (const job of jobs) {
      try {
        const folder = path.join(this.printsDir, String(job.accountId));
        await mkdir(folder, { recursive: true });
        const base = path.join(folder, String(job.id));
        await writeFile(
          `${base}.${job.format}`,
          job.format === 'pdf' ? Buffer.from(job.content, 'base64') : job.content,
        );
        let previewPath: string | null = null;
        if (job.label) {
          previewPath = `${base}.png`;
          await writeFile(previewPath, await renderPng(job.label as Label));
        }
        await reportJob(this.deps, job.serverId, job.id, { state: 'printed', previewPath });
      } catch (error) {
        await reportJob(this.deps, job.serverId, job.id, {
          state: 'failed',
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return jobs.length > 0;
  }
}
