import type { AgentJob, AgentPrinter } from '@backroom/shared';
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF, sleep } from './backoff';
import type { AgentConfig } from './config';
import { Journal } from './journal';
import { type Logger, silentLogger } from './log';
import { errorText, PrintError } from './print-error';
import { createPrinterDriver, type PrinterDriver } from './printer-driver';
import { normalizePrinterUri } from './printer-uri';
import { AuthError, type JobStateRequest, ServerClient, ServerError } from './server-client';

export const AGENT_VERSION = '0.1.0';

export interface AgentOptions {
  config: AgentConfig;
  log?: Logger;
  backoff?: BackoffOptions;
  /** Floor for the server's heartbeat interval; tests lower it. */
  minHeartbeatMs?: number;
  /** TCP: after the last byte, how long to wait for the printer to close. */
  closeWaitMs?: number;
  /** Pause before the next poll when one brought only jobs already held here (see pollLoop). */
  repollDelayMs?: number;
  client?: ServerClient;
}

/** A printer's local queue: jobs wait here, one prints at a time, and an offline printer backs off. */
interface PrinterQueue {
  driver: PrinterDriver;
  jobs: AgentJob[];
  running: boolean;
  failures: number;
  retryAt: number;
}

/**
 * Registers with Backroom, heartbeats, long-polls for jobs and prints each one exactly once at the printer:
 * a job id is journaled (fsync'd) after its bytes went out and before 'printed' is reported, and a
 * journaled job that comes back (re-delivery, restart) is reported as printed without printing again.
 */
export class PrintAgent {
  private readonly log: Logger;
  private readonly client: ServerClient;
  private readonly backoff: BackoffOptions;
  private readonly queues = new Map<string, PrinterQueue>();
  private readonly controller = new AbortController();
  private readonly tasks = new Set<Promise<void>>();
  /** Job ids held here (queued, printing or being reported); a second delivery waits in `redelivered`. */
  private readonly active = new Set<number>();
  private readonly redelivered = new Map<number, AgentJob>();
  private journal: Journal | null = null;
  private registered = false;
  private heartbeating = false;
  private heartbeatMs: number;
  private fatal: Error | null = null;

  constructor(private readonly options: AgentOptions) {
    const { config } = options;
    this.log = options.log ?? silentLogger;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.client = options.client ?? new ServerClient({ serverUrl: config.serverUrl, token: config.token });
    this.heartbeatMs = 20_000;
    for (const printer of config.printers) {
      const driver = createPrinterDriver(printer, { ...config, closeWaitMs: options.closeWaitMs });
      this.queues.set(printer.uri, { driver, jobs: [], running: false, failures: 0, retryAt: 0 });
    }
  }

  private get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Runs until `stop()`; rejects when the agent cannot go on (token refused, journal unusable). */
  async run(): Promise<void> {
    this.journal = await Journal.open(this.options.config.journalPath);
    this.log.info(`Journal ${this.journal.filePath}: ${this.journal.size} printed job(s) remembered`);
    try {
      await this.pollLoop();
    } finally {
      this.controller.abort();
      // Let a print in progress finish and journal; reports that were cut short are redone after restart.
      while (this.tasks.size > 0) await Promise.allSettled([...this.tasks]);
      await this.journal.close();
    }
    if (this.fatal) throw this.fatal;
  }

  stop(): void {
    this.controller.abort();
  }

  private failHard(err: Error): void {
    this.fatal ??= err;
    this.log.error(err.message);
    this.controller.abort();
  }

  private track(work: Promise<void>): void {
    const task = work.catch((err: unknown) => this.log.error(`Unexpected: ${errorText(err)}`));
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
  }

  private async printers(): Promise<AgentPrinter[]> {
    return Promise.all(
      [...this.queues.values()].map(async ({ driver }) => ({
        uri: driver.uri,
        name: driver.name,
        status: await driver.status().catch(() => null),
      })),
    );
  }

