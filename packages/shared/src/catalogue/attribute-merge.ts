// Product attributes: family merge and replace (catalogue-admin.md §2.5, §4.3) and the value-list rules
// of §5 "Attribute value lists".

/** Values by list name; the list 'Default' is shown without a prefix. */
export type AttributeValueJSON = Readonly<Record<string, readonly string[]>>;

export const DEFAULT_ATTRIBUTE_LIST = 'Default';

export interface ProductAttribute {
  attributeId: number;
  valueJSON: AttributeValueJSON;
}

/** How a value shows: 'Default' values bare, other lists as '{list}: {value}'. */
export function attributeValueLabel(listName: string, value: string): string {
  return listName === DEFAULT_ATTRIBUTE_LIST ? value : `${listName}: ${value}`;
}

// --- Family merge and replace (§4.3) ---

export const FAMILY_MERGE_PATIENCE_TEXT = 'THIS WILL TAKE SOME TIME, PLEASE BE PATIENT';
export const REPLACE_ATTRIBUTES_BUTTON = 'Replace Attributes';
export const REPLACE_CANCEL_BUTTON = 'Cancel';

/** "Merge N Attributes into M in Family" (the spec gives no singular form). */
export function mergeButtonLabel(attributeCount: number, familyMemberCount: number): string {
  return `Merge ${attributeCount} Attributes into ${familyMemberCount} in Family`;
}

/** "Saving N Family Attributes..." */
export function savingFamilyAttributesText(attributeCount: number): string {
  return `Saving ${attributeCount} Family Attributes...`;
}

/** The Replace confirmation, word for word. */
export function replaceConfirmationText(attributeCount: number, productCount: number): string {
  return `Replace ${attributeCount} selected attribute values for ${productCount} products? This will overwrite destination attributes from the source - attributes will not be merged.`;
}

/** "The Merge and Replace buttons are disabled when no family members are selected." */
export function canMergeFamily(selectedFamilyMemberCount: number): boolean {
  return selectedFamilyMemberCount >= 1;
}

/** "If attributes are selected, only those are merged; otherwise all of the product's attributes are." */
export function attributesToCopy<A extends ProductAttribute>(
  source: readonly A[],
  selectedAttributeIds: readonly number[] = [],
): A[] {
  if (selectedAttributeIds.length === 0) return [...source];
  return source.filter((attribute) => selectedAttributeIds.includes(attribute.attributeId));
}

/**
 * Merge: the destination keeps all its attributes and gains the copied ones it lacks.
 * "An attribute already on the product is not added twice": its values on the destination stay as they are.
 */
export function mergeFamilyAttributes<A extends ProductAttribute>(
  source: readonly A[],
  destination: readonly A[],
  selectedAttributeIds: readonly number[] = [],
): A[] {
  const present = new Set(destination.map((attribute) => attribute.attributeId));
  const added: A[] = [];
  for (const attribute of attributesToCopy(source, selectedAttributeIds)) {
    if (present.has(attribute.attributeId)) continue;
    present.add(attribute.attributeId);
    added.push(attribute);
  }
  return [...destination, ...added];
}

/**
 * Replace: each copied attribute overwrites the destination's attribute of the same id with the source's
 * values (no merging of values); one the destination lacks is added. Other destination attributes stay.
 */
export function replaceFamilyAttributes<A extends ProductAttribute>(
  source: readonly A[],
  destination: readonly A[],
  selectedAttributeIds: readonly number[] = [],
): A[] {
  const copied = new Map(
    attributesToCopy(source, selectedAttributeIds).map((attribute) => [attribute.attributeId, attribute]),
  );
  const result = destination.map((attribute) => {
    const replacement = copied.get(attribute.attributeId);
    if (!replacement) return attribute;
    copied.delete(attribute.attributeId);
    return { ...attribute, valueJSON: replacement.valueJSON };
  });
  return [...result, ...copied.values()];
}

// --- Attribute value lists (§5) ---

/** The single-select choice that clears the value. */
export const ATTRIBUTE_NONE_LABEL = 'None';
/** The restricted-list choice that opens a free-text value. */
export const ATTRIBUTE_CUSTOM_LABEL = 'Custom';

export type AttributeSelectMode = 'single' | 'multi';

/** "maxValues 1 makes a single-select"; 0 (no limit) and above 1 are multi-selects. */
export function attributeSelectMode(maxValues: number): AttributeSelectMode {
  return maxValues === 1 ? 'single' : 'multi';
}

export type AttributeChoice =
  | { kind: 'none'; label: typeof ATTRIBUTE_NONE_LABEL }
  | { kind: 'option'; label: string; value: string }
  | { kind: 'custom'; label: typeof ATTRIBUTE_CUSTOM_LABEL };

/**
 * What a list's dropdown offers: 'None' first on a single-select, then the list's options, then 'Custom'
 * (free text) for a restricted-list attribute.
 */
export function attributeChoices(
  options: readonly string[],
  maxValues: number,
  isListRestricted: boolean,
): AttributeChoice[] {
  const choices: AttributeChoice[] = [];
  if (attributeSelectMode(maxValues) === 'single')
    choices.push({ kind: 'none', label: ATTRIBUTE_NONE_LABEL });
  for (const option of options) choices.push({ kind: 'option', label: option, value: option });
  if (isListRestricted) choices.push({ kind: 'custom', label: ATTRIBUTE_CUSTOM_LABEL });
  return choices;
}

export interface AttributeSelection {
  values: string[];
  /** True when the value was refused because the list is full. */
  refused: boolean;
}

/**
 * Selects a value in a list. On a single-select (maxValues 1) the value replaces the current one and
 * null (the 'None' choice) clears it. Otherwise the value is added unless already there; "when maxValues
 * is other than 0, extra selections are refused". Blank text is ignored.
 */
export function selectAttributeValue(
  current: readonly string[],
  value: string | null,
  maxValues: number,
): AttributeSelection {
  const text = value?.trim() ?? '';
  if (attributeSelectMode(maxValues) === 'single') {
    return { values: text === '' ? [] : [text], refused: false };
  }
  if (text === '' || current.includes(text)) return { values: [...current], refused: false };
  if (maxValues !== 0 && current.length >= maxValues) return { values: [...current], refused: true };
  return { values: [...current, text], refused: false };
}

/** Removes a selected value. */
export function deselectAttributeValue(current: readonly string[], value: string): string[] {
  return current.filter((item) => item !== value);
}

/** Server-side check: a list holds no more than maxValues values (0 = no limit). */
export function exceedsMaxValues(values: readonly string[], maxValues: number): boolean {
  return maxValues !== 0 && values.length > maxValues;
}
