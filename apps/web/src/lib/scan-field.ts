import { type RefObject, useCallback } from 'react';

/**
 * Puts a refused code back in an emptied scan field and selects it, so the clerk sees what was mistyped and
 * the next scan replaces it (issue 19 §2). The field is left alone when something new was typed meanwhile.
 */
export function restoreRefusedScan(
  input: HTMLInputElement | null,
  text: string,
  setValue: (text: string) => void,
  /** Refused at once, before the emptied field was drawn. */
  atOnce = false,
) {
  if (!input || (!atOnce && input.value !== '')) return;
  setValue(text);
  // Select once React has drawn the code back into the field (a few frames at most).
  let tries = 0;
  const select = () => {
    if (input.value !== text) {
      if (++tries < 10) requestAnimationFrame(select);
      return;
    }
    if (document.activeElement === document.body) input.focus();
    input.select();
  };
  requestAnimationFrame(select);
}

/** For a scan field that empties itself on Enter: what to do with the submit's outcome. */
export function useKeepRefusedScan(
  inputRef: RefObject<HTMLInputElement | null>,
  setValue: (text: string) => void,
) {
  return useCallback(
    (text: string, outcome: boolean | Promise<boolean> | undefined) => {
      if (outcome === false) restoreRefusedScan(inputRef.current, text, setValue, true);
      else if (outcome instanceof Promise)
        void outcome.then((ok) => {
          if (!ok) restoreRefusedScan(inputRef.current, text, setValue);
        });
    },
    [inputRef, setValue],
  );
}
