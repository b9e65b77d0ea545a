import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { FacetIndex, type IndexedProduct } from './facet-index';
import {
  accountsWithProducts,
  activeProducts,
  changedProductIds,
  facetTokens,
  readAllProducts,
  readSearchVersion,
  type SearchVersion,
} from './facet-index.repository';

// When the in-process facet indexes (facet-index.ts) are built, brought up to date and built again. Servers are
// interchangeable (several processes on one PostgreSQL), so an index is only ever an up-to-date copy: before
// each use the account's version is read (one primary-key lookup) and the products logged since the index's
// version are read again.
//
// A build never holds a search up. Each server process builds the indexes of every account with products in
// the background when it starts (warmFacetIndexes), and an account's first search starts its build if none
// is under way; until the index is there, and whenever it fell too far behind to catch up (more changes than
// a rebuild costs, or changes no longer logged), searches are answered by the SQL statement over
// product_search (searchkit-proxy.service.ts: right, only slower). The build reads the products in chunks and
// lays them out in steps of STEP products (facet-arrays.ts), letting requests run between them. Changed
// products are checked one by one by every query until the next build, so once too many are, a build starts
// in the background and replaces the index when done; the old one answers meanwhile, still right.

/** More changed products than this at once: build again rather than apply them one by one. */
const CATCH_UP_MAX = 50_000;
/** Dirty products (checked one by one by every query) beyond which a background build starts. */
const DIRTY_MAX = 2_000;

interface Entry {
  index: FacetIndex | null;
  /** The one catch-up under way: requests that find the index a few changes behind wait for it. */
  syncing: Promise<FacetIndex | null> | null;
  /** The build under way, in the background: requests meanwhile do not wait for it. */
  building: Promise<void> | null;
}

/** Per database handle: whether builds are to stop (the app closes), what holds them, where they report. */
interface Builds {
  stopped: boolean;
  held: Promise<void> | null;
  release: (() => void) | null;
  log: FastifyBaseLogger | null;
  running: Set<Promise<void>>;
}

const indexes = new WeakMap<Db, Map<number, Entry>>();
const builds = new WeakMap<Db, Builds>();

function buildsOf(db: Db): Builds {
  let found = builds.get(db);
  if (!found) {
    found = { stopped: false, held: null, release: null, log: null, running: new Set() };
    builds.set(db, found);
  }
  return found;
}

class BuildStopped extends Error {}

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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function build(db: Db, accountId: number): Promise<FacetIndex> {
  const control = buildsOf(db);
  const started = performance.now();
  await control.held;
  if (control.stopped) throw new BuildStopped();
  const dictionary = facetDictionary(db);
  const builder = FacetIndex.builder((id) => dictionary.get(id)?.attribute);
  const ids = new Set<number>();
  const version = await readAllProducts(db, accountId, (chunk) => {
    if (control.stopped) throw new BuildStopped();
    for (const product of chunk) {
      builder.add(product);
      for (const id of product.facetIds) ids.add(id);
    }
  });
  await dictionary.learn(db, ids);
  const steps = builder.layOut(version);
  for (let step = steps.next(); ; step = steps.next()) {
    if (step.done) {
      const index = step.value;
      control.log?.info(
        {
          accountId,
          products: index.productCount,
          indexMB: Math.round(index.bytes / 1048576),
          rssMB: Math.round(process.memoryUsage().rss / 1048576),
          seconds: Math.round(performance.now() - started) / 1000,
        },
        'collections search: facet index built',
      );
      return index;
    }
    await nextTurn();
    if (control.stopped) throw new BuildStopped();
  }
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
    entry = { index: null, syncing: null, building: null };
    accounts.set(accountId, entry);
  }
  return entry;
}

/** Starts a build of the account's index in the background, unless one is under way; resolves when done. */
function startBuild(db: Db, accountId: number, entry: Entry): Promise<void> {
  if (entry.building) return entry.building;
  const control = buildsOf(db);
  if (control.stopped) return Promise.resolve();
  const running = build(db, accountId)
    .then((fresh) => {
      // A fresh index a little behind the one it replaces catches up at the next request.
      if (!entry.index || fresh.version >= entry.index.version - CATCH_UP_MAX) entry.index = fresh;
    })
    .catch((error: unknown) => {
      if (!(error instanceof BuildStopped)) {
        control.log?.warn({ err: error, accountId }, 'collections search: facet index build failed');
      }
    })
    .finally(() => {
      entry.building = null;
      control.running.delete(running);
    });
  entry.building = running;
  control.running.add(running);
  return running;
}

/**
 * The account's facet index, holding every change the database had committed when `latest` (its search
 * version) was read, read now unless the caller read it already; or null while it is being built (or built
 * again after falling too far behind): the caller answers from SQL.
 */
export async function facetIndexFor(
  db: Db,
  accountId: number,
  read?: SearchVersion,
): Promise<FacetIndex | null> {
  const entry = entryOf(db, accountId);
  const latest = read ?? (await readSearchVersion(db, accountId));
  for (;;) {
    const index = entry.index;
    if (index && index.version >= latest.version) return index;
    if (!index || index.version < latest.prunedThrough) {
      void startBuild(db, accountId, entry);
      return null;
    }
    if (!entry.syncing) {
      entry.syncing = bringUpToDate(db, accountId, entry, index).finally(() => {
        entry.syncing = null;
      });
    }
    if (!(await entry.syncing)) return null;
  }
}

/** The index with the changes logged since its version, or null when a build must replace it (started). */
async function bringUpToDate(
  db: Db,
  accountId: number,
  entry: Entry,
  index: FacetIndex,
): Promise<FacetIndex | null> {
  const { version, prunedThrough } = await readSearchVersion(db, accountId);
  if (index.version >= version) return index;
  if (index.version < prunedThrough || !(await catchUp(db, accountId, index, version))) {
    void startBuild(db, accountId, entry);
    return null;
  }
  if (index.dirtyCount > DIRTY_MAX) void startBuild(db, accountId, entry);
  return index;
}

/**
 * At server start: builds the index of every account with active products, one account after another, in
 * the background (each server process builds its own; searches meanwhile are answered from SQL). Each build
 * reports its products, the index's memory and the process's resident memory to `log`.
 */
export async function warmFacetIndexes(db: Db, log: FastifyBaseLogger): Promise<void> {
  buildsOf(db).log = log;
  for (const accountId of await accountsWithProducts(db)) {
    const entry = entryOf(db, accountId);
    if (!entry.index) await startBuild(db, accountId, entry);
  }
}

/** The account's index once built (a build is started when there is none): what tests wait for. */
export async function facetIndexBuilt(db: Db, accountId: number): Promise<FacetIndex | null> {
  const entry = entryOf(db, accountId);
  if (!entry.index) await startBuild(db, accountId, entry);
  return entry.index;
}

/** Builds started from now wait until the returned function is called (tests hold a build open this way). */
export function holdFacetIndexBuilds(db: Db): () => void {
  const control = buildsOf(db);
  control.held = new Promise<void>((resolve) => {
    control.release = () => {
      control.held = null;
      control.release = null;
      resolve();
    };
  });
  return control.release!;
}

/** When the app closes: builds under way stop at their next step, and are waited for. */
export async function stopFacetIndexBuilds(db: Db): Promise<void> {
  const control = buildsOf(db);
  control.stopped = true;
  control.release?.();
  await Promise.all([...control.running]);
}
