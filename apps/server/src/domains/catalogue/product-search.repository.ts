import type { ProductAttributeDto, ProductSearch } from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows, startsWith } from '../../db/prepared';

// All SQL of product search (catalogue-admin.md §2.8). Every way of searching walks an index in SKU order
// and stops at the page's end; use-cases/search-products.ts chooses the way.

/** A text[] literal as one parameter; search words are letters and digits only, quoted so 'null' stays a word. */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

/** How many known words an unfinished last word may stand for; enough for any word of 3 letters or more. */
const PREFIX_EXPANSIONS = 200;

export interface SearchRow {
  id: number;
  sku: string;
  name: string;
  upc: string | null;
  mpn: string | null;
  brand_id: number | null;
  is_active: number;
  images_reviewed_at: Date | string | null;
  images_next_review_at: Date | string | null;
  images: { productId: number; id: number; isActive: number; isPrimaryImage: number }[];
  attributes: ProductAttributeDto[];
}

/** For each search word: the word itself if known, else its nearest known word; the last word's completions. */
export function searchWordMatches(db: Db, accountId: number, words: string[]) {
  return preparedRows<{ typed: string; word: string | null; completions: string[] | null }>(
    db,
    sql`
    select q.w as typed, case when k.known then q.w else best.word end as word,
      case when q.ord = ${words.length} then array(
        select pw.word from product_words pw
        where pw.account_id = ${accountId} and pw.word like q.w || '%' and pw.word <> q.w
        order by length(pw.word), pw.word limit ${PREFIX_EXPANSIONS}
      ) end as completions
    from unnest(${textArray(words)}::text[]) with ordinality as q(w, ord)
    cross join lateral (
      select exists (select 1 from product_terms t where t.account_id = ${accountId} and t.word = q.w) as known
    ) k
    -- Only a word no product has is looked up among the names' words (the costly part).
    left join lateral (
      select word from product_words pw
      where not k.known and length(q.w) > 2 and pw.account_id = ${accountId} and pw.word % q.w
      order by similarity(pw.word, q.w) desc, pw.word
      limit 1
    ) best on true
    order by q.ord`,
  );
}

/**
 * A search result page from `page`, a query of the page's product ids in their order: a narrow row keeps
 * 250-row pages cheap to read and send. Images and attributes are gathered for the whole page at once
 * (a subquery per row re-opened two scans per row, much slower).
 */
const searchPage = (page: SQL) => sql`
  with page as materialized (select id, row_number() over () as pos from (${page}) ids),
  images as (
    select pi.product_id, json_agg(json_build_object('productId', pi.product_id, 'id', pi.id,
      'isActive', pi.is_active, 'isPrimaryImage', pi.is_primary_image) order by pi.sort_order, pi.id) as images
    from page join product_images pi on pi.product_id = page.id group by pi.product_id),
  attributes as (
    select pa.product_id, json_agg(json_build_object('id', a.id, 'name', a.name, 'valueJSON', pa.value_json,
      'isVariant', a.is_variant, 'isFacet', a.is_facet) order by a.name) as attributes
    from page join product_attributes pa on pa.product_id = page.id join attributes a on a.id = pa.attribute_id
    group by pa.product_id)
  select p.id, p.sku, p.name, p.upc, p.mpn, p.brand_id, p.is_active, p.images_reviewed_at,
    p.images_next_review_at, coalesce(i.images, '[]') as images, coalesce(a.attributes, '[]') as attributes
  from page join products p on p.id = page.id
  left join images i on i.product_id = page.id
  left join attributes a on a.product_id = page.id
  order by page.pos`;

