import {
  COLLECTION_TYPE_WEB,
  type Collection,
  type CollectionCreate,
  type CollectionJson,
  type CollectionPatch,
  CREATE_PATCH_DELAY_MS,
  collectionCreatedToast,
  collectionUpdatedToast,
  type Refinement,
  type RefinementToggle,
} from './collections';

// The collections editor's state as pure functions (catalogue-admin.md §4.2): a new or duplicated collection
// has a temporary string id until its first save creates it (collectionTypeId 25) and, after 250 ms, patches
// its full json; an existing one is patched. The default collection is selected when nothing is and its name
// stays as it is. Changing the account site clears the selected collection.

/** A collection as the editor holds it: a saved one (numeric id) or a new one (temporary string id). */
export interface EditorCollection extends Omit<Collection, 'id' | 'accountId' | 'modifiedAt'> {
  id: number | string;
}

let tempCounter = 0;
/** §4.2: "A new or duplicated collection gets a temporary string id". */
export const temporaryId = () => `new-${Date.now().toString(36)}-${++tempCounter}`;
export const isTemporaryId = (id: number | string): id is string => typeof id === 'string';

/** §4.2: the default collection when nothing is selected; the selection otherwise. */
export function autoSelect<T extends { id: number | string; isDefaultCollection: number }>(
  collections: readonly T[],
  selected: T | null,
): T | null {
  if (selected) return selected;
  return collections.find((c) => c.isDefaultCollection === 1) ?? null;
}

/** §4.2, §5: "The default collection's name cannot be edited." */
export const canEditName = (collection: Pick<EditorCollection, 'isDefaultCollection'>) =>
  collection.isDefaultCollection !== 1;

/** A new collection on a site, started from the json given (the site's facets, none active). */
export function newCollection(accountSiteId: number, name: string, json: CollectionJson): EditorCollection {
  return {
    id: temporaryId(),
    accountSiteId,
    parentId: null,
    collectionTypeId: COLLECTION_TYPE_WEB,
    name,
    isDefaultCollection: 0,
    json: structuredClone(json),
  };
}

/** A copy of a collection (its json as it is now) that saves as a new web collection. */
export function duplicateCollection(source: EditorCollection): EditorCollection {
  return {
    id: temporaryId(),
    accountSiteId: source.accountSiteId,
    parentId: isTemporaryId(source.id) ? source.parentId : source.id,
    collectionTypeId: COLLECTION_TYPE_WEB,
    name: `${source.name} Copy`,
    isDefaultCollection: 0,
    json: structuredClone(source.json),
  };
}

/** The calls a save makes, in order (§4.2). */
export type SaveStep =
  | { kind: 'create'; body: CollectionCreate }
  | { kind: 'wait'; ms: number }
  | { kind: 'patch'; body: Omit<CollectionPatch, 'id'> & { id: number | 'created' } };

export function planSave(collection: EditorCollection): SaveStep[] {
  const patch = { name: collection.name, json: collection.json };
  if (!isTemporaryId(collection.id)) return [{ kind: 'patch', body: { id: collection.id, ...patch } }];
  return [
    {
      kind: 'create',
      body: {
        accountSiteId: collection.accountSiteId,
        parentId: collection.parentId,
        collectionTypeId: COLLECTION_TYPE_WEB,
        name: collection.name,
      },
    },
    { kind: 'wait', ms: CREATE_PATCH_DELAY_MS },
    { kind: 'patch', body: { id: 'created', ...patch } },
  ];
}

export interface SaveCalls {
  create(body: CollectionCreate): Promise<Collection>;
  patch(body: CollectionPatch): Promise<Collection>;
  wait(ms: number): Promise<void>;
}

/** Runs planSave's steps: the saved collection and the §8 toast ('Created …' or 'Updated …'). */
export async function saveCollection(
  collection: EditorCollection,
  calls: SaveCalls,
): Promise<{ saved: Collection; toast: string }> {
  let created: Collection | null = null;
  let saved: Collection | null = null;
  for (const step of planSave(collection)) {
    if (step.kind === 'create') created = await calls.create(step.body);
    else if (step.kind === 'wait') await calls.wait(step.ms);
    else {
      const id = step.body.id === 'created' ? created!.id : step.body.id;
      saved = await calls.patch({ ...step.body, id });
    }
  }
  const result = saved ?? created!;
  return {
    saved: result,
    toast: created ? collectionCreatedToast(result.name) : collectionUpdatedToast(result.name),
  };
}

export const waitMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// Facets (§2.6 Facet panel): the active ones in refinementOrder, the rest inactive.

const attributeOf = (refinement: Refinement) => refinement.component.attribute;

export function activeRefinements(json: CollectionJson): Refinement[] {
  const { refinements, refinementOrder } = json.instantsearch.configuration;
  const byAttribute = new Map(refinements.map((r) => [attributeOf(r), r]));
  return refinementOrder.map((a) => byAttribute.get(a)).filter((r): r is Refinement => !!r);
}

export function inactiveRefinements(json: CollectionJson): Refinement[] {
  const active = new Set(json.instantsearch.configuration.refinementOrder);
  return json.instantsearch.configuration.refinements.filter((r) => !active.has(attributeOf(r)));
}

const withConfiguration = (
  json: CollectionJson,
  change: Partial<CollectionJson['instantsearch']['configuration']>,
): CollectionJson => ({
  instantsearch: {
    ...json.instantsearch,
    configuration: { ...json.instantsearch.configuration, ...change },
  },
});

/** Adds a facet at the end of the active list. */
export const activateFacet = (json: CollectionJson, attribute: string) =>
  json.instantsearch.configuration.refinementOrder.includes(attribute)
    ? json
    : withConfiguration(json, {
        refinementOrder: [...json.instantsearch.configuration.refinementOrder, attribute],
      });

export const deactivateFacet = (json: CollectionJson, attribute: string) =>
  withConfiguration(json, {
    refinementOrder: json.instantsearch.configuration.refinementOrder.filter((a) => a !== attribute),
  });

/** A drag from one place of the active list to another's. */
export function moveFacet(json: CollectionJson, from: string, to: string): CollectionJson {
  const order = [...json.instantsearch.configuration.refinementOrder];
  const fromIndex = order.indexOf(from);
  const toIndex = order.indexOf(to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return json;
  const [moved] = order.splice(fromIndex, 1);
  order.splice(toIndex, 0, moved!);
  return withConfiguration(json, { refinementOrder: order });
}

export function toggleFacet(json: CollectionJson, attribute: string, key: RefinementToggle): CollectionJson {
  return withConfiguration(json, {
    refinements: json.instantsearch.configuration.refinements.map((r) =>
      attributeOf(r) === attribute ? { ...r, [key]: !r[key] } : r,
    ),
  });
}

export const setSortAndHits = (json: CollectionJson, sortBy: string, hitsPerPage: number) =>
  withConfiguration(json, { sortBy, hitsPerPage });

/** The search's state (query, refinements) as the collection saves it. */
export const withUiState = (json: CollectionJson, uiState: CollectionJson['instantsearch']['uiState']) => ({
  instantsearch: { ...json.instantsearch, uiState },
});
