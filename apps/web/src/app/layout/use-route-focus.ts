import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a screen may take to draw its heading (it may wait for its data) before we give up. */
const MAX_FRAMES = 240;

/** The first heading of the screen, made focusable by script (tabIndex -1) but not a tab stop. */
export function focusPageHeading(main: HTMLElement | null): boolean {
  const heading = main?.querySelector<HTMLElement>('h1, h2, h3');
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.setAttribute('data-page-heading', '');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After sign-in and after each navigation, focus goes to the screen's heading, so a keyboard or screen
 * reader user starts at the top of the new screen, unless the screen focused its main field itself (a
 * scan field) or the user has already clicked or typed somewhere.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  useEffect(() => {
    void pathname;
    let done = false;
    let frame = 0;
    const stop = () => {
      done = true;
    };
    window.addEventListener('pointerdown', stop, true);
    const tick = () => {
      if (done) return;
      const main = mainRef.current;
      const active = document.activeElement;
      const moved =
        active &&
        active !== document.body &&
        !active.closest('nav, header, [data-skip-link], [data-page-heading]');
      // The screen focused its own main field, or a dialog holds focus: leave it there.
      if (moved || (main && active && main.contains(active))) return;
      if (focusPageHeading(main)) return;
      if (++frame < MAX_FRAMES) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return () => {
      done = true;
      window.removeEventListener('pointerdown', stop, true);
    };
  }, [pathname, mainRef]);
}
