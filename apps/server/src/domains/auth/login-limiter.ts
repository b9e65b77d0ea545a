/**
 * Slows down password and PIN guessing: after `maxPerUser` failures for one e-mail (or badge), or
 * `maxPerAddress` failures from one address, within the window, logins are refused until the window
 * has passed since the first counted failure. Kept in memory: one server process serves one site.
 */
export interface LoginLimiterOptions {
  maxPerUser: number;
  maxPerAddress: number;
  windowMs: number;
  now?: () => number;
}

interface Bucket {
  failures: number;
  since: number;
}

export class LoginLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly now: () => number;

  constructor(private readonly options: LoginLimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Minutes until another attempt is allowed, or 0 when it is allowed now. */
  retryAfterMinutes(userKey: string, address: string): number {
    const wait = Math.max(
      this.waitMs(`user:${userKey}`, this.options.maxPerUser),
      this.waitMs(`ip:${address}`, this.options.maxPerAddress),
    );
    return wait > 0 ? Math.ceil(wait / 60_000) : 0;
  }

  recordFailure(userKey: string, address: string): void {
    for (const key of [`user:${userKey}`, `ip:${address}`]) {
      const bucket = this.current(key);
      if (bucket) bucket.failures += 1;
      else this.buckets.set(key, { failures: 1, since: this.now() });
    }
  }

  recordSuccess(userKey: string): void {
    this.buckets.delete(`user:${userKey}`);
  }

  private current(key: string): Bucket | undefined {
    const bucket = this.buckets.get(key);
    if (bucket && this.now() - bucket.since >= this.options.windowMs) {
      this.buckets.delete(key);
      return undefined;
    }
    return bucket;
  }

  private waitMs(key: string, max: number): number {
    const bucket = this.current(key);
    if (!bucket || bucket.failures < max) return 0;
    return bucket.since + this.options.windowMs - this.now();
  }
}