  private async register(): Promise<void> {
    const { config } = this.options;
    const reply = await this.client.register(
      {
        agentVersion: AGENT_VERSION,
        hostname: config.hostname.slice(0, 120),
        printers: await this.printers(),
      },
      this.signal,
    );
    this.heartbeatMs = Math.min(
      300_000,
      Math.max(this.options.minHeartbeatMs ?? 1_000, reply.heartbeatSeconds * 1000),
    );
    this.registered = true;
    if (!this.heartbeating) {
      this.heartbeating = true;
      this.track(this.heartbeatLoop());
    }
    const known = new Set(reply.printers.map((p) => p.uri));
    const missing = [...this.queues.keys()].filter((uri) => !known.has(uri));
    this.log.info(
      `Registered with Backroom as print server ${reply.serverId}: ${reply.printers.length} printer(s)` +
        (missing.length > 0 ? `; not taken by the server: ${missing.join(', ')}` : ''),
    );
  }

  private async pollLoop(): Promise<void> {
    let failures = 0;
    while (!this.signal.aborted) {
      try {
        if (!this.registered) await this.register();
        const { jobs, rejected } = await this.client.jobs(this.options.config.pollWaitSeconds, this.signal);
        if (failures > 0) this.log.info('Connection to Backroom is back');
        failures = 0;
        let fresh = 0;
        for (const bad of rejected) {
          if (this.active.has(bad.id)) continue;
          fresh++;
          this.log.warn(`Job ${bad.id}: ${bad.message}`);
          this.claim(bad.id, { state: 'failed', error: bad.message, retryable: false });
        }
        for (const job of jobs) if (this.dispatch(job)) fresh++;
        // A server that hands out unreported jobs on every poll answers at once while we still hold
        // them (printing, backing off): without a pause that would be a busy loop.
        if (jobs.length + rejected.length > 0 && fresh === 0)
          await sleep(this.options.repollDelayMs ?? 1_000, this.signal);
      } catch (err) {
        if (this.signal.aborted) break;
        if (err instanceof AuthError) return this.failHard(err);
        failures++;
        // After any break Backroom hands out unreported jobs again on register: reconnect through it.
        this.registered = false;
        const delay = backoffDelay(failures, this.backoff);
        this.log.warn(`${errorText(err)}; retrying in ${Math.round(delay / 100) / 10}s`);
        await sleep(delay, this.signal);
      }
    }
  }

  private async heartbeatLoop(): Promise<void> {
    while (!this.signal.aborted) {
      await sleep(this.heartbeatMs, this.signal);
      if (this.signal.aborted || !this.registered) continue;
      try {
        await this.client.heartbeat({ printers: await this.printers() }, this.signal);
      } catch (err) {
        if (this.signal.aborted) break;
        if (err instanceof AuthError) return this.failHard(err);
        this.log.warn(`Heartbeat: ${errorText(err)}`);
      }
    }
  }

  /**
   * Holds `id` while its state is reported. A delivery of the same id meanwhile is kept, and replayed only
   * when Backroom requeued the job (its requeue can outrun our report's answer); after any other outcome
   * the job is final there (printed, or failed for good) and a copy handed out before that is stale.
   */
  private claim(id: number, body: JobStateRequest): void {
    this.active.add(id);
    this.track(
      this.report(id, body).then((outcome) => {
        this.active.delete(id);
        const again = this.redelivered.get(id);
        this.redelivered.delete(id);
        const requeued =
          outcome.taken &&
          body.state === 'failed' &&
          body.retryable === true &&
          (outcome.state === null || outcome.state === 'queued');
        if (again && requeued && !this.signal.aborted) this.dispatch(again);
      }),
    );
  }

