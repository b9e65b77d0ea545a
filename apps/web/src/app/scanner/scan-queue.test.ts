import { describe, expect, it, vi } from 'vitest';
import { createScanQueue } from './scan-queue';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('createScanQueue', () => {
  it('processes async scans strictly in order, one at a time', async () => {
    const events: string[] = [];
    let running = 0;
    let maxRunning = 0;
    // Earlier scans take longer, so any overlap would reorder the end events.
    const delays: Record<string, number> = { A: 30, B: 20, C: 10, D: 0, E: 5 };
    const queue = createScanQueue(async (text) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      events.push(`start ${text}`);
      await delay(delays[text] ?? 0);
      events.push(`end ${text}`);
      running--;
    });
    for (const text of ['A', 'B', 'C', 'D', 'E']) queue.push(text);
    await queue.idle();
    expect(events).toEqual([
      'start A',
      'end A',
      'start B',
      'end B',
      'start C',
      'end C',
      'start D',
      'end D',
      'start E',
      'end E',
    ]);
    expect(maxRunning).toBe(1);
  });

  it('handles synchronous processors in order', async () => {
    const seen: string[] = [];
    const queue = createScanQueue((text) => {
      seen.push(text);
    });
    for (let i = 0; i < 20; i++) queue.push(`scan ${i}`);
    await queue.idle();
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `scan ${i}`));
  });

  it('does not start processing synchronously inside push', async () => {
    const process = vi.fn();
    const queue = createScanQueue(process);
    queue.push('A');
    expect(process).not.toHaveBeenCalled();
    await queue.idle();
    expect(process.mock.calls).toEqual([['A']]);
  });

  it('keeps going after a scan throws or rejects, reporting each error', async () => {
    const seen: string[] = [];
    const onError = vi.fn();
    const syncError = new Error('sync');
    const asyncError = new Error('async');
    const queue = createScanQueue(
      async (text) => {
        if (text === 'B') throw syncError;
        await delay(1);
        if (text === 'D') throw asyncError;
        seen.push(text);
      },
      { onError },
    );
    for (const text of ['A', 'B', 'C', 'D', 'E']) queue.push(text);
    await queue.idle();
    expect(seen).toEqual(['A', 'C', 'E']);
    expect(onError.mock.calls).toEqual([
      [syncError, 'B'],
      [asyncError, 'D'],
    ]);
  });

  it('keeps going when a non-async processor throws and there is no onError', async () => {
    const seen: string[] = [];
    const queue = createScanQueue((text) => {
      if (text === 'bad') throw new Error('nope');
      seen.push(text);
    });
    for (const text of ['one', 'bad', 'two']) queue.push(text);
    await queue.idle();
    expect(seen).toEqual(['one', 'two']);
  });

  it('keeps going when onError itself throws', async () => {
    const seen: string[] = [];
    const queue = createScanQueue(
      (text) => {
        if (text === 'bad') throw new Error('nope');
        seen.push(text);
      },
      {
        onError: () => {
          throw new Error('reporter broke');
        },
      },
    );
    for (const text of ['one', 'bad', 'two']) queue.push(text);
    await queue.idle();
    expect(seen).toEqual(['one', 'two']);
  });

  it('idle() resolves at once when nothing is queued', async () => {
    const queue = createScanQueue(() => undefined);
    await expect(queue.idle()).resolves.toBeUndefined();
  });

  it('idle() also waits for scans pushed while it was waiting', async () => {
    const seen: string[] = [];
    const queue = createScanQueue(async (text) => {
      await delay(1);
      seen.push(text);
      if (text === 'first') queue.push('pushed during processing');
    });
    queue.push('first');
    await queue.idle();
    expect(seen).toEqual(['first', 'pushed during processing']);
  });

  it('processes a burst pushed faster than it can handle, in order', async () => {
    const seen: string[] = [];
    const queue = createScanQueue(async (text) => {
      await delay(Number(text) % 3);
      seen.push(text);
    });
    const scans = Array.from({ length: 20 }, (_, i) => String(i));
    for (const scan of scans) queue.push(scan);
    await queue.idle();
    expect(seen).toEqual(scans);
  });
});
