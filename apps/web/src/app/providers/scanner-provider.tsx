import { type ParsedScan, parseScan, scanNotTakenMessage } from '@backroom/shared';
import { Badge, Portal } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { isTypingIn } from '../../lib/is-typing';
import { notify } from '../../lib/notify';
import { ScanBuffer } from '../scanner/scan-buffer';
import { createScanQueue, type ScanQueue } from '../scanner/scan-queue';
import { playRejection, playScanBeep } from '../scanner/sounds';

/**
 * Returns true when the scan meant something to the screen; false lets the next handler try. `text` is what
 * was scanned, trimmed (a screen that searches with any scan needs it).
 */
export type ScanHandler = (scan: ParsedScan, text: string) => ScanOutcome | Promise<ScanOutcome>;

/**
 * true: the screen took the scan. false: not for this handler, the next one tries. 'refused': the screen's
 * own kind of scan, refused (the handler has said why and sounded the rejection); the scan is not taken.
 */
export type ScanOutcome = boolean | 'refused';

interface ScannerContextValue {
  register(handler: ScanHandler): () => void;
  /**
   * A scan from another source than the keyboard wedge (the camera, a scan field): same queue, order, sounds
   * and flash. Resolves true when the screen took it, false when it was refused or meant nothing here.
   */
  submit(text: string): Promise<boolean>;
}

const ScannerContext = createContext<ScannerContextValue | null>(null);

interface QueuedScan {
  text: string;
  /** Told whether the screen took the scan (a scan field keeps a refused code). */
  done?: (taken: boolean) => void;
}

interface Flash {
  id: number;
  text: string;
  ok: boolean;
}

/**
 * One page-wide keyboard-wedge scanner (docs/architecture.md §6): keystrokes outside input fields are
 * collected into scans, parsed by the shared parser and handed to the screens' handlers strictly in order, newest
 * handler first, with a sound and a visible flash. The camera button (CameraScanButton) feeds the same queue.
 */
export function ScannerProvider({ children }: { children: ReactNode }) {
  const handlers = useRef<ScanHandler[]>([]);
  const queueRef = useRef<ScanQueue<QueuedScan> | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);

  useEffect(() => {
    let flashId = 0;
    const queue = createScanQueue<QueuedScan>(
      async ({ text, done }) => {
        const scan = parseScan(text);
        let outcome: ScanOutcome = false;
        for (const handler of [...handlers.current].reverse()) {
          outcome = await handler(scan, text.trim());
          if (outcome !== false) break;
        }
        setFlash({ id: ++flashId, text, ok: outcome === true });
        done?.(outcome === true);
        if (outcome === true) {
          playScanBeep();
          return;
        }
        // A refusal has been said by the screen that refused it.
        if (outcome === 'refused') return;
        playRejection();
        notify({
          color: 'red',
          title: scan.type === 'error' ? 'Unknown Scan' : scanNotTakenMessage(scan),
          message: text,
        });
      },
      {
        onError: (_error, { done }) => {
          done?.(false);
          playRejection();
        },
      },
    );
    queueRef.current = queue;
    const buffer = new ScanBuffer({ onScan: (text) => queue.push({ text }) });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (buffer.handleKey(event.key, { isEditable: isTypingIn(event.target) })) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      buffer.reset();
      queueRef.current = null;
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
      submit(text) {
        const trimmed = text.trim();
        const queue = queueRef.current;
        if (trimmed === '' || !queue) return Promise.resolve(trimmed === '');
        return new Promise<boolean>((done) => queue.push({ text: trimmed, done }));
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
            key={flash.id}
            data-testid="scan-flash"
            data-taken={flash.ok}
            size="xl"
            color={flash.ok ? 'green' : 'red'}
            // A moment's echo of the scan: clicks go through it to whatever it sits over (issue 19 §2).
            style={{
              position: 'fixed',
              bottom: 16,
              right: 16,
              zIndex: 1000,
              textTransform: 'none',
              pointerEvents: 'none',
            }}
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

/** Hands a scan read some other way (the camera) to the page-wide scanner, as if the wedge had typed it. */
export function useSubmitScan(): (text: string) => Promise<boolean> {
  const context = useContext(ScannerContext);
  if (!context) throw new Error('useSubmitScan needs a ScannerProvider');
  return context.submit;
}