  /** Takes a delivered job; false when it is one already held here. */
  private dispatch(job: AgentJob): boolean {
    if (this.active.has(job.id)) {
      // Handed out again while still ours (a reconnect, or the requeue racing our own report).
      this.redelivered.set(job.id, job);
      return false;
    }
    if (job.attempts > 0) this.log.info(`Job ${job.id} handed out again (attempt ${job.attempts + 1})`);
    if (this.journal?.has(job.id)) {
      this.log.info(`Job ${job.id} was already printed; reporting it without printing again`);
      this.claim(job.id, { state: 'printed' });
      return true;
    }
    const queue = this.queues.get(safeNormalize(job.printerUri));
    if (!queue) {
      const error = `No printer ${job.printerUri} on the print agent at ${this.options.config.hostname}`;
      this.log.warn(`Job ${job.id}: ${error}`);
      this.claim(job.id, { state: 'failed', error, retryable: false });
      return true;
    }
    this.active.add(job.id);
    queue.jobs.push(job);
    if (!queue.running) this.track(this.drainQueue(queue));
    return true;
  }

  private async drainQueue(queue: PrinterQueue): Promise<void> {
    queue.running = true;
    try {
      while (queue.jobs.length > 0 && !this.signal.aborted) {
        const wait = queue.retryAt - Date.now();
        if (wait > 0) await sleep(wait, this.signal);
        if (this.signal.aborted) break;
        const job = queue.jobs.shift();
        if (job) await this.printOne(queue, job);
      }
    } finally {
      queue.running = false;
      // Stopping: jobs not yet printed stay 'sent' on the server, which hands them out after reconnect.
      for (const job of queue.jobs.splice(0)) this.active.delete(job.id);
    }
  }

  private async printOne(queue: PrinterQueue, job: AgentJob): Promise<void> {
    const { driver } = queue;
    try {
      await driver.print(job);
    } catch (err) {
      const retryable = err instanceof PrintError ? err.retryable : false;
      if (retryable) {
        queue.failures++;
        queue.retryAt = Date.now() + backoffDelay(queue.failures, this.backoff);
      }
      const error = errorText(err);
      this.log.warn(`Job ${job.id} on ${driver.name}: ${error}${retryable ? ' (will retry)' : ''}`);
      this.claimReport(job.id, { state: 'failed', error, retryable });
      return;
    }
    queue.failures = 0;
    queue.retryAt = 0;
    try {
      await this.journal?.record(job.id, driver.uri);
    } catch (err) {
      // Printed but not remembered: still report it, which makes it final and stops any re-delivery.
      this.log.error(`Job ${job.id} printed but the journal could not be written: ${errorText(err)}`);
    }
    this.log.info(`Job ${job.id} printed on ${driver.name}`);
    this.claimReport(job.id, { state: 'printed' });
  }

  /** The job is already held by its queue: report in the background, then let the id go. */
  private claimReport(id: number, body: JobStateRequest): void {
    this.active.delete(id);
    this.claim(id, body);
  }

  /** Tells Backroom what became of a job, retrying with backoff until it is taken or the agent stops. */
  private async report(id: number, body: JobStateRequest): Promise<{ taken: boolean; state: string | null }> {
    for (let attempt = 1; !this.signal.aborted; attempt++) {
      try {
        const state = await this.client.reportState(id, body, this.signal);
        if (body.state === 'failed' && body.retryable && state !== null && state !== 'queued') {
          this.log.warn(
            `Backroom gave up on job ${id} (now ${state}); it will not be printed unless retried`,
          );
        }
        return { taken: true, state };
      } catch (err) {
        if (this.signal.aborted) break;
        if (err instanceof AuthError) {
          this.failHard(err);
          break;
        }
        if (err instanceof ServerError && !err.retryable) {
          this.log.warn(`Backroom did not take the '${body.state}' report for job ${id}: ${err.message}`);
          break;
        }
        await sleep(backoffDelay(attempt, this.backoff), this.signal);
      }
    }
    return { taken: false, state: null };
  }
}

function safeNormalize(uri: string): string {
  try {
    return normalizePrinterUri(uri);
  } catch {
    return uri;
  }
}
