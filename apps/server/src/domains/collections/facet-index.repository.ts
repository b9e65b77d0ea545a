import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import type { IndexedProduct } from './facet-index';

// The SQL the in-process facet indexes read (facet-index.ts says why they exist, facet-indexes.ts when they
// read it): the account's version (with a search's channel check, ownedChannelsAndVersion), the products
// logged since a version, every active product for a build, and the facet dictionary.

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

/** Cents of a numeric(12,2) as the drivers give it ('12.50', or a number). */
function cents(price: string | number): number {
  if (typeof price === 'number') return Math.round(price * 100);
  const negative = price.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? price.slice(1) : price).split('.');
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

/** A product row as read for the index: facet_ids as its text ('{3,17,250}'), read by intList. */
interface ProductRow {
  product_id: number;
  price: string | number;
  facet_ids: string;
}

/** The ints of an int[] text, read digit by digit (a million rows: the driver's array parser costs more). */
function intList(text: string): number[] {
  const out: number[] = [];
  let n = 0;
  let digits = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      digits = true;
    } else if (digits) {
      out.push(n);
      n = 0;
      digits = false;
    }
  }
  return out;
}

const indexed = (row: ProductRow): IndexedProduct => ({
  productId: Number(row.product_id),
  priceCents: cents(row.price),
  facetIds: intList(row.facet_ids),
});

/** The columns ProductRow reads. */
const PRODUCT_COLUMNS = sql`product_id, price, facet_ids::text as facet_ids`;

export interface SearchVersion {
  version: number;
  prunedThrough: number;
}

/** The account's search version: every change of its products up to it is logged (0: none yet). */
export async function readSearchVersion(db: Db, accountId: number): Promise<SearchVersion> {
  const [row] = await rows<{ version: string | number; pruned_through: string | number }>(
    db,
    sql`select version, pruned_through from product_search_versions where account_id = ${accountId}`,
  );
  return { version: Number(row?.version ?? 0), prunedThrough: Number(row?.pruned_through ?? 0) };
}

/**
 * What every search reads first, in one statement (each round trip costs the server a socket write and the
 * database a statement): which of `channelIds` are the account's sales channels, and its search version.
 */
export async function ownedChannelsAndVersion(
  db: Db,
  accountId: number,
  channelIds: readonly number[],
): Promise<{ owned: number[]; latest: SearchVersion }> {
  const [row] = await rows<{
    owned: (string | number)[];
    version: string | number | null;
    pruned_through: string | number | null;
  }>(
    db,
    sql`select array(select id from sales_channels where account_id = ${accountId} and ${inIds(sql`id`, channelIds)}
          order by id) as owned, v.version, v.pruned_through
        from (select 1) one left join product_search_versions v on v.account_id = ${accountId}`,
  );
  return {
    owned: (row?.owned ?? []).map(Number),
    latest: { version: Number(row?.version ?? 0), prunedThrough: Number(row?.pruned_through ?? 0) },
  };
}

/** The products the account's versions after `from` up to `to` changed. */
export async function changedProductIds(
  db: Db,
  accountId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const found = await rows<{ product_id: number }>(
    db,
    sql`select distinct product_id from product_search_changes
        where account_id = ${accountId} and version > ${from} and version <= ${to}`,
  );
  return found.map((r) => Number(r.product_id));
}

/** The given products as they now are, those still active products of the account (the others are gone). */
export async function activeProducts(db: Db, accountId: number, ids: number[]): Promise<IndexedProduct[]> {
  if (!ids.length) return [];
  const found = await rows<ProductRow>(
    db,
    sql`select ${PRODUCT_COLUMNS} from product_search
        where product_id = any(${`{${ids.join(',')}}`}::int[]) and account_id = ${accountId} and is_active = 1`,
  );
  return found.map(indexed);
}

/** Rows a build reads at a time: the work done on a chunk between two reads holds the event loop. */
const BUILD_CHUNK = 20_000;

/**
 * Every active product of the account in name order (then id), with the version they are the state of: one
 * transaction, read in chunks (`chunk` rows, BUILD_CHUNK unless a test asks fewer) along the (account,
 * active, name, id) index so that a million rows are never held as objects at once. `each` receives the
 * products chunk by chunk. One snapshot matters: between two chunks a product renamed across the chunk
 * boundary would be read twice, or not at all. On PostgreSQL the transaction is repeatable read (one
 * snapshot, taken by the version's read); PGlite has one connection and runs every other statement after
 * the transaction, so no write lands between the chunks (searchkit-index.test.ts writes there on both).
 */
export async function readAllProducts(
  db: Db,
  accountId: number,
  each: (products: IndexedProduct[]) => void | Promise<void>,
  chunk = BUILD_CHUNK,
): Promise<number> {
  return db.transaction(
    async (tx) => {
      const { version } = await readSearchVersion(tx, accountId);
      let after: { name: string; id: number } | null = null;
      for (;;) {
        const page: (ProductRow & { name: string })[] = await rows<ProductRow & { name: string }>(
          tx,
          sql`select ${PRODUCT_COLUMNS}, name from product_search
              where account_id = ${accountId} and is_active = 1
                ${after ? sql`and (name, product_id) > (${after.name}, ${after.id})` : sql``}
              order by name, product_id limit ${chunk}`,
        );
        await each(page.map(indexed));
        if (page.length < chunk) return version;
        const last = page.at(-1)!;
        after = { name: last.name, id: Number(last.product_id) };
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The accounts with active products: those whose indexes a starting server builds. */
export async function accountsWithProducts(db: Db): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select a.id from accounts a
        where exists (select 1 from product_search s where s.account_id = a.id and s.is_active = 1)
        order by a.id`,
  );
  return found.map((r) => Number(r.id));
}

/** Facet dictionary entries by id (search_facet_values: an id never changes once given). */
export async function facetTokens(
  db: Db,
  ids: number[],
): Promise<{ id: number; attribute: string; token: string }[]> {
  if (!ids.length) return [];
  const found = await rows<{ id: number; attribute: string; token: string }>(
    db,
    sql`select id, attribute, token from search_facet_values where id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  return found.map((r) => ({ ...r, id: Number(r.id) }));
}
