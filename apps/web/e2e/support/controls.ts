import type { Page } from '@playwright/test';

/**
 * The controls a person can see and use that an open toast's box overlaps: buttons, fields, links and anything
 * focusable, each as 'tag "name"' for the failure. A control counts where it is seen: its box clipped by the
 * viewport and by every scrolling or clipping container around it (a sidebar link scrolled out of its list is
 * not seen, and not covered).
 */
export function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Box = { left: number; top: number; right: number; bottom: number };
    const intersect = (a: Box, b: Box): Box | null => {
      const box = {
        left: Math.max(a.left, b.left),
        top: Math.max(a.top, b.top),
        right: Math.min(a.right, b.right),
        bottom: Math.min(a.bottom, b.bottom),
      };
      return box.right - box.left >= 1 && box.bottom - box.top >= 1 ? box : null;
    };
    const seenBox = (element: Element): Box | null => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return null;
      let box: Box | null = intersect(element.getBoundingClientRect(), {
        left: 0,
        top: 0,
        right: window.innerWidth,
        bottom: window.innerHeight,
      });
      for (let up = element.parentElement; box && up; up = up.parentElement) {
        const overflow = getComputedStyle(up);
        if (`${overflow.overflowX}${overflow.overflowY}`.match(/hidden|auto|scroll|clip/))
          box = intersect(box, up.getBoundingClientRect());
      }
      return box;
    };
    const toasts = [...document.querySelectorAll('[role="alert"], [role="status"]')]
      .filter((t) => t.closest('.toast-region'))
      .map((t) => t.getBoundingClientRect());
    const controls = document.querySelectorAll(
      'button, input:not([type="hidden"]), select, textarea, a[href], [role="button"], [role="tab"], [role="combobox"], [tabindex]:not([tabindex="-1"])',
    );
    const covered: string[] = [];
    for (const control of controls) {
      if (control.closest('.toast-region')) continue;
      const box = seenBox(control);
      if (!box || !toasts.some((toast) => intersect(box, toast))) continue;
      const name =
        control.getAttribute('aria-label') ??
        (control.textContent || (control as HTMLInputElement).name || '');
      covered.push(`${control.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`);
    }
    return covered;
  });
}

/**
 * The disabled buttons on the page that do not say why (issue 19 §2), each as 'tag "name"': a button disabled
 * (natively, by aria-disabled or Mantine's data-disabled) must carry its reason as its accessible description
 * (aria-describedby or aria-description) and stay reachable by the keyboard (not natively disabled, so focus
 * and the tooltip reach it). A button busy with its own work (Mantine's loading state) is left out: its
 * spinner says why.
 */
export function unexplainedDisabledButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const described = (element: Element) => {
      if (element.getAttribute('aria-description')?.trim()) return true;
      const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
      return ids.some((id) => document.getElementById(id)?.textContent?.trim());
    };
    const found: string[] = [];
    const buttons = document.querySelectorAll(
      'button:disabled, button[aria-disabled="true"], button[data-disabled], [role="button"][aria-disabled="true"]',
    );
    for (const button of buttons) {
      if (button.hasAttribute('data-loading') || button.closest('[data-loading]')) continue;
      // Hidden from assistive technology and the tab order (a number field's up and down chevrons: the arrow
      // keys do their work): no control of its own.
      if (button.closest('[aria-hidden="true"]')) continue;
      const box = button.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(button).visibility === 'hidden') continue;
      const native = (button as HTMLButtonElement).disabled;
      if (described(button) && !native) continue;
      // A form section disabled as a whole (a closed return) says why once, for all its buttons.
      const section = button.closest('fieldset:disabled');
      if (section && described(section)) continue;
      const name = button.getAttribute('aria-label') ?? button.textContent ?? '';
      const why = native ? (described(button) ? 'not focusable' : 'no reason, not focusable') : 'no reason';
      found.push(`${button.tagName.toLowerCase()} "${name.trim().slice(0, 40)}" (${why})`);
    }
    return found;
  });
}
