import { useEffect, useState } from 'react';

/**
 * Where toasts sit (issue 19 §2): the bottom of the sidebar, which the sidebar keeps free for them. Top centre
 * covered the returns search filters and the header's help and camera buttons; top right the account switcher
 * and user menu; bottom right a form's Save button. The sidebar's links scroll above the toasts instead, so
 * an error that stays until dismissed hides no control on any screen.
 */
export const TOAST_POSITION = 'bottom-left';

/** The sidebar's width; the toasts are as wide as it less their margin (Mantine's md spacing, 16 px a side). */
export const NAVBAR_WIDTH = 240;
export const TOAST_MARGIN = 16;
export const TOAST_WIDTH = NAVBAR_WIDTH - 2 * TOAST_MARGIN;

/** The class of the Notifications containers, to find the one at TOAST_POSITION. */
export const TOAST_REGION_CLASS = 'toast-region';

/**
 * How much of the sidebar's bottom the toasts shown take, margins included (0 when none is shown): the sidebar
 * keeps that much free under its links. Follows the toasts as they come, grow with a count and leave.
 */
export function useToastRegionHeight(): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const region = document.querySelector(`.${TOAST_REGION_CLASS}[data-position="${TOAST_POSITION}"]`);
    if (!region) return;
    const measure = () => {
      const shown = region.getBoundingClientRect().height;
      setHeight(shown > 0 ? Math.ceil(shown) + 2 * TOAST_MARGIN : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    return () => observer.disconnect();
  }, []);
  return height;
}
