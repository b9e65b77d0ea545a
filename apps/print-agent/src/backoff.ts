export interface BackoffOptions {
  /** First delay. */
  baseMs: number;
  /** No delay is ever longer than this. */
  maxMs: number;
  /** 0..1: how much of each delay is randomised so many agents do not retry in step. */
  jitter?: number;
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 60_000, jitter: 0.2 };

/** Delay before retry number `attempt` (1 = first retry): base·2^(attempt-1), capped at maxMs. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const n = Math.max(1, Math.floor(attempt));
  // Cap the exponent so 2^n never overflows into Infinity for long outages.
  const exp = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(n - 1, 30));
  const jitter = Math.min(1, Math.max(0, options.jitter ?? 0));
  const random = options.random ?? Math.random;
  const delay = exp * (1 - jitter * random());
  return Math.max(0, Math.min(options.maxMs, Math.round(delay)));
}

/** Sleeps `ms`, waking early (without throwing) when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
