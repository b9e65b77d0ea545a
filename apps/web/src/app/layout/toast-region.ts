import { useEffect, useState } from 'react';

/**
 * Where toasts sit (issue 19 §2): the bottom of the sidebar, which the sidebar keeps free for them. Top centre
 * covered the returns search filters and the header's help and camera buttons; top right the account switcher
 * and user menu; bottom right a form's Save button. The sidebar's links scroll above the toasts instead, so
 * an error that stays until dismissed hides no control on any screen.
 *
 * Below the sidebar's breakpoint (768 px: a phone, a small tablet) there is no sidebar to sit in. There the
 * toasts sit under the header, across the screen, and the header grows to hold them (accessibility.css and
 * AppLayout): the page moves down to make room, so they cover nothing, and they are where a person holding a
 * phone looks when a scan is refused, next to the screen's heading and scan field. Modals open below them.
 */
export const TOAST_POSITION = 'bottom-left';

/** The sidebar's width; the toasts are as wide as it less their margin (Mantine's md spacing, 16 px a side). */
export const NAVBAR_WIDTH = 240;
export const TOAST_MARGIN = 16;
export const TOAST_WIDTH = NAVBAR_WIDTH - 2 * TOAST_MARGIN;

/** The header's own height, and the gap around the toasts it holds below the sidebar's breakpoint. */
export const HEADER_HEIGHT = 56;
export const NARROW_TOAST_GAP = 8;
/** The sidebar's breakpoint (Mantine's 'sm'): below it the toasts sit under the header. */
const NARROW = '(max-width: 47.99em)';

/** The class of the Notifications containers, to find the one at TOAST_POSITION. */
export const TOAST_REGION_CLASS = 'toast-region';

/**
 * How high the toasts shown stand, their own height without margins (0 when none is shown). The sidebar keeps
 * that much (and the margins) free under its links; below the breakpoint the header grows by it. Follows the
 * toasts as they come, grow with a count and leave. Below the breakpoint it also sets `--toast-frame-height` on
 * the document (the header with the toasts under it), where modals and drawers begin (accessibility.css).
 */
export function useToastRegionHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const region = document.querySelector(`.${TOAST_REGION_CLASS}[data-position="${TOAST_POSITION}"]`);
    if (!region) return;
    const narrow = window.matchMedia(NARROW);
    const root = document.documentElement.style;
    const measure = () => {
      const shown = Math.ceil(region.getBoundingClientRect().height);
      setHeight(shown);
      if (shown > 0 && narrow.matches)
        root.setProperty('--toast-frame-height', `${HEADER_HEIGHT + shown + 2 * NARROW_TOAST_GAP}px`);
      else root.removeProperty('--toast-frame-height');
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    narrow.addEventListener('change', measure);
    return () => {
      observer.disconnect();
      narrow.removeEventListener('change', measure);
      root.removeProperty('--toast-frame-height');
    };
  }, []);
  return height;
}
