import { type AgentJob, type AgentPrinter, zplAfterLabels } from '@backroom/shared';
import { type BackoffOptions, backoffDelay, DEFAULT_BACKOFF, sleep } from './backoff';
import type { AgentConfig } from './config';
import { Journal } from './journal';
import { labelsInZpl } from './label-counter';
import { type Logger, silentLogger } from './log';
import { errorText, PrintError } from './print-error';
import { createPrinterDriver, type LabelCount, type PrinterDriver } from './printer-driver';
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
  /** How often a printer known to be offline is asked for its status, so its return is noticed at once. */
  probeMs?: number;
  /** After a restart, how long to wait for a printer to finish what it holds before reading its counter. */
  settleWaitMs?: number;
  /** Longest wait between attempts to reach Backroom (the printers' backoff goes on to its own maximum). */
  serverRetryMaxMs?: number;
  /** While a batch prints, how often its printer's label counter is read for the progress count. */
  progressPollMs?: number;
  /** A batch whose counter has not moved for this long is left to the printer (paper out, paused). */
  progressStallMs?: number;
  client?: ServerClient;
}

/** A printer's local queue: jobs wait here, one prints at a time, and an offline printer backs off. */
interface PrinterQueue {
  driver: PrinterDriver;
  jobs: AgentJob[];
  running: boolean;
  failures: number;
  retryAt: number;
  /** Last known reachability: false after a connection failure or an offline status; null before any. */
  online: boolean | null;
  /** Ends the backoff wait of `drainQueue` early (the printer is back). */
  wake: (() => void) | null;
  probing: boolean;
  /** The label counter last read while the printer was idle, and the labels sent since (see counterBefore). */
  baseline: number | null;
  sentSinceBaseline: number;
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
  /** Printers found to have no label counter, told once in the log. */
  private readonly noCounterLogged = new Set<string>();
  private journal: Journal | null = null;
  private registered = false;
  private heartbeating = false;
  private heartbeatMs: number;
  /** Ends the heartbeat loop's wait: a printer's status changed and Backroom should see it now. */
  private heartbeatNow: (() => void) | null = null;
  private heartbeatWanted = false;
  private fatal: Error | null = null;

  constructor(private readonly options: AgentOptions) {
    const { config } = options;
    this.log = options.log ?? silentLogger;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.client = options.client ?? new ServerClient({ serverUrl: config.serverUrl, token: config.token });
    this.heartbeatMs = 20_000;
    for (const printer of config.printers) {
      const driver = createPrinterDriver(printer, { ...config, closeWaitMs: options.closeWaitMs });
      this.queues.set(printer.uri, {
        driver,
        jobs: [],
        running: false,
        failures: 0,
        retryAt: 0,
        online: null,
        wake: null,
        probing: false,
        baseline: null,
        sentSinceBaseline: 0,
      });
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
      [...this.queues.values()].map(async (queue) => {
        const { driver } = queue;
        const status = await driver.status().catch(() => null);
        // null: reachable but no usable answer, which says nothing about a connection.
        if (status) this.seen(queue, status.online);
        if (driver.counterSource === undefined && status?.online !== false)
          await driver.readCounter().catch(() => null);
        const source = driver.counterSource;
        if (source === 'none' && !this.noCounterLogged.has(driver.uri)) {
          this.noCounterLogged.add(driver.uri);
          this.log.warn(
            `${driver.name} gives no label counter: if the agent is killed in the moment after sending a label, ` +
              'that label prints again after the restart',
          );
        }
        return {
          uri: driver.uri,
          name: driver.name,
          status: status && source !== undefined ? { ...status, labelCounter: source !== 'none' } : status,
        };
      }),
    );
  }

  /**
   * Notes whether a printer is reachable, from a status or a print. A change is sent to Backroom at once
   * (the Printers screen is not a heartbeat behind); a printer that went offline is probed until it is
   * back, and then its held jobs print at once instead of after the rest of their backoff.
   */
  private seen(queue: PrinterQueue, online: boolean): void {
    const was = queue.online;
    queue.online = online;
    if (online) {
      if (was === false) {
        this.log.info(`${queue.driver.name} is back online`);
        queue.failures = 0;
        queue.retryAt = 0;
        queue.wake?.();
      }
    } else if (!queue.probing && !this.signal.aborted) {
      this.track(this.probe(queue));
    }
    // Unknown → offline is news too; unknown → online is what Backroom assumes.
    if (was !== online && (was !== null || !online)) this.sendHeartbeatNow();
  }

