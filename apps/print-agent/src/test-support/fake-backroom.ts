import http from 'node:http';
import type { Socket } from 'node:net';
import {
  type AgentJob,
  agentHeartbeatRequestSchema,
  agentJobProgressRequestSchema,
  agentJobStateRequestSchema,
  agentJobsQuerySchema,
  agentRegisterRequestSchema,
  fail,
  ok,
  PRINT_AGENT_BASE,
} from '@backroom/shared';
import type { HeartbeatRequest, JobStateRequest, RegisterRequest } from '../server-client';

export interface FakeJob {
  job: AgentJob;
  state: 'queued' | 'sent' | 'printed' | 'failed';
}

/**
 * Backroom's side of the print agent protocol, in memory, on 127.0.0.1. Bodies and queries are checked
 * against the shared zod schemas, so an agent that strays from the protocol gets 400 and the test sees it.
 * Like the real server it hands a 'sent' job out again after the agent registers anew (a reconnect).
 */
export class FakeBackroom {
  readonly token = 'test-token-0123456789';
  readonly registrations: RegisterRequest[] = [];
  readonly heartbeats: HeartbeatRequest[] = [];
  readonly reports: { id: number; body: JobStateRequest }[] = [];
  /** Every progress report of a batch, in order: { id, labelsPrinted }. */
  readonly progress: { id: number; labelsPrinted: number }[] = [];
  readonly jobs = new Map<number, FakeJob>();
  /** Requests the fake refused as not following the protocol. */
  readonly badRequests: string[] = [];
  heartbeatSeconds = 0.05;
  /** The next this-many state reports get 503 (report lost); Infinity refuses all. */
  failReports = 0;
  refusedReports = 0;
  /**
   * Hand out 'sent' jobs again on every poll, not only after a reconnect, as apps/server's
   * takeJobsForServer does: the long-poll then answers at once while the agent still holds a job.
   */
  handOutSentOnEveryPoll = false;
  /** Answer state reports with `data: []` (all the protocol promises) instead of apps/server's `{ id, state }`. */
  bareReportReplies = false;
  /** Like apps/server's MAX_ATTEMPTS: a retryable failure after this many hand-outs fails for good. */
  maxAttempts = Number.POSITIVE_INFINITY;
  /** Delays taking a state report in, as a slow database would: the job stays 'sent' meanwhile. */
  reportProcessingDelayMs = 0;
  /** Delays the answer to a state report after the requeue woke the long-poll, as a busy server might. */
  reportReplyDelayMs = 0;
  jobPolls = 0;
  port = 0;
  private server: http.Server | null = null;
  private nextJobId = 100;
  private readonly printerIds = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private readonly pollSockets = new Set<Socket>();

