import { useEffect } from 'react';

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * Modals return focus to what opened them. Mantine does so when a modal's `opened` turns false, but many
 * of our modals are mounted only while open (`{adding && <Modal opened …/>}`) and simply unmount, which drops
 * focus to the page (POS 'Add Payment' did). So the app remembers the last element focused outside a dialog,
 * and when a dialog holding focus goes away with focus left on nothing, focus goes back there.
 */
export function useDialogFocusReturn() {
  useEffect(() => {
    let opener: HTMLElement | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const stopWatching = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const watch = () => {
      if (timer) return;
      timer = setInterval(() => {
        const active = document.activeElement;
        if (active && active !== document.body) {
          if (!active.closest(DIALOG)) stopWatching();
          return;
        }
        stopWatching();
        if (document.querySelector(DIALOG)) return;
        if (opener?.isConnected) opener.focus({ preventScroll: true });
      }, 50);
    };
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target || target === document.body) return;
      if (target.closest(DIALOG)) watch();
      else opener = target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      stopWatching();
    };
  }, []);
}
