import { describe, expect, it, vi } from 'vitest';
import {
  activateFacet,
  activeRefinements,
  autoSelect,
  canEditName,
  deactivateFacet,
  duplicateCollection,
  type EditorCollection,
  inactiveRefinements,
  isTemporaryId,
  moveFacet,
  newCollection,
  planSave,
  saveCollection,
  toggleFacet,
  waitMs,
} from './collection-editor';
import {
  type Collection,
  type CollectionJson,
  collectionIndexName,
  collectionJsonSchema,
  defaultChannelId,
  emptyCollectionJson,
  formatResultCount,
  type Refinement,
} from './collections';

const facet = (attribute: string, label: string): Refinement => ({
  component: { type: 'refinementList', attribute, searchable: true, showMore: true, showMoreLimit: 200 },
  isEnabledEditor: true,
  isEnabledCustomer: true,
  isEnabledCustomerBubble: false,
  label,
  isDeselectable: true,
  isSelectionRequired: false,
});

const base = {
  accountSiteId: 3,
  channelId: 664,
  indexName: collectionIndexName(664),
  refinements: [facet('brand', 'Brand'), facet('category', 'Category'), facet('Color', 'Color')],
  sortBy: [{ value: 'vsf_product_664', label: 'Relevance' }],
  hitsPerPage: 64,
};
const json: CollectionJson = emptyCollectionJson(base);