  static async start(port = 0): Promise<FakeBackroom> {
    const fake = new FakeBackroom();
    fake.port = port;
    await fake.listen();
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    const server = http.createServer((req, res) => {
      void this.handle(req, res).catch((err: unknown) => this.send(res, 500, fail(500, String(err))));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: this.port }, () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.wake();
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Breaks every open long-poll as a flaky network would. */
  dropPolls(): void {
    for (const socket of this.pollSockets) socket.destroy();
  }

  enqueue(job: Partial<AgentJob> & Pick<AgentJob, 'printerUri' | 'content'>): AgentJob {
    const full: AgentJob = {
      id: this.nextJobId++,
      printerId: this.printerIds.get(job.printerUri) ?? 1,
      format: 'zpl',
      copies: 1,
      attempts: 0,
      ...job,
    };
    this.jobs.set(full.id, { job: full, state: 'queued' });
    this.wake();
    return full;
  }

  stateOf(id: number): FakeJob['state'] | undefined {
    return this.jobs.get(id)?.state;
  }

  reportsFor(id: number): JobStateRequest[] {
    return this.reports.filter((r) => r.id === id).map((r) => r.body);
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private send(res: http.ServerResponse, status: number, body: unknown): void {
    if (res.headersSent) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private async body(req: http.IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text === '' ? undefined : JSON.parse(text);
  }

  private bad(res: http.ServerResponse, what: string, issues: unknown): void {
    this.badRequests.push(`${what}: ${JSON.stringify(issues)}`);
    this.send(res, 400, fail(400, `Invalid ${what}`));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    if (!url.pathname.startsWith(PRINT_AGENT_BASE)) return this.send(res, 404, fail(404, 'Not found'));
    if (req.headers.authorization !== `Bearer ${this.token}`) {
      return this.send(res, 401, fail(401, 'Unknown print agent token'));
    }
    const route = `${req.method} ${url.pathname.slice(PRINT_AGENT_BASE.length)}`;

    if (route === 'POST /register') {
      const parsed = agentRegisterRequestSchema.safeParse(await this.body(req));
      if (!parsed.success) return this.bad(res, 'register', parsed.error.issues);
      this.registrations.push(parsed.data);
      for (const p of parsed.data.printers) {
        if (!this.printerIds.has(p.uri)) this.printerIds.set(p.uri, this.printerIds.size + 1);
      }
      // A reconnect: whatever was handed out and not reported goes out again.
      for (const j of this.jobs.values()) if (j.state === 'sent') j.state = 'queued';
      const printers = parsed.data.printers.map((p) => ({ id: this.printerIds.get(p.uri) ?? 0, uri: p.uri }));
      return this.send(res, 200, ok({ serverId: 7, printers, heartbeatSeconds: this.heartbeatSeconds }));
    }

    if (route === 'POST /heartbeat') {
      const parsed = agentHeartbeatRequestSchema.safeParse(await this.body(req));
      if (!parsed.success) return this.bad(res, 'heartbeat', parsed.error.issues);
      this.heartbeats.push(parsed.data);
      return this.send(res, 200, ok([]));
    }

    if (route === 'GET /jobs') {
      const parsed = agentJobsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!parsed.success) return this.bad(res, 'jobs query', parsed.error.issues);
      this.jobPolls++;
      const jobs = await this.takeJobs(parsed.data.waitSeconds, req.socket);
      return this.send(res, 200, ok(jobs));
    }

    const progress = /^POST \/jobs\/(\d+)\/progress$/.exec(route);
    if (progress) {
      const parsed = agentJobProgressRequestSchema.safeParse(await this.body(req));
      if (!parsed.success) return this.bad(res, 'job progress', parsed.error.issues);
      const id = Number(progress[1]);
      const entry = this.jobs.get(id);
      if (!entry) return this.send(res, 404, fail(404, `Print job ${id} not found`));
      this.progress.push({ id, labelsPrinted: parsed.data.labelsPrinted });
      const labels = entry.job.labels ?? 1;
      return this.send(
        res,
        200,
        ok({ id, state: entry.state, labels, labelsPrinted: Math.min(labels, parsed.data.labelsPrinted) }),
      );
    }

    const state = /^POST \/jobs\/(\d+)\/state$/.exec(route);
    if (state) {
      const parsed = agentJobStateRequestSchema.safeParse(await this.body(req));
      if (!parsed.success) return this.bad(res, 'job state', parsed.error.issues);
      const id = Number(state[1]);
      const entry = this.jobs.get(id);
      if (!entry) return this.send(res, 404, fail(404, `Print job ${id} not found`));
      if (this.failReports > 0) {
        this.failReports--;
        this.refusedReports++;
        return this.send(res, 503, fail(503, 'Backroom is restarting'));
      }
      if (this.reportProcessingDelayMs > 0)
        await new Promise((r) => setTimeout(r, this.reportProcessingDelayMs));
      this.reports.push({ id, body: parsed.data });
      if (entry.state !== 'printed') {
        if (parsed.data.state === 'printed') entry.state = 'printed';
        else
          entry.state = parsed.data.retryable && entry.job.attempts < this.maxAttempts ? 'queued' : 'failed';
      }
      if (entry.state === 'queued') this.wake();
      if (this.reportReplyDelayMs > 0) await new Promise((r) => setTimeout(r, this.reportReplyDelayMs));
      return this.send(res, 200, this.bareReportReplies ? ok([]) : ok({ id, state: entry.state }));
    }

    this.send(res, 404, fail(404, 'Not found'));
  }

  /** Long-poll: queued jobs at once, else wait until some are queued or `waitSeconds` pass. */
  private async takeJobs(waitSeconds: number, socket: Socket): Promise<AgentJob[]> {
    const queued = () =>
      [...this.jobs.values()].filter(
        (j) => j.state === 'queued' || (this.handOutSentOnEveryPoll && j.state === 'sent'),
      );
    if (queued().length === 0 && waitSeconds > 0) {
      this.pollSockets.add(socket);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.waiters.delete(done);
          socket.off('close', done);
          resolve();
        };
        const timer = setTimeout(done, waitSeconds * 1000);
        this.waiters.add(done);
        socket.once('close', done);
      });
      this.pollSockets.delete(socket);
      if (socket.destroyed || !this.server) return [];
    }
    return queued().map((j) => {
      j.state = 'sent';
      const handedOut = { ...j.job };
      j.job = { ...j.job, attempts: j.job.attempts + 1 };
      return handedOut;
    });
  }
}