  private async probe(queue: PrinterQueue): Promise<void> {
    queue.probing = true;
    try {
      while (queue.online === false && !this.signal.aborted) {
        await sleep(this.options.probeMs ?? 1_000, this.signal);
        if (this.signal.aborted || queue.online !== false) break;
        const status = await queue.driver.status().catch(() => null);
        // Reachable, even without a usable ~HS answer: a print can go through.
        if (status === null || status.online) this.seen(queue, true);
      }
    } finally {
      queue.probing = false;
    }
  }

  private sendHeartbeatNow(): void {
    this.heartbeatWanted = true;
    this.heartbeatNow?.();
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
        // Capped low: a Backroom restarting is back in seconds, and one request every few seconds costs nothing.
        const delay = backoffDelay(failures, {
          ...this.backoff,
          maxMs: Math.min(this.backoff.maxMs, this.options.serverRetryMaxMs ?? 5_000),
        });
        this.log.warn(`${errorText(err)}; retrying in ${Math.round(delay / 100) / 10}s`);
        await sleep(delay, this.signal);
      }
    }
  }

  private async heartbeatLoop(): Promise<void> {
    while (!this.signal.aborted) {
      if (!this.heartbeatWanted) {
        const early = new AbortController();
        this.heartbeatNow = () => early.abort();
        await sleep(this.heartbeatMs, AbortSignal.any([this.signal, early.signal]));
        this.heartbeatNow = null;
      }
      this.heartbeatWanted = false;
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
        if (wait > 0) {
          const early = new AbortController();
          queue.wake = () => early.abort();
          await sleep(wait, AbortSignal.any([this.signal, early.signal]));
          queue.wake = null;
        }
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
    let labels = 0;
    let done = 0;
    let total = 1;
    let before: LabelCount | null = null;
    try {
      // What a crash left open on this printer is settled from its counter before anything else prints.
      await this.settlePending(queue);
      if (this.journal?.has(job.id)) {
        this.log.info(`Job ${job.id} was already printed; reporting it without printing again`);
        this.claimReport(job.id, { state: 'printed' });
        return;
      }
      // A batch a crash cut short: only the labels after those the counter saw print go out.
      done = this.journal?.partialDone(job.id) ?? 0;
      total = job.format === 'zpl' ? labelsInZpl(job.content, job.copies) : job.copies;
      let send = job;
      if (done > 0 && job.format === 'zpl') {
        const rest = zplAfterLabels(job.content, job.copies, done);
        if (rest === '') {
          await this.journal?.record(job.id, driver.uri);
          this.claimReport(job.id, { state: 'printed' });
          return;
        }
        this.log.info(
          `Job ${job.id}: ${done} of ${total} labels printed before; printing the other ${total - done}`,
        );
        send = { ...job, content: rest, copies: 1 };
      }
      before = job.format === 'zpl' ? await this.counterBefore(queue) : null;
      if (before && this.journal) {
        labels = labelsInZpl(send.content, send.copies);
        await this.journal.intent({
          id: job.id,
          printer: driver.uri,
          before: before.count,
          labels,
          done,
          source: before.source,
        });
      }
      await driver.print(send);
    } catch (err) {
      const retryable = err instanceof PrintError ? err.retryable : false;
      if (retryable) {
        queue.failures++;
        queue.retryAt = Date.now() + backoffDelay(queue.failures, this.backoff);
        this.seen(queue, false);
      }
      const error = errorText(err);
      this.log.warn(`Job ${job.id} on ${driver.name}: ${error}${retryable ? ' (will retry)' : ''}`);
      // A batch's intent stays: before anything else prints there, the counter settles how far it got.
      this.claimReport(job.id, {
        state: 'failed',
        error,
        retryable,
        ...(done > 0 ? { labelsPrinted: done } : {}),
      });
      return;
    }
    queue.failures = 0;
    queue.retryAt = 0;
    queue.sentSinceBaseline += labels;
    this.seen(queue, true);
    try {
      await this.journal?.record(job.id, driver.uri);
    } catch (err) {
      // Printed but not remembered: still report it, which makes it final and stops any re-delivery.
      this.log.error(`Job ${job.id} printed but the journal could not be written: ${errorText(err)}`);
    }
    // A batch: its progress from the printer's counter until its last label is out, for the Print Queue.
    if (total > 1 && before?.source === 'sgd')
      await this.followBatch(queue, job.id, before.count, done, total);
    this.log.info(`Job ${job.id} printed on ${driver.name}`);
    this.claimReport(job.id, { state: 'printed' });
  }

  /**
   * Reads the counter while a batch prints and reports each new count ('120 of 200 labels'). Ends when every
   * label is out, when the counter stood still for `progressStallMs` (paper out, paused: the printer holds
   * the rest and prints it when it can), or when the counter cannot be read. Progress is only shown, never
   * relied on: the journal already holds the job as sent.
   */
  private async followBatch(
    queue: PrinterQueue,
    id: number,
    counterAtStart: number,
    done: number,
    total: number,
  ): Promise<void> {
    let told = done;
    let movedAt = Date.now();
    while (!this.signal.aborted) {
      const reading = await queue.driver.readCounter().catch(() => null);
      if (!reading) return;
      const now = Math.min(total, done + Math.max(0, reading.count - counterAtStart));
      if (now > told) {
        told = now;
        movedAt = Date.now();
        await this.client.reportProgress(id, now, this.signal).catch((err: unknown) => {
          this.log.debug(`Progress of job ${id}: ${errorText(err)}`);
        });
      }
      if (now >= total || Date.now() - movedAt > (this.options.progressStallMs ?? 15_000)) {
        // Counted while printing: the next job's counter starts from here.
        queue.baseline = reading.idle !== false ? reading.count : queue.baseline;
        if (reading.idle !== false) queue.sentSinceBaseline = 0;
        return;
      }
      await sleep(this.options.progressPollMs ?? 250, this.signal);
    }
  }

  /**
   * The counter this job's intent keeps: what it will read once every label already sent has printed. Read
   * while the printer is idle, that is the reading itself; while it still prints earlier labels, the last
   * idle reading plus the labels sent since (exact for the SGD label count; the odometer counts length,
   * so with it the agent waits for the printer to be idle). Null when the printer has no counter.
   */
  private async counterBefore(queue: PrinterQueue): Promise<LabelCount | null> {
    const reading = await queue.driver.readCounter();
    if (!reading) return null;
    if (reading.idle !== false) {
      queue.baseline = reading.count;
      queue.sentSinceBaseline = 0;
      return reading;
    }
    if (reading.source === 'sgd' && queue.baseline !== null)
      return { ...reading, count: queue.baseline + queue.sentSinceBaseline };
    return this.idleCounter(queue);
  }

  /** The counter once the printer has printed everything it holds (or after `settleWaitMs` anyway). */
  private async idleCounter(queue: PrinterQueue): Promise<LabelCount | null> {
    const until = Date.now() + (this.options.settleWaitMs ?? 60_000);
    for (;;) {
      const reading = await queue.driver.readCounter();
      if (!reading) return null;
      if (reading.idle !== false || Date.now() >= until || this.signal.aborted) {
        if (reading.idle === false)
          this.log.warn(`${queue.driver.name} is still printing; reading its label counter anyway`);
        queue.baseline = reading.count;
        queue.sentSinceBaseline = 0;
        return reading;
      }
      await sleep(200, this.signal);
    }
  }

  /**
   * A job journaled as about to be sent, with no record that it was: the agent stopped in between (a crash,
   * kill -9, a power cut). The printer's counter says what happened: moved by the job's labels → it printed
   * (journaled and reported printed when the job comes); not moved → it did not (printed as usual, or, for a
   * batch resumed before, its rest as planned); moved part of the way → a batch cut short: the labels the
   * counter saw are journaled with the job, and only the rest print when it comes.
   * Without a counter now, the intent is dropped and the job prints again as before this check existed.
   */
  private async settlePending(queue: PrinterQueue): Promise<void> {
    const pending = this.journal?.pendingFor(queue.driver.uri);
    if (!pending || !this.journal) return;
    const reading = await this.idleCounter(queue);
    const moved = reading ? reading.count - pending.before : 0;
    const printed = reading !== null && (pending.source === 'sgd' ? moved >= pending.labels : moved > 0);
    const counter = reading ? ` (label counter ${pending.before} → ${reading.count})` : '';
    if (printed) {
      this.log.info(`Job ${pending.id} reached ${queue.driver.name} before the agent stopped${counter}`);
      await this.journal.record(pending.id, queue.driver.uri);
      return;
    }
    if (reading !== null && moved > 0) {
      const done = pending.done + moved;
      await this.journal.partial(pending.id, queue.driver.uri, done);
      this.log.warn(
        `Job ${pending.id}: ${done} of ${pending.done + pending.labels} labels printed before the agent stopped; the rest print when it comes${counter}`,
      );
      return;
    }
    // Nothing of it moved: a batch resumed before keeps what printed then (the partial line stays).
    await this.journal.discard(pending.id, queue.driver.uri);
    this.log.info(
      `Job ${pending.id} had not reached ${queue.driver.name} before the agent stopped${counter}`,
    );
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
