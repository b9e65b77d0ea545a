// Collects keystrokes from a keyboard-wedge barcode scanner into whole scans. Framework-free so it can be
// tested without a DOM; the React side only forwards keydown events and calls preventDefault when consumed.

export type TimerHandle = unknown;

export interface ScanBufferOptions {
  /** Called with the trimmed scan text when Enter or Tab ends a scan. */
  onScan: (text: string) => void;
  /** Idle time after which a partial scan is thrown away (spec: 500 ms). */
  idleMs?: number;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => TimerHandle;
  clearTimer?: (handle: TimerHandle) => void;
}

export interface KeyTarget {
  /** True for inputs, textareas, selects and contenteditable elements. */
  isEditable: boolean;
}

export const SCAN_IDLE_MS = 500;

export class ScanBuffer {
  private buffer = '';
  private lastKeyAt = 0;
  private timer: TimerHandle | null = null;
  private readonly onScan: (text: string) => void;
  private readonly idleMs: number;
  private readonly now: () => number;
  private readonly setTimer: (callback: () => void, ms: number) => TimerHandle;
  private readonly clearTimer: (handle: TimerHandle) => void;

  constructor({ onScan, idleMs = SCAN_IDLE_MS, now, setTimer, clearTimer }: ScanBufferOptions) {
    this.onScan = onScan;
    this.idleMs = idleMs;
    this.now = now ?? (() => Date.now());
    this.setTimer = setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  /** Text collected so far (for tests and debugging). */
  get pending(): string {
    return this.buffer;
  }

  /**
   * Feeds one KeyboardEvent.key. Returns true when the key belongs to a scan and the caller should
   * preventDefault; false when it should be left alone.
   */
  handleKey(key: string, target: KeyTarget): boolean {
    // Typing in a field goes to the field; the scanner then acts like a keyboard there.
    if (target.isEditable) return false;

    // Background tabs throttle timers, so also check elapsed time: a stale partial must not prefix the next scan.
    if (this.buffer !== '' && this.now() - this.lastKeyAt >= this.idleMs) this.reset();

    if (key === 'Enter' || key === 'Tab') {
      const text = this.buffer.trim();
      this.reset();
      if (text === '') return false;
      this.onScan(text);
      return true;
    }

    if (!isPrintable(key)) return false;

    this.buffer += key;
    this.lastKeyAt = this.now();
    this.restartIdleTimer();
    return true;
  }

  /** Drops any partial scan and its timer (call on unmount). */
  reset(): void {
    this.buffer = '';
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
  }

  private restartIdleTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.buffer = '';
    }, this.idleMs);
  }
}

/** One printable character: KeyboardEvent.key names like 'Shift' or 'ArrowUp' are longer; controls are excluded. */
function isPrintable(key: string): boolean {
  const chars = Array.from(key);
  if (chars.length !== 1) return false;
  const code = key.codePointAt(0) ?? 0;
  return code >= 0x20 && code !== 0x7f && !(code >= 0x80 && code <= 0x9f);
}
