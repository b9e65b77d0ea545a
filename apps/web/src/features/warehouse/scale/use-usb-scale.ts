import { useEffect, useSyncExternalStore } from 'react';
import { UsbScale, type UsbScaleState } from './usb-scale';

let pageScale: UsbScale | null = null;
let restoreStarted = false;

/** Typed as always there, but missing in Firefox, Safari and outside secure contexts. */
function browserHid(): HID | undefined {
  if (typeof navigator === 'undefined' || !('hid' in navigator)) return undefined;
  return navigator.hid ?? undefined;
}

/** The page's one scale: every widget on the page shares the device and its poller. */
export function getPageUsbScale(): UsbScale {
  pageScale ??= new UsbScale({
    hid: browserHid(),
    setInterval: (handler, ms) => window.setInterval(handler, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
  return pageScale;
}

export interface UseUsbScale {
  state: UsbScaleState;
  connect: () => void;
  disconnect: () => void;
}

/**
 * Live state of the page's scale. The first use reconnects silently to a scale the site may already use;
 * later mounts do not, so a scale the user disconnected stays disconnected.
 */
export function useUsbScale(): UseUsbScale {
  const scale = getPageUsbScale();
  const state = useSyncExternalStore(scale.subscribe, scale.getState, scale.getState);
  useEffect(() => {
    if (restoreStarted) return;
    restoreStarted = true;
    void scale.restore();
  }, [scale]);
  return {
    state,
    // UsbScale reports its failures in state, so these never reject.
    connect: () => void scale.connect(),
    disconnect: () => void scale.disconnect(),
  };
}
