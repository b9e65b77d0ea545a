import type { Db } from '../../db/client';
import { FacetIndex, type IndexedProduct } from './facet-index';
import {
  activeProducts,
  changedProductIds,
  facetTokens,
  readAllProducts,
  readSearchVersion,
} from './facet-index.repository';

// When the in-process facet indexes (facet-index.ts) are built, brought up to date and built again. Servers are
// interchangeable (several processes on one PostgreSQL), so an index is only ever an up-to-date copy: before
// each use the account's version is read (one primary-key lookup) and the products logged since the index's
// version are read again; an index that fell too far behind (more changes than a rebuild costs, or changes
// no longer logged) is built again before it answers. Changed products are checked one by one by every
// query until the next build, so once too many are, a build starts in the background and replaces the index
// when done; the old one answers meanwhile, still right.

/** More changed products than this at once: build again rather than apply them one by one. */
const CATCH_UP_MAX = 50_000;
/** Dirty products (checked one by one by every query) beyond which a background build starts. */
const DIRTY_MAX = 2_000;

interface Entry {
  index: FacetIndex | null;
  /** The one sync or build under way: requests that find the index behind wait for it. */
  busy: Promise<FacetIndex> | null;
  rebuilding: boolean;
}

const indexes = new WeakMap<Db, Map<number, Entry>>();

/** The facet dictionary: attribute and value of each facet id, and the ids of each attribute. */
export class FacetDictionary {
  private values = new Map<number, { attribute: string; value: string }>();
  private byAttribute = new Map<string, number[]>();

  get(id: number): { attribute: string; value: string } | undefined {
    return this.values.get(id);
  }

  idsOf(attribute: string): readonly number[] {
    return this.byAttribute.get(attribute) ?? [];
  }

  async learn(db: Db, ids: Iterable<number>): Promise<void> {
    const unknown = [...new Set(ids)].filter((id) => !this.values.has(id));
    for (let i = 0; i < unknown.length; i += 10_000) {
      for (const row of await facetTokens(db, unknown.slice(i, i + 10_000))) {
        this.values.set(row.id, {
          attribute: row.attribute,
          value: row.token.slice(row.attribute.length + 1),
        });
        const list = this.byAttribute.get(row.attribute) ?? [];
        list.push(row.id);
        this.byAttribute.set(row.attribute, list);
      }
    }
  }
}

const dictionaries = new WeakMap<Db, FacetDictionary>();

export function facetDictionary(db: Db): FacetDictionary {
  let dictionary = dictionaries.get(db);
  if (!dictionary) {
    dictionary = new FacetDictionary();
    dictionaries.set(db, dictionary);
  }
  return dictionary;
}

async function build(db: Db, accountId: number): Promise<FacetIndex> {
  const builder = FacetIndex.builder();
  const ids = new Set<number>();
  const version = await readAllProducts(db, accountId, (chunk) => {
    for (const product of chunk) {
      builder.add(product);
      for (const id of product.facetIds) ids.add(id);
    }
  });
  await facetDictionary(db).learn(db, ids);
  return builder.finish(version);
}

/** Applies the changes after the index's version; false when there are too many (build again instead). */
async function catchUp(db: Db, accountId: number, index: FacetIndex, version: number): Promise<boolean> {
  const changed = await changedProductIds(db, accountId, index.version, version);
  if (changed.length > CATCH_UP_MAX) return false;
  const now = new Map<number, IndexedProduct>();
  for (let i = 0; i < changed.length; i += 10_000) {
    for (const p of await activeProducts(db, accountId, changed.slice(i, i + 10_000)))
      now.set(p.productId, p);
  }
  await facetDictionary(db).learn(
    db,
    [...now.values()].flatMap((p) => p.facetIds),
  );
  for (const id of changed) index.update(id, now.get(id) ?? null);
  index.version = version;
  return true;
}

function entryOf(db: Db, accountId: number): Entry {
  let accounts = indexes.get(db);
  if (!accounts) {
    accounts = new Map();
    indexes.set(db, accounts);
  }
  let entry = accounts.get(accountId);
  if (!entry) {
    entry = { index: null, busy: null, rebuilding: false };
    accounts.set(accountId, entry);
  }
  return entry;
}

/** The account's facet index, holding every change the database has committed when this was called. */
export async function facetIndexFor(db: Db, accountId: number): Promise<FacetIndex> {
  const entry = entryOf(db, accountId);
  const latest = await readSearchVersion(db, accountId);
  for (;;) {
    if (entry.index && entry.index.version >= latest.version) return entry.index;
    if (!entry.busy) {
      entry.busy = bringUpToDate(db, accountId, entry).finally(() => {
        entry.busy = null;
      });
    }
    await entry.busy;
  }
}

async function bringUpToDate(db: Db, accountId: number, entry: Entry): Promise<FacetIndex> {
  const { version, prunedThrough } = await readSearchVersion(db, accountId);
  const index = entry.index;
  if (index && index.version >= version) return index;
  if (!index || index.version < prunedThrough || !(await catchUp(db, accountId, index, version))) {
    entry.index = await build(db, accountId);
    return entry.index;
  }
  if (index.dirtyCount > DIRTY_MAX && !entry.rebuilding) {
    entry.rebuilding = true;
    // The fresh index replaces this one when built; the next request brings it up to date.
    void build(db, accountId)
      .then((fresh) => {
        if (fresh.version >= (entry.index?.version ?? 0) - CATCH_UP_MAX) entry.index = fresh;
      })
      .catch(() => {})
      .finally(() => {
        entry.rebuilding = false;
      });
  }
  return index;
}
