import { useEffect, useRef } from 'react';
import { SCAN_IDLE_MS } from '../app/scanner/scan-buffer';
import { isTypingIn } from './is-typing';

/** A key typed this long before any other key is a person's shortcut, not the start of a scanner's code. */
export const SHORTCUT_QUIET_MS = 80;

/**
 * A one-key page shortcut ('/' searches, '?' opens the reference) pressed outside a field. Keys outside fields
 * belong to the page-wide scanner first (a scan such as '/IBR-12/' starts with '/'), so the action runs only
 * when no other key follows quickly, and never for a key that comes while a code is being typed (a character
 * less than the scanner's idle time before it: 'hello?' is a scan, even when a busy machine delivers its
 * Enter late). `enabled` false leaves the key alone.
 */
export function useQuietKeyShortcut(key: string, action: () => void, enabled = true) {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastCharAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent) => {
      clearTimeout(timer);
      if (isTypingIn(event.target)) return;
      // A code's characters come less than the scanner's idle time apart; Enter, Tab or any other key ends it.
      const inScan = event.timeStamp - lastCharAt < SCAN_IDLE_MS;
      lastCharAt = event.key.length === 1 ? event.timeStamp : Number.NEGATIVE_INFINITY;
      if (inScan || event.key !== key || event.ctrlKey || event.metaKey || event.altKey) return;
      event.preventDefault();
      timer = setTimeout(() => latest.current(), SHORTCUT_QUIET_MS);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      clearTimeout(timer);
    };
  }, [key, enabled]);
}
