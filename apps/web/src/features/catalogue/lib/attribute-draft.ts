import type { Attribute, AttributeSave } from '@backroom/shared';

/** The attributes screen's form, before it is sent. */
export interface AttributeDraft {
  name: string;
  isVariant: boolean;
  isFacet: boolean;
  isListRestricted: boolean;
  lists: { list: string; options: string[]; maxValues: number }[];
}

export function draftOf(attribute: Attribute | null): AttributeDraft {
  return {
    name: attribute?.name ?? '',
    isVariant: attribute?.isVariant === 1,
    isFacet: attribute?.isFacet === 1,
    isListRestricted: attribute?.isListRestricted === 1,
    lists: attribute?.lists.options.map((list) => ({ ...list, options: [...list.options] })) ?? [],
  };
}

/** Why the form cannot be saved yet (the server says the same), or null. */
export function draftProblem(draft: AttributeDraft): string | null {
  if (!draft.name.trim()) return 'Enter a name';
  const names = draft.lists.map((list) => list.list.trim().toLowerCase());
  if (names.some((name) => !name)) return 'Every list needs a name';
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) return `The list ${draft.lists[names.indexOf(twice)]!.list.trim()} is there twice`;
  if (draft.isListRestricted && draft.lists.every((list) => list.options.length === 0)) {
    return 'A restricted attribute needs options to choose from';
  }
  return null;
}

/** A change carries the attribute's id; a new one the account it is made in (§3 "New attribute payload: name, isVariant, isFacet, accountId"). */
export function payloadOf(
  target: { id: number } | { accountId: number },
  draft: AttributeDraft,
): AttributeSave {
  return {
    ...target,
    name: draft.name.trim(),
    isVariant: draft.isVariant ? 1 : 0,
    isFacet: draft.isFacet ? 1 : 0,
    isListRestricted: draft.isListRestricted ? 1 : 0,
    lists: {
      options: draft.lists.map((list) => ({
        list: list.list.trim(),
        options: list.options.map((option) => option.trim()).filter(Boolean),
        maxValues: list.maxValues,
      })),
    },
  };
}
