/** One choice of an autocomplete picker: the value it stands for and the text the user reads. */
export interface PickerOption {
  value: string;
  label: string;
}

/** Most options a picker lists at once; typing narrows the rest down. */
export const PICKER_LIMIT = 100;

const normalise = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The options whose label contains the typed text, case-insensitively (catalogue-admin.md §2.11 "Shared
 * pickers"): labels that start with it first, then those with a word that does, then the rest, each group in
 * the given order. `total` counts every match, `options` holds at most `limit`.
 */
export function filterPickerOptions<O extends PickerOption>(
  options: readonly O[],
  search: string,
  limit = PICKER_LIMIT,
): { options: O[]; total: number } {
  const text = normalise(search);
  if (!text) return { options: options.slice(0, limit), total: options.length };
  const starts: O[] = [];
  const wordStarts: O[] = [];
  const contains: O[] = [];
  for (const option of options) {
    const label = normalise(option.label);
    const at = label.indexOf(text);
    if (at < 0) continue;
    if (at === 0) starts.push(option);
    else if (label.includes(` ${text}`) || /[^\p{L}\p{N}]/u.test(label[at - 1]!)) wordStarts.push(option);
    else contains.push(option);
  }
  const matches = [...starts, ...wordStarts, ...contains];
  return { options: matches.slice(0, limit), total: matches.length };
}

/**
 * What Enter chooses: the highlighted option; with none highlighted, the only match (so typing a vendor's
 * name in full and pressing Enter picks it). Anything else chooses nothing.
 */
export function optionForEnter<O extends PickerOption>(
  listed: readonly O[],
  highlightedIndex: number,
): O | null {
  if (highlightedIndex >= 0) return listed[highlightedIndex] ?? null;
  return listed.length === 1 ? listed[0]! : null;
}
