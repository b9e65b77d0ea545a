import { Portal, Tooltip } from '@mantine/core';
import { Fragment, type ReactNode, useId } from 'react';

/** The trade's abbreviations, spelled out for a new user (issue 19 §4). */
export const GLOSSARY = {
  QAV: {
    name: 'Quantity available',
    meaning: 'units in stock that can be sold now, in every warehouse',
  },
  MAP: {
    name: 'Minimum advertised price',
    meaning: 'the lowest price the brand allows the product to be advertised at',
  },
  PGU: {
    name: 'Physical goods unit',
    meaning: 'one unit tracked on its own, with its own label and history',
  },
  QPGU: {
    name: 'Quarantine PGU',
    meaning: 'a quarantine bin label: units set aside there wait to be checked and reconditioned',
  },
  RMA: {
    name: 'Return merchandise authorization',
    meaning: 'the channel’s number for a return the buyer asked for',
  },
  FBA: {
    name: 'Fulfilled by Amazon',
    meaning: 'Amazon ships the order from its own warehouse',
  },
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY;

export function glossaryDefinition(term: GlossaryTerm): string {
  const entry = GLOSSARY[term];
  return `${entry.name}: ${entry.meaning}.`;
}

/**
 * An abbreviation with its meaning: a dotted underline, the definition in a tooltip on hover or keyboard focus,
 * and the same words as the abbreviation's accessible description for a screen reader (tabbable, so a
 * keyboard user reaches the definition as well).
 */
export function Term({ term, children }: { term: GlossaryTerm; children?: ReactNode }) {
  const id = useId();
  const definition = glossaryDefinition(term);
  return (
    <>
      <Tooltip
        label={definition}
        withArrow
        multiline
        maw={280}
        events={{ hover: true, focus: true, touch: true }}
      >
        <abbr
          tabIndex={0}
          aria-describedby={id}
          data-glossary={term}
          style={{ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' }}
        >
          {children ?? term}
        </abbr>
      </Tooltip>
      {/* The description sits outside the text (a label reading 'RMA 123' stays 'RMA 123'). */}
      <Portal>
        <span id={id} hidden>
          {definition}
        </span>
      </Portal>
    </>
  );
}

const TERMS = new RegExp(`\\b(${Object.keys(GLOSSARY).join('|')})\\b`, 'g');

/** A label with each glossary abbreviation in it drawn as a Term ('MAP', 'Verified MAP', 'RMA 123'). */
export function GlossaryText({ text }: { text: string }) {
  const parts = text.split(TERMS);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capture group puts the matches at the odd places.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed label
          <Term key={index} term={part as GlossaryTerm} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed label
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
