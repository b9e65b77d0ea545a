// The one-line condition summary of the product condition description form (returns.md §2 "Product
// condition description form", §9 "Condition summary format"); also used by the used-variant form.

export interface ConditionSummaryInput {
  /** Severity names; the severity options list is not in the spec. */
  wearSeverity?: string | null;
  wearDescription?: string | null;
  damageSeverity?: string | null;
  damageDescription?: string | null;
  missingDescription?: string | null;
  note?: string | null;
}

/** Wear and damage severities. "The severity options come from a separate list: not shown"; these three. */
export const CONDITION_SEVERITIES = [
  { id: 1, name: 'Light' },
  { id: 2, name: 'Moderate' },
  { id: 3, name: 'Heavy' },
] as const;

export function severityName(id: number | null | undefined): string | null {
  return CONDITION_SEVERITIES.find((severity) => severity.id === id)?.name ?? null;
}

/** The spec names no separator; '; ' keeps one line readable when descriptions contain commas or full stops. */
export const CONDITION_SUMMARY_SEPARATOR = '; ';

// One line: newlines and runs of spaces in what was typed become single spaces.
function clean(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * '{Severity} wear: ...' / '{Severity} damage: ...'. Without a description the part is just
 * '{Severity} wear'; without a severity it is 'Wear: ...'; with neither it is left out.
 */
function severityPart(kind: 'wear' | 'damage', severity: string, description: string): string | null {
  if (severity === '' && description === '') return null;
  if (severity === '') return `${kind === 'wear' ? 'Wear' : 'Damage'}: ${description}`;
  return description === '' ? `${severity} ${kind}` : `${severity} ${kind}: ${description}`;
}

/** The present parts in the order wear, damage, missing, note, joined by '; '. '' when nothing is filled in. */
export function conditionSummary(input: ConditionSummaryInput): string {
  const missing = clean(input.missingDescription);
  const note = clean(input.note);
  const parts = [
    severityPart('wear', clean(input.wearSeverity), clean(input.wearDescription)),
    severityPart('damage', clean(input.damageSeverity), clean(input.damageDescription)),
    missing === '' ? null : `Missing: ${missing}`,
    note === '' ? null : `Note: ${note}`,
  ];
  return parts.filter((part): part is string => part !== null).join(CONDITION_SUMMARY_SEPARATOR);
}

/** "The summary box is highlighted as an error when empty." */
export function isSummaryEmpty(input: ConditionSummaryInput): boolean {
  return conditionSummary(input) === '';
}
