import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF, sleep } from './backoff';

describe('backoffDelay', () => {
  const plain = { baseMs: 1000, maxMs: 60_000, jitter: 0 };

  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [6, 32_000],
    [7, 60_000],
    [1_000, 60_000],
    [0, 1000],
    [-5, 1000],
  ])('attempt %i waits %i ms', (attempt, expected) => {
    expect(backoffDelay(attempt, plain)).toBe(expected);
  });

  it('never exceeds the cap nor goes below base·(1 - jitter)', () => {
    for (let attempt = 1; attempt <= 200; attempt++) {
      for (const r of [0, 0.5, 0.999]) {
        const d = backoffDelay(attempt, { ...DEFAULT_BACKOFF, random: () => r });
        expect(d).toBeLessThanOrEqual(DEFAULT_BACKOFF.maxMs);
        expect(d).toBeGreaterThanOrEqual(800);
      }
    }
  });

  it('jitter shortens a delay by at most its share', () => {
    expect(backoffDelay(3, { baseMs: 1000, maxMs: 60_000, jitter: 0.5, random: () => 1 })).toBe(2000);
    expect(backoffDelay(3, { baseMs: 1000, maxMs: 60_000, jitter: 0.5, random: () => 0 })).toBe(4000);
  });
});

describe('sleep', () => {
  it('wakes early when aborted', async () => {
    // Fake timers: the 10 s never pass, so only the abort can end the sleep.
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      let woke = false;
      const slept = sleep(10_000, controller.signal).then(() => {
        woke = true;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(woke).toBe(false);
      controller.abort();
      await slept;
      expect(woke).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns at once for an aborted signal or no delay', async () => {
    await sleep(10_000, AbortSignal.abort());
    await sleep(0);
  });
});
