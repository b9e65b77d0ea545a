import {
  type AgentJob,
  agentHeartbeatRequestSchema,
  agentJobProgressRequestSchema,
  agentJobSchema,
  agentJobStateRequestSchema,
  agentRegisterRequestSchema,
  agentRegisterResponseSchema,
  PRINT_AGENT_BASE,
} from '@backroom/shared';
import type { z } from 'zod';

export type RegisterRequest = z.infer<typeof agentRegisterRequestSchema>;
export type RegisterResponse = z.infer<typeof agentRegisterResponseSchema>;
export type HeartbeatRequest = z.infer<typeof agentHeartbeatRequestSchema>;
export type JobStateRequest = z.infer<typeof agentJobStateRequestSchema>;

/** A request to Backroom that did not succeed. `retryable`: the same request may work later. */
export class ServerError extends Error {
  override name = 'ServerError';

  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** The token was refused: nothing the agent can fix by retrying. */
export class AuthError extends ServerError {
  override name = 'AuthError';
}

/** A job in a reply that does not match the protocol; reported back as failed rather than left 'sent'. */
export interface RejectedJob {
  id: number;
  message: string;
}

export interface ServerClientOptions {
  serverUrl: string;
  token: string;
  fetch?: typeof fetch;
  /** Limit for every call except the long-poll, which gets its wait on top. */
  requestTimeoutMs?: number;
}

interface RequestOptions {
  body?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** The agent's side of the protocol in `@backroom/shared` (printing/agent-protocol). */
export class ServerClient {
  private readonly fetchFn: typeof fetch;
  private readonly base: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: ServerClientOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.base = `${options.serverUrl.replace(/\/+$/, '')}${PRINT_AGENT_BASE}`;
    this.timeoutMs = options.requestTimeoutMs ?? 15_000;
  }

  async register(body: RegisterRequest, signal?: AbortSignal): Promise<RegisterResponse> {
    const data = await this.request('POST', '/register', {
      body: agentRegisterRequestSchema.parse(body),
      signal,
    });
    const parsed = agentRegisterResponseSchema.safeParse(data[0]);
    if (!parsed.success)
      throw new ServerError('Backroom answered register with an unexpected reply', 200, true);
    return parsed.data;
  }

  async heartbeat(body: HeartbeatRequest, signal?: AbortSignal): Promise<void> {
    await this.request('POST', '/heartbeat', { body: agentHeartbeatRequestSchema.parse(body), signal });
  }

  /** Long-poll: returns as soon as jobs are queued, or [] after `waitSeconds`. */
  async jobs(
    waitSeconds: number,
    signal?: AbortSignal,
  ): Promise<{ jobs: AgentJob[]; rejected: RejectedJob[] }> {
    const data = await this.request('GET', `/jobs?waitSeconds=${waitSeconds}`, {
      timeoutMs: waitSeconds * 1000 + this.timeoutMs,
      signal,
    });
    const jobs: AgentJob[] = [];
    const rejected: RejectedJob[] = [];
    for (const item of data) {
      const parsed = agentJobSchema.safeParse(item);
      if (parsed.success) {
        jobs.push(parsed.data);
        continue;
      }
      const id = (item as { id?: unknown } | null)?.id;
      const issue = parsed.error.issues[0];
      const message = `This print agent cannot read the job (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`;
      if (typeof id === 'number') rejected.push({ id, message });
    }
    return { jobs, rejected };
  }

  /**
   * Reports a job's state. Returns the state Backroom says the job is now in when its reply tells
   * (apps/server answers `{ id, state }`; the protocol does not promise it), else null.
   */
  async reportState(jobId: number, body: JobStateRequest, signal?: AbortSignal): Promise<string | null> {
    const data = await this.request('POST', `/jobs/${jobId}/state`, {
      body: agentJobStateRequestSchema.parse(body),
      signal,
    });
    const state = (data[0] as { state?: unknown } | undefined)?.state;
    return typeof state === 'string' ? state : null;
  }

  /** Tells how many of a batch's labels the printer's counter says are out (the Print Queue shows it). */
  async reportProgress(jobId: number, labelsPrinted: number, signal?: AbortSignal): Promise<void> {
    await this.request('POST', `/jobs/${jobId}/progress`, {
      body: agentJobProgressRequestSchema.parse({ labelsPrinted }),
      signal,
    });
  }

  /** Sends one call and returns the envelope's `data`; throws ServerError for anything else. */
  private async request(method: string, path: string, options: RequestOptions): Promise<unknown[]> {
    const url = `${this.base}${path}`;
    const timeout = AbortSignal.timeout(options.timeoutMs ?? this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await this.fetchFn(url, {
        method,
        headers: {
          authorization: `Bearer ${this.options.token}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
      });
    } catch (err) {
      if (options.signal?.aborted) throw err;
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      const why = timeout.aborted
        ? 'no answer in time'
        : (cause?.code ?? cause?.message ?? (err as Error).message);
      throw new ServerError(`Cannot reach Backroom at ${this.options.serverUrl} (${why})`, null, true);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw new ServerError(`Backroom's answer to ${method} ${path} broke off`, res.status, true);
    }
    const envelope = parseEnvelope(text);
    const message = typeof envelope?.error?.message === 'string' ? envelope.error.message : null;
    if (res.status === 401 || res.status === 403) {
      throw new AuthError(
        `Backroom refused this print agent's token (${res.status}${message ? `: ${message}` : ''}). ` +
          'Create a new token on the print server screen and put it in the config.',
        res.status,
        false,
      );
    }
    if (!res.ok) {
      const retryable = res.status >= 500 || res.status === 408 || res.status === 429;
      throw new ServerError(
        `Backroom answered ${method} ${path} with ${res.status}${message ? `: ${message}` : ''}`,
        res.status,
        retryable,
      );
    }
    if (!envelope || !Array.isArray(envelope.data)) {
      throw new ServerError(
        `Backroom answered ${method} ${path} with something that is not its envelope`,
        res.status,
        true,
      );
    }
    return envelope.data;
  }
}

interface LooseEnvelope {
  code?: unknown;
  data?: unknown;
  error?: { message?: unknown } | null;
}

function parseEnvelope(text: string): LooseEnvelope | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as LooseEnvelope) : null;
  } catch {
    return null;
  }
}
