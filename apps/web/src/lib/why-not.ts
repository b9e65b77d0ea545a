/**
 * The first rule that holds a button back, for ReasonButton's `disabledReason` (issue 19 §2): each entry is
 * [the rule refuses, why in the rule's words]; null when none refuses and the button can be used.
 *
 *   whyNot([!shipment, 'Calculate Rates first'], [!rateId, 'Choose a rate first'])
 */
export function whyNot(...rules: [refuses: unknown, reason: string][]): string | null {
  for (const [refuses, reason] of rules) if (refuses) return reason;
  return null;
}
