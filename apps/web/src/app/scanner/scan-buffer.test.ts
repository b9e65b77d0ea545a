import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ScanBuffer } from './scan-buffer';

const page = { isEditable: false };
const field = { isEditable: true };

function typeKeys(buffer: ScanBuffer, keys: readonly string[], target = page): boolean[] {
  return keys.map((key) => buffer.handleKey(key, target));
}

describe('ScanBuffer with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['Enter', ['A', 'B', 'C', 'Enter'], 'ABC'],
    ['Tab', ['{', 'C', 'O', ':', '1', '}', 'Tab'], '{CO:1}'],
    ['trims', [' ', 'X', '1', ' ', 'Enter'], 'X1'],
    ['ignores modifiers', ['Shift', 'A', 'Control', 'b', 'Alt', 'Meta', 'CapsLock', '1', 'Enter'], 'Ab1'],
    ['keeps inner spaces', ['a', ' ', 'b', 'Enter'], 'a b'],
    ['accepts non-ASCII characters', ['é', '😀', 'Enter'], 'é😀'],
  ])('%s', (_name, keys, expected) => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    typeKeys(buffer, keys);
    expect(onScan.mock.calls).toEqual([[expected]]);
    expect(buffer.pending).toBe('');
  });

  it('consumes printable keys and the terminator, not modifier or navigation keys', () => {
    const buffer = new ScanBuffer({ onScan: () => undefined });
    expect(
      typeKeys(buffer, ['Shift', 'A', 'ArrowUp', 'F1', 'Backspace', 'Escape', ' ', '9', 'Enter']),
    ).toEqual([false, true, false, false, false, false, true, true, true]);
  });

  it.each(['\u0000', '\u001b', '\u007f', '\u0085', '', 'AB'])('does not append %j', (key) => {
    const buffer = new ScanBuffer({ onScan: () => undefined });
    expect(buffer.handleKey(key, page)).toBe(false);
    expect(buffer.pending).toBe('');
  });

  it.each(['Enter', 'Tab'])('%s on an empty buffer does nothing and is not consumed', (key) => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    expect(buffer.handleKey(key, page)).toBe(false);
    expect(typeKeys(buffer, [' ', ' ', key])).toEqual([true, true, false]);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('ignores keys typed into editable fields', () => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    expect(typeKeys(buffer, ['A', 'B', 'Enter'], field)).toEqual([false, false, false]);
    expect(onScan).not.toHaveBeenCalled();
    expect(buffer.pending).toBe('');

    // A partial scan outside a field is neither extended nor emitted by keys inside one.
    typeKeys(buffer, ['X', 'Y']);
    expect(typeKeys(buffer, ['Z', 'Enter'], field)).toEqual([false, false]);
    expect(buffer.pending).toBe('XY');
    buffer.handleKey('Enter', page);
    expect(onScan.mock.calls).toEqual([['XY']]);
  });

  it('clears a partial scan after 500 ms idle', () => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    typeKeys(buffer, ['A', 'B']);
    vi.advanceTimersByTime(499);
    expect(buffer.pending).toBe('AB');
    vi.advanceTimersByTime(1);
    expect(buffer.pending).toBe('');
    expect(buffer.handleKey('Enter', page)).toBe(false);
    typeKeys(buffer, ['C', 'D', 'Enter']);
    expect(onScan.mock.calls).toEqual([['CD']]);
  });

  it('restarts the idle timeout on every key', () => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    for (const key of ['1', '2', '3', '4']) {
      buffer.handleKey(key, page);
      vi.advanceTimersByTime(400);
    }
    buffer.handleKey('Enter', page);
    expect(onScan.mock.calls).toEqual([['1234']]);
  });

  it('honours a custom idleMs', () => {
    const buffer = new ScanBuffer({ onScan: () => undefined, idleMs: 50 });
    buffer.handleKey('A', page);
    vi.advanceTimersByTime(49);
    expect(buffer.pending).toBe('A');
    vi.advanceTimersByTime(1);
    expect(buffer.pending).toBe('');
  });

  it('loses no scan in a burst of 20 typed 2 ms per key and 30 ms apart, and keeps order', () => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    const scans = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? `WH1-01AA02BB-B${String(i).padStart(4, '0')}` : `0360002914${String(i).padStart(2, '0')}`,
    );
    for (const scan of scans) {
      for (const char of scan) {
        expect(buffer.handleKey(char, page)).toBe(true);
        vi.advanceTimersByTime(2);
      }
      expect(buffer.handleKey('Enter', page)).toBe(true);
      vi.advanceTimersByTime(30);
    }
    expect(onScan.mock.calls.map(([text]) => text)).toEqual(scans);
  });

  it('clears the buffer before onScan, so a throwing handler does not corrupt the next scan', () => {
    const seen: string[] = [];
    const buffer = new ScanBuffer({
      onScan: (text) => {
        seen.push(text);
        if (text === 'BAD') throw new Error('boom');
      },
    });
    expect(() => typeKeys(buffer, ['B', 'A', 'D', 'Enter'])).toThrow('boom');
    typeKeys(buffer, ['O', 'K', 'Enter']);
    expect(seen).toEqual(['BAD', 'OK']);
  });

  it('reset() drops a partial scan and its timer', () => {
    const onScan = vi.fn();
    const buffer = new ScanBuffer({ onScan });
    typeKeys(buffer, ['A', 'B']);
    buffer.reset();
    expect(buffer.pending).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ScanBuffer with injected clock and timers', () => {
  function setup(idleMs?: number) {
    let time = 1000;
    const timers = new Map<number, () => void>();
    let nextId = 1;
    const onScan = vi.fn();
    const clearTimer = vi.fn((handle: unknown) => {
      timers.delete(handle as number);
    });
    const buffer = new ScanBuffer({
      onScan,
      idleMs,
      now: () => time,
      setTimer: (callback, ms) => {
        expect(ms).toBe(idleMs ?? 500);
        timers.set(nextId, callback);
        return nextId++;
      },
      clearTimer,
    });
    return {
      buffer,
      onScan,
      timers,
      clearTimer,
      tick: (ms: number) => {
        time += ms;
      },
    };
  }

  it('uses the injected timers and clears the previous one on each key', () => {
    const { buffer, timers, clearTimer } = setup();
    typeKeys(buffer, ['A', 'B', 'C']);
    expect(timers.size).toBe(1);
    expect(clearTimer).toHaveBeenCalledTimes(2);
    const [callback] = timers.values();
    callback?.();
    expect(buffer.pending).toBe('');
  });

  it('drops a stale partial by elapsed time even when the timer never fired (throttled tab)', () => {
    const { buffer, onScan, tick } = setup();
    typeKeys(buffer, ['O', 'L', 'D']);
    tick(500);
    typeKeys(buffer, ['N', 'E', 'W', 'Enter']);
    expect(onScan.mock.calls).toEqual([['NEW']]);
  });

  it('treats Enter after a stale partial as an empty buffer', () => {
    const { buffer, onScan, tick } = setup(100);
    typeKeys(buffer, ['X']);
    tick(100);
    expect(buffer.handleKey('Enter', page)).toBe(false);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('keeps a partial that is just under the idle time', () => {
    const { buffer, onScan, tick } = setup();
    typeKeys(buffer, ['A']);
    tick(499);
    typeKeys(buffer, ['B']);
    tick(499);
    buffer.handleKey('Tab', page);
    expect(onScan.mock.calls).toEqual([['AB']]);
  });
});