const saved = (over: Partial<Collection> = {}): Collection => ({
  id: 10,
  accountSiteId: 3,
  accountId: 1,
  parentId: null,
  collectionTypeId: 5,
  name: 'Storefront',
  isDefaultCollection: 1,
  json,
  modifiedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('§9 constants and formats', () => {
  it('names the index by channel and caps the count at 10k+', () => {
    expect(collectionIndexName(593)).toBe('vsf_product_593');
    expect(formatResultCount(9999)).toBe('9,999');
    expect(formatResultCount(10000)).toBe('10k+');
    expect(formatResultCount(0)).toBe('0');
  });
  it('§6: account 6 selects channel 593, other accounts 664', () => {
    expect(defaultChannelId(6)).toBe(593);
    expect(defaultChannelId(1)).toBe(664);
    expect(defaultChannelId(7)).toBe(664);
  });
  it('a new collection starts with every facet inactive, sorted by the index, 64 a page', () => {
    expect(collectionJsonSchema.parse(json)).toEqual(json);
    expect(json.instantsearch.configuration).toMatchObject({ refinementOrder: [], hitsPerPage: 64 });
    expect(inactiveRefinements(json)).toHaveLength(3);
  });
});

describe('§4.2 selection and the default collection', () => {
  const def = saved();
  const web = saved({ id: 11, isDefaultCollection: 0, collectionTypeId: 25, name: 'Guitars' });
  it('selects the default collection when nothing is selected, and keeps a selection', () => {
    expect(autoSelect([web, def], null)).toBe(def);
    expect(autoSelect([web, def], web)).toBe(web);
    expect(autoSelect([web], null)).toBeNull();
  });
  it("locks the default collection's name only", () => {
    expect(canEditName(def)).toBe(false);
    expect(canEditName(web)).toBe(true);
  });
});

describe('§4.2 save: temporary id, create (type 25), wait 250 ms, patch the full json', () => {
  it('gives new and duplicated collections a temporary string id', () => {
    const fresh = newCollection(3, 'Sale', json);
    expect(isTemporaryId(fresh.id)).toBe(true);
    const copy = duplicateCollection({ ...saved(), id: 10 } as EditorCollection);
    expect(isTemporaryId(copy.id)).toBe(true);
    expect(copy).toMatchObject({
      parentId: 10,
      isDefaultCollection: 0,
      collectionTypeId: 25,
      name: 'Storefront Copy',
    });
    expect(copy.id).not.toBe(fresh.id);
    expect(canEditName(copy)).toBe(true);
  });

  it('plans create, wait 250, patch for a new one and a single patch for a saved one', () => {
    const fresh = { ...newCollection(3, 'Sale', json), parentId: 10 };
    expect(planSave(fresh)).toEqual([
      { kind: 'create', body: { accountSiteId: 3, parentId: 10, collectionTypeId: 25, name: 'Sale' } },
      { kind: 'wait', ms: 250 },
      { kind: 'patch', body: { id: 'created', name: 'Sale', json } },
    ]);
    expect(planSave({ ...saved(), id: 10 })).toEqual([
      { kind: 'patch', body: { id: 10, name: 'Storefront', json } },
    ]);
  });

  it('creates, waits 250 ms, then patches the created id with the json; toasts Created', async () => {
    vi.useFakeTimers();
    try {
      const order: string[] = [];
      const changed = activateFacet(json, 'brand');
      const fresh = { ...newCollection(3, 'Sale', json), json: changed };
      const calls = {
        create: vi.fn(async () => {
          order.push('create');
          return saved({ id: 42, name: 'Sale', isDefaultCollection: 0, collectionTypeId: 25 });
        }),
        patch: vi.fn(async (body: { id: number; name: string; json: CollectionJson }) => {
          order.push(`patch ${body.id}`);
          return saved({ id: body.id, name: body.name, json: body.json, isDefaultCollection: 0 });
        }),
        wait: (ms: number) => {
          order.push(`wait ${ms}`);
          return waitMs(ms);
        },
      };
      const done = saveCollection(fresh, calls);
      await vi.advanceTimersByTimeAsync(249);
      expect(order).toEqual(['create', 'wait 250']);
      await vi.advanceTimersByTimeAsync(1);
      const result = await done;
      expect(order).toEqual(['create', 'wait 250', 'patch 42']);
      expect(calls.patch).toHaveBeenCalledWith({ id: 42, name: 'Sale', json: changed });
      expect(result.toast).toBe('Created Collection: Sale');
      expect(result.saved.id).toBe(42);
    } finally {
      vi.useRealTimers();
    }
  });

  it('patches a saved collection at once; toasts Updated', async () => {
    const calls = {
      create: vi.fn(),
      wait: vi.fn(),
      patch: vi.fn(async () => saved({ name: 'Storefront' })),
    };
    const result = await saveCollection({ ...saved(), id: 10 }, calls);
    expect(calls.create).not.toHaveBeenCalled();
    expect(calls.wait).not.toHaveBeenCalled();
    expect(result.toast).toBe('Updated Collection: Storefront');
  });
});

describe('§2.6 facets: order by drag, inactive list, five toggles', () => {
  it('activates, reorders and deactivates facets', () => {
    let j = activateFacet(json, 'brand');
    j = activateFacet(j, 'category');
    j = activateFacet(j, 'Color');
    expect(activeRefinements(j).map((r) => r.label)).toEqual(['Brand', 'Category', 'Color']);
    j = moveFacet(j, 'Color', 'brand');
    expect(j.instantsearch.configuration.refinementOrder).toEqual(['Color', 'brand', 'category']);
    j = deactivateFacet(j, 'brand');
    expect(activeRefinements(j).map((r) => r.label)).toEqual(['Color', 'Category']);
    expect(inactiveRefinements(j).map((r) => r.label)).toEqual(['Brand']);
    expect(activateFacet(j, 'category')).toBe(j);
  });
  it('flips one toggle of one facet', () => {
    const j = toggleFacet(json, 'brand', 'isEnabledCustomerBubble');
    expect(j.instantsearch.configuration.refinements[0]!.isEnabledCustomerBubble).toBe(true);
    expect(j.instantsearch.configuration.refinements[1]!.isEnabledCustomerBubble).toBe(false);
    expect(json.instantsearch.configuration.refinements[0]!.isEnabledCustomerBubble).toBe(false);
  });
});