/** The filters of a search (brand, category and those under it, statuses, types, vendor) over `p`. */
function searchFilters(query: ProductSearch): SQL[] {
  const filters: SQL[] = [];
  if (query.brandId) filters.push(sql`p.brand_id = ${query.brandId}`);
  if (query.categoryId) {
    // A category stands for itself and everything under it: a parent category finds its leaves' products.
    filters.push(sql`p.category_id in (
      with recursive under(id) as (
        select ${query.categoryId}::int
        union all select c.id from categories c join under on c.parent_id = under.id
      ) select id from under)`);
  }
  if (query.purchasingStatusId) filters.push(sql`p.purchasing_status_id = ${query.purchasingStatusId}`);
  if (query.activeIds?.length)
    filters.push(sql`p.is_active = any(${`{${query.activeIds.join(',')}}`}::int[])`);
  if (query.typeIds?.length) filters.push(sql`p.type_id = any(${`{${query.typeIds.join(',')}}`}::int[])`);
  if (query.vendorId) {
    filters.push(
      sql`exists (select 1 from vendor_products vp where vp.product_id = p.id and vp.vendor_id = ${query.vendorId})`,
    );
  }
  return filters;
}

const andAll = (conditions: SQL[]) =>
  conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;

/** The ways of searching one account's products with one query's filters and page. */
export function productSearcher(db: Db, accountId: number, query: ProductSearch) {
  const filters = searchFilters(query);
  const page = sql`limit ${query.limit} offset ${query.offset}`;
  const select = (from: SQL, id: SQL = sql`p.id`) =>
    preparedRows<SearchRow>(db, searchPage(sql`select ${id} ${from}`));
  const byCondition = (condition: SQL, order: SQL = sql`p.sku`) =>
    select(
      sql`from products p where p.account_id = ${accountId} and ${condition} ${andAll(filters)} order by ${order} ${page}`,
    );
  return {
    all: () => byCondition(sql`true`),
    byUpc: (normalizedUpc: string) => byCondition(sql`p.normalized_upc = ${normalizedUpc}`),
    // Ordered as the prefix index (account, upper(sku) text_pattern_ops) is, so the scan starts at the
    // prefix and stops at the page's end whatever the prefix matches (ordered by sku, the planner could
    // walk the SKU index from the account's first product when its estimate of the matches was off).
    bySkuPrefix: (prefix: string) =>
      byCondition(startsWith(sql`upper(p.sku)`, prefix.toUpperCase()), sql`upper(p.sku) using ~<~, p.sku`),
    /** Merges the words' lists, each in SKU order: the first whole word drives, the others are probed. */
    byWords: (whole: string[], lastWords: string[]) => {
      const has = (words: SQL) =>
        sql`exists (select 1 from product_terms t where t.account_id = ${accountId} and ${words} and t.sku = t0.sku)`;
      const lastCondition = sql`t.word = any(${textArray(lastWords)}::text[])`;
      const probes = [
        ...whole.slice(1).map((w) => has(sql`t.word = ${w}`)),
        ...(whole.length ? [has(lastCondition)] : []),
      ];
      // The terms carry the product id: products is joined only when a filter reads it.
      return select(
        sql`
        from product_terms t0 ${filters.length ? sql`join products p on p.id = t0.product_id` : sql``}
        where t0.account_id = ${accountId}
          and ${whole.length ? sql`t0.word = ${whole[0]}` : sql`t0.word = any(${textArray(lastWords)}::text[])`}
          ${andAll(probes)} ${andAll(filters)}
        order by t0.sku ${page}`,
        // Driven by the completions of one unfinished word, a product holding two of them ('roland', 'roll')
        // has two term rows: one row per product. A whole word drives with one row per product already.
        whole.length ? sql`t0.product_id as id` : sql`distinct on (t0.sku) t0.product_id as id`,
      );
    },
    /** Last resort: typo tolerance over the whole text (trigram word similarity), slower at scale. */
    bySimilarity: (text: string) => {
      const lowered = text.toLowerCase();
      const haystack = sql`lower(p.name || ' ' || p.sku || ' ' || coalesce(p.mpn, ''))`;
      return byCondition(
        sql`${lowered} <% ${haystack}`,
        sql`word_similarity(${lowered}, ${haystack}) desc, p.sku`,
      );
    },
  };
}
