import { PRICE_STEP, parsePrice } from '@backroom/shared';
import { useRef, useState } from 'react';
import { formatPrice } from '../../lib/brand-columns';
import classes from './brand-products.module.css';

interface PriceInputProps {
  value: number;
  label: string;
  rowIndex: number;
  column: string;
  onCommit: (value: number) => void;
  /** Enter: commit, then the caller moves the keyboard down a row. */
  onEnter: () => void;
}

/**
 * A price cell. Typing keeps a draft; blur or Enter commits it through the shared parsePrice ("empty or
 * non-numeric becomes 0"), Escape drops it. A plain input: dozens are on screen while scrolling.
 */
export function PriceInput({ value, label, rowIndex, column, onCommit, onEnter }: PriceInputProps) {
  const [draft, setDraft] = useState<string | null>(null);
  // The handlers read the draft from a ref: Escape's blur must not commit what it just dropped.
  const draftRef = useRef<string | null>(null);
  const setBoth = (next: string | null) => {
    draftRef.current = next;
    setDraft(next);
  };
  const commit = () => {
    const typed = draftRef.current;
    if (typed === null) return;
    setBoth(null);
    // The API refuses negative prices, so a typed minus sign cannot block the whole save.
    onCommit(Math.max(0, parsePrice(typed)));
  };

  return (
    <input
      className={classes.priceInput}
      type="number"
      inputMode="decimal"
      step={PRICE_STEP}
      min={0}
      aria-label={label}
      data-row={rowIndex}
      data-col={column}
      value={draft ?? formatPrice(value)}
      onChange={(event) => setBoth(event.currentTarget.value)}
      onFocus={(event) => event.currentTarget.select()}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
          onEnter();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          setBoth(null);
          event.currentTarget.blur();
        }
      }}
    />
  );
}
