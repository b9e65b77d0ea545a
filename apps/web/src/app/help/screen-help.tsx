import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import type { ScanKind } from './scan-formats';

/** One keyboard shortcut: the keys (each drawn as a key cap) and what they do. */
export interface ShortcutHelp {
  keys: string[];
  does: string;
  /** A few words for a hint line the screen itself shows (the packing station's). */
  hint?: string;
}

/** One kind of label a screen takes and what a scan of it does there. */
export interface ScanHelp {
  kind: ScanKind;
  does: string;
}

/**
 * What a screen takes from the keyboard and the scanner (issue 19 §4). Each screen declares its own, beside
 * its scan handler, so the reference (press ?) and the home page read the very list the handler answers to.
 */
export interface ScreenHelp {
  screen: string;
  shortcuts: readonly ShortcutHelp[];
  scans: readonly ScanHelp[];
}

interface ScreenHelpContextValue {
  help: ScreenHelp | null;
  setHelp: (help: ScreenHelp | null) => void;
}

const ScreenHelpContext = createContext<ScreenHelpContextValue | null>(null);

export function ScreenHelpProvider({ children }: { children: ReactNode }) {
  const [help, setHelp] = useState<ScreenHelp | null>(null);
  const value = useMemo(() => ({ help, setHelp }), [help]);
  return <ScreenHelpContext.Provider value={value}>{children}</ScreenHelpContext.Provider>;
}

/** A screen says what it takes while it is shown (the declaration is a module constant). */
export function useScreenHelp(help: ScreenHelp): void {
  const context = useContext(ScreenHelpContext);
  const setHelp = context?.setHelp;
  useEffect(() => {
    if (!setHelp) return;
    setHelp(help);
    return () => setHelp(null);
  }, [setHelp, help]);
}

/** The shown screen's declaration, or null where the screen takes nothing of its own. */
export function useCurrentScreenHelp(): ScreenHelp | null {
  return useContext(ScreenHelpContext)?.help ?? null;
}
