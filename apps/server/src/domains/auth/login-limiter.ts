import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginThrottles } from '../../db/schema';

/**
 * Slows password, PIN and badge guessing without handing anyone a way to lock a user out.
 *
 * - `pair:{who}|{address}`: one address guessing one user. After `pairFree` failures it waits, 1 minute
 *   doubling to `maxWaitMs`. Only that address is held back; the user signs in from anywhere else.
 * - `address:{address}`: one address spraying many users, held back the same way after `addressFree`.
 * - `user:{who}`: everybody guessing one user. Past `userFree` failures an attempt from a device the user
 *   has not signed in on before must wait a few seconds after the last failure (doubling to `userMaxWaitMs`):
 *   it slows a distributed guesser to a crawl, but it never locks, and a device the user signed in on before
 *   (known-device cookie) is not held back at all.
 *
 * Counters live in the database, so every server process and a restart see the same counts. A counter
 * forgets its failures `windowMs` after the first of them.
 */
export interface LoginLimiterOptions {
  pairFree: number;
  addressFree: number;
  userFree: number;
  windowMs: number;
  maxWaitMs: number;
  userMaxWaitMs: number;
}

export const LOGIN_LIMITS: LoginLimiterOptions = {
  pairFree: 5,
  addressFree: 30,
  userFree: 10,
  windowMs: 15 * 60_000,
  maxWaitMs: 15 * 60_000,
  userMaxWaitMs: 30_000,
};

export interface LoginAttempt {
  /** The lower-cased e-mail, or `badge:{userId}`. */
  who: string;
  address: string;
  /** The device has signed in as this user before: the per-user slow-down does not apply. */
  knownDevice: boolean;
}

interface Counter {
  failures: number;
  /** Milliseconds since the last failure. */
  sinceLastMs: number;
}

export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly options: LoginLimiterOptions = LOGIN_LIMITS,
  ) {}

  private keys(attempt: LoginAttempt) {
    return {
      pair: `pair:${attempt.who}|${attempt.address}`,
      address: `address:${attempt.address}`,
      user: `user:${attempt.who}`,
    };
  }

  /** How long this attempt must wait, in ms (0: go ahead), and whether it is the per-user slow-down. */
  async waitMs(attempt: LoginAttempt): Promise<{ ms: number; perUser: boolean }> {
    const keys = this.keys(attempt);
    // Ages are measured by the database's clock, the one every server shares.
    const result = await this.db.execute(sql`
      select key, failures,
             (extract(epoch from clock_timestamp() - window_started_at) * 1000)::float8 as "windowAgeMs",
             (extract(epoch from clock_timestamp() - last_failure_at) * 1000)::float8 as "sinceLastMs"
      from login_throttles where key in (${sql.join(Object.values(keys), sql`, `)})`);
    const rows = (result as unknown as { rows: (Counter & { key: string; windowAgeMs: number })[] }).rows;
    const live = (key: string): Counter | undefined => {
      const row = rows.find((r) => r.key === key);
      return row && Number(row.windowAgeMs) < this.options.windowMs ? row : undefined;
    };
    const o = this.options;
    const held = Math.max(
      backoffLeft(live(keys.pair), o.pairFree, 60_000, o.maxWaitMs),
      backoffLeft(live(keys.address), o.addressFree, 60_000, o.maxWaitMs),
    );
    if (held > 0) return { ms: held, perUser: false };
    if (attempt.knownDevice) return { ms: 0, perUser: false };
    const slowed = backoffLeft(live(keys.user), o.userFree, 2_000, o.userMaxWaitMs);
    return { ms: slowed, perUser: slowed > 0 };
  }

  /** Counts a failure on every key of the attempt, atomically (concurrent failures all count). */
  async recordFailure(attempt: LoginAttempt): Promise<void> {
    const windowSeconds = this.options.windowMs / 1000;
    const values = Object.values(this.keys(attempt)).map(
      (key) => sql`(${key}, 1, clock_timestamp(), clock_timestamp())`,
    );
    await this.db.execute(sql`
      insert into login_throttles (key, failures, window_started_at, last_failure_at)
      values ${sql.join(values, sql`, `)}
      on conflict (key) do update set
        failures = case when login_throttles.window_started_at < clock_timestamp() - make_interval(secs => ${windowSeconds})
                        then 1 else login_throttles.failures + 1 end,
        window_started_at = case when login_throttles.window_started_at < clock_timestamp() - make_interval(secs => ${windowSeconds})
                        then clock_timestamp() else login_throttles.window_started_at end,
        last_failure_at = clock_timestamp()`);
  }

  /** A right answer from this address forgets this address's failures for the user (not the user's own). */
  async recordSuccess(attempt: LoginAttempt): Promise<void> {
    await this.db.delete(loginThrottles).where(eq(loginThrottles.key, this.keys(attempt).pair));
  }

  /** Drops counters whose window has passed: called at start-up, keeps the table small. */
  async deleteExpired(): Promise<void> {
    await this.db.execute(
      sql`delete from login_throttles where window_started_at < clock_timestamp() - make_interval(secs => ${this.options.windowMs / 1000})`,
    );
  }
}

/**
 * Past `free` failures, the wait after the last failure doubles with every further failure, from `firstMs`
 * up to `maxMs`; what is left of it now.
 */
function backoffLeft(counter: Counter | undefined, free: number, firstMs: number, maxMs: number) {
  if (!counter || counter.failures < free) return 0;
  const wait = Math.min(maxMs, firstMs * 2 ** Math.min(20, counter.failures - free));
  return Math.max(0, wait - Number(counter.sinceLastMs));
}
