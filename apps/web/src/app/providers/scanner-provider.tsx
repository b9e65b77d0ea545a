import { type ParsedScan, parseScan, scanNotTakenMessage } from '@backroom/shared';
import { Badge, Portal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ScanBuffer } from '../scanner/scan-buffer';
import { createScanQueue } from '../scanner/scan-queue';
import { playRejection, playScanBeep } from '../scanner/sounds';

/**
 * Returns true when the scan meant something to the screen; false lets the next handler try. `text` is what
 * was scanned, trimmed (a screen that searches with any scan needs it).
 */
export type ScanHandler = (scan: ParsedScan, text: string) => boolean | Promise<boolean>;

interface ScannerContextValue {
  register(handler: ScanHandler): () => void;
}

const ScannerContext = createContext<ScannerContextValue | null>(null);

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface Flash {
  id: number;
  text: string;
  ok: boolean;
}

/**
 * One page-wide keyboard-wedge scanner (ARCHITECTURE.md §6): keystrokes outside input fields are collected
 * into scans, parsed by the shared parser and handed to the screens' handlers strictly in order, newest
 * handler first, with a sound and a visible flash.
 */
export function ScannerProvider({ children }: { children: ReactNode }) {
  const handlers = useRef<ScanHandler[]>([]);
  const [flash, setFlash] = useState<Flash | null>(null);

  useEffect(() => {
    let flashId = 0;
    const queue = createScanQueue(
      async (text) => {
        const scan = parseScan(text);
        let handled = false;
        for (const handler of [...handlers.current].reverse()) {
          if (await handler(scan, text.trim())) {
            handled = true;
            break;
          }
        }
        setFlash({ id: ++flashId, text, ok: handled });
        if (handled) {
          playScanBeep();
          return;
        }
        playRejection();
        notifications.show({
          color: 'red',
          title: scan.type === 'error' ? 'Unknown Scan' : scanNotTakenMessage(scan),
          message: text,
        });
      },
      { onError: () => playRejection() },
    );
    const buffer = new ScanBuffer({ onScan: (text) => queue.push(text) });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (buffer.handleKey(event.key, { isEditable: isEditable(event.target) })) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      buffer.reset();
    };
  }, []);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash((current) => (current?.id === flash.id ? null : current)), 1500);
    return () => clearTimeout(timer);
  }, [flash]);

  const value = useMemo<ScannerContextValue>(
    () => ({
      register(handler) {
        handlers.current.push(handler);
        return () => {
          handlers.current = handlers.current.filter((h) => h !== handler);
        };
      },
    }),
    [],
  );

  return (
    <ScannerContext.Provider value={value}>
      {children}
      {flash && (
        <Portal>
          <Badge
            data-testid="scan-flash"
            size="xl"
            color={flash.ok ? 'green' : 'red'}
            style={{ position: 'fixed', bottom: 16, right: 16, zIndex: 1000, textTransform: 'none' }}
          >
            {flash.text}
          </Badge>
        </Portal>
      )}
    </ScannerContext.Provider>
  );
}

/** Lets a screen say what a scan means to it while it is mounted. */
export function useScanHandler(handler: ScanHandler): void {
  const context = useContext(ScannerContext);
  if (!context) throw new Error('useScanHandler needs a ScannerProvider');
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => context.register((scan, text) => latest.current(scan, text)), [context]);
}
