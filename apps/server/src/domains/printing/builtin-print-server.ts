import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { printJobs, printServers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { type Label, renderPng } from './labels';
import { expireOldJobs, reportJob } from './print-queue';

/**
 * The print server that ships with Backroom: its printers write each job's ZPL (or PDF) and a PNG preview
 * under {dataDir}/prints/{accountId}/, so printing works on a laptop with no printer at all. It drains the
 * queue whenever jobs arrive, and once a second in case a wake-up was missed.
 */
export class BuiltinPrintServer {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly printsDir: string,
  ) {}

  start(): void {
    this.unsubscribe = this.deps.printSignals.onAny(() => void this.drain());
    this.timer = setInterval(() => void this.drain(), 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running;
  }

  /** Prints everything queued for built-in printers; concurrent calls share one run. */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await expireOldJobs(this.deps);
          while (await this.printBatch()) {
            // keep going until the queue is empty
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  private async printBatch(): Promise<boolean> {
    const jobs = await this.deps.db
      .select({ job: printJobs })
      .from(printJobs)
      .innerJoin(printServers, eq(printServers.id, printJobs.serverId))
      .where(and(eq(printServers.kind, 'builtin'), eq(printJobs.state, 'queued')))
      .orderBy(printJobs.id)
      .limit(25);
    for (const { job } of jobs) {
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
