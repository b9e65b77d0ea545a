import {
  canDeactivateProduct,
  DEACTIVATE_BLOCKED_TITLE,
  deactivationBlock,
  normalizeUpc,
  type ProductPatch,
  type ProductSearch,
  readProductSeo,
  SEO_LISTING_KEY,
  TRAINED_SHIPPING_FIELDS,
  TRAINED_SHIPPING_FORBIDDEN_MESSAGE,
} from '@backroom/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { inIds } from '../../db/in-ids';
import { preparedRows, startsWith } from '../../db/prepared';
import {
  attributes,
  brands,
  bundleItems,
  categories,
  images,
  packaging,
  productAttributes,
  productImages,
  products,
  vendorProducts,
  vendors,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { hasPermission } from '../../http/auth-guard';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { inventorySummaries } from './inventory-summary';
import { emptyInventory, productDtoFromRaw } from './product-dto';

/** Attributes of many products in one query, with their definitions (lists, maxValues, flags). */
async function attributesOf(deps: AppDeps, productIds: number[]) {
  const byProduct = new Map<number, unknown[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await deps.db
    .select({
      productId: productAttributes.productId,
      valueJSON: productAttributes.valueJSON,
      attribute: attributes,
    })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(inIds(productAttributes.productId, productIds))
    .orderBy(asc(attributes.name));
  for (const { productId, valueJSON, attribute } of rows) {
    const list = byProduct.get(productId) ?? [];
    // The attribute's option lists are not repeated on every product (they made a 10,000-product brand list
    // 16 MB); screens that choose values load the definitions through attribute search.
    list.push({
      id: attribute.id,
      name: attribute.name,
      valueJSON,
      isVariant: attribute.isVariant,
      isFacet: attribute.isFacet,
    });
    byProduct.set(productId, list);
  }
  return byProduct;
}

/** Products with their statuses, category, attributes and inventory, in four queries whatever their number. */
export async function loadProducts(deps: AppDeps, auth: AuthContext, where: SQL) {
  // Plain SQL, mapped by the table's own columns: the query builder's nested-selection mapping was the
  // largest cost of a 10,000-product brand list.
  const result = (await deps.db.execute(sql`
    select products.*,
      ps.id as "ps.id", ps.code as "ps.code", ps.label as "ps.label",
      pst.id as "pst.id", pst.name as "pst.name",
      c.id as "c.id", c.name as "c.name", c.path as "c.path"
    from products
    left join pricing_strategies ps on ps.id = products.pricing_strategy_id
    left join purchasing_statuses pst on pst.id = products.purchasing_status_id
    left join categories c on c.id = products.category_id
    where products.account_id = ${auth.accountId} and ${where}
    order by products.sku`)) as unknown as { rows: Record<string, unknown>[] };
  const rows = result.rows.map((raw) => ({
    product: productDtoFromRaw(raw),
    pricingStrategy: raw['ps.id']
      ? { id: raw['ps.id'] as number, code: raw['ps.code'] as string, label: raw['ps.label'] as string }
      : null,
    purchasingStatus: raw['pst.id'] ? { id: raw['pst.id'] as number, name: raw['pst.name'] as string } : null,
    category: raw['c.id']
      ? { id: raw['c.id'] as number, name: raw['c.name'] as string, path: raw['c.path'] as string }
      : null,
  }));
  const ids = rows.map((r) => r.product.id);
  const [attrs, inventory] = await Promise.all([
    attributesOf(deps, ids),
    inventorySummaries(deps.db, auth.accountId, ids),
  ]);
  // Completes each product object in place rather than copying it once more.
  return rows.map(({ product, pricingStrategy, purchasingStatus, category }) =>
    Object.assign(product, {
      pricingStrategy: pricingStrategy?.id ? { ...pricingStrategy, name: pricingStrategy.label } : null,
      purchasingStatus: purchasingStatus?.id ? purchasingStatus : null,
      category: category?.id ? category : null,
      attributes: attrs.get(product.id) ?? [],
      inventory: inventory.get(product.id) ?? emptyInventory(product.id),
    }),
  );
}

/** GET brand/{brandId}/products: every product of the brand with the given active state, sorted by SKU. */
export async function listBrandProducts(deps: AppDeps, auth: AuthContext, brandId: number, isActive: number) {
  const [brand] = await deps.db
    .select()
    .from(brands)
    .where(and(eq(brands.id, brandId), eq(brands.accountId, auth.accountId)));
  if (!brand) throw notFound(`Brand ${brandId} not found.`);
  return loadProducts(deps, auth, and(eq(products.brandId, brandId), eq(products.isActive, isActive))!);
}

/** GET products?productIds=…: the manage products list, the account's products among the ids, by SKU. */
export function listProductsByIds(deps: AppDeps, auth: AuthContext, productIds: readonly number[]) {
  return loadProducts(deps, auth, inIds(sql`products.id`, productIds));
}

/** GET product/{productId}: one product as the brand list shows it, plus its images in order. */
export async function getProduct(deps: AppDeps, auth: AuthContext, productId: number) {
  const [product] = await loadProducts(deps, auth, eq(products.id, productId));
  if (!product) throw notFound(`Product ${productId} not found.`);
  const imageRows = await deps.db
    .select({
      id: productImages.id,
      imageId: productImages.imageId,
      isActive: productImages.isActive,
      isPrimaryImage: productImages.isPrimaryImage,
      sortOrder: productImages.sortOrder,
      url: sql<string>`${images.cloudinaryJSON}->>'secure_url'`,
      thumbnailUrl: sql<string | null>`${images.cloudinaryJSON}->>'thumbnail_url'`,
    })
    .from(productImages)
    .innerJoin(images, eq(images.id, productImages.imageId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.sortOrder), asc(productImages.id));
  const vendorRows = await deps.db
    .select({
      id: vendorProducts.id,
      vendorId: vendorProducts.vendorId,
      vendorName: vendors.name,
      vendorSku: vendorProducts.vendorSku,
      priceCost: sql<number>`${vendorProducts.priceCost}::float8`,
    })
    .from(vendorProducts)
    .innerJoin(vendors, eq(vendors.id, vendorProducts.vendorId))
    .where(eq(vendorProducts.productId, productId))
    .orderBy(asc(vendors.name));
  return {
    ...product,
    seo: readProductSeo(product.productListingData),
    images: imageRows,
    vendorProducts: vendorRows,
    bundleItems: await bundleItemsOf(deps, productId),
  };
}

/** A bundle's components with what their cards show: the item's name, SKU, UPC, size, weight, image. */
export function bundleItemsOf(deps: AppDeps, productId: number) {
  return deps.db
    .select({
      id: bundleItems.id,
      itemProductId: bundleItems.itemProductId,
      quantity: bundleItems.quantity,
      isIncludedInCost: bundleItems.isIncludedInCost,
      isIncludedInMAP: bundleItems.isIncludedInMAP,
      isIncludedInMSRP: bundleItems.isIncludedInMSRP,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      lengthInch: sql<number>`${products.productLengthInch}::float8`,
      widthInch: sql<number>`${products.productWidthInch}::float8`,
      heightInch: sql<number>`${products.productHeightInch}::float8`,
      weightOunce: sql<number>`${products.productWeightOunce}::float8`,
      imageUrl: sql<
        string | null
      >`(select coalesce(i.cloudinary_json->>'thumbnail_url', i.cloudinary_json->>'secure_url')
        from product_images pi join images i on i.id = pi.image_id
        where pi.product_id = ${products.id} and pi.is_active = 1
        order by pi.is_primary_image desc, pi.sort_order limit 1)`,
    })
    .from(bundleItems)
    .innerJoin(products, eq(products.id, bundleItems.itemProductId))
    .where(eq(bundleItems.productId, productId))
    .orderBy(asc(bundleItems.id));
}

/**
 * PATCH products: every change in one transaction, all or nothing. The server applies the rules too:
 * a simple product that still holds units is not deactivated, UPCs are normalised, references must be
 * this account's own.
 */
export async function patchProducts(deps: AppDeps, auth: AuthContext, patches: ProductPatch[]) {
  const ids = [...new Set(patches.map((p) => p.id))];
  if (ids.length !== patches.length) throw badRequest('Each product may appear only once in a save.');
  // 'Update Trained Shipping' is offered only with adminUserAccess (§2.4); a request without it is refused.
  const trained = patches.some((p) => TRAINED_SHIPPING_FIELDS.some((field) => p[field] !== undefined));
  if (trained && !hasPermission(auth, 'adminUserAccess')) throw forbidden(TRAINED_SHIPPING_FORBIDDEN_MESSAGE);
  const existing = await deps.db
    .select({ id: products.id, sku: products.sku, typeId: products.typeId, isActive: products.isActive })
    .from(products)
    .where(and(eq(products.accountId, auth.accountId), inIds(products.id, ids)));
  const byId = new Map(existing.map((p) => [p.id, p]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(`Product ${missing.slice(0, 5).join(', ')} not found.`);

  // The rules of catalogue-admin.md §4.1, as the screen applies them (shared).
  const deactivating = patches
    .filter((p) => p.isActive === 0 && byId.get(p.id)!.typeId === 0)
    .map((p) => p.id);
  if (deactivating.length) {
    const stock = await inventorySummaries(deps.db, auth.accountId, deactivating);
    const held = deactivating.filter((id) => {
      const product = { typeId: 0, inventory: stock.get(id) ?? null };
      return !canDeactivateProduct(product) || deactivationBlock([product]) !== null;
    });
    if (held.length) {
      const skus = held.slice(0, 5).map((id) => byId.get(id)!.sku);
      throw conflict(`${DEACTIVATE_BLOCKED_TITLE}: ${skus.join(', ')}${held.length > 5 ? ' …' : ''}`);
    }
  }
  await checkReferences(deps, auth, patches);

  const now = new Date();
  await deps.db.transaction(async (tx) => {
    for (const patch of patches) {
      const { id, attributes: attrs, attributesReplace, seo, ...fields } = patch;
      const set: Record<string, unknown> = { ...fields, modifiedBy: auth.userId, updatedAt: now };
      if (fields.upc !== undefined) set.normalizedUpc = fields.upc ? normalizeUpc(fields.upc) : null;
      for (const key of ['trainedShippingAt', 'imagesReviewedAt', 'imagesNextReviewAt'] as const) {
        if (fields[key] !== undefined) set[key] = fields[key] ? new Date(fields[key]) : null;
      }
      if (seo && Object.keys(seo).length) set.productListingData = withSeo(seo);
      // numeric columns take decimal text: money to the cent, measures as given.
      for (const key of Object.keys(set)) {
        if (typeof set[key] !== 'number') continue;
        if (/^price|Cost$/.test(key)) set[key] = (set[key] as number).toFixed(2);
        else if (/Inch$|Ounce$/.test(key)) set[key] = String(set[key]);
      }
      await tx.update(products).set(set).where(eq(products.id, id));
      if (attrs) {
        if (attributesReplace) await tx.delete(productAttributes).where(eq(productAttributes.productId, id));
        for (const value of attrs) {
          await tx
            .insert(productAttributes)
            .values({ productId: id, attributeId: value.attributeId, valueJSON: value.valueJSON })
            .onConflictDoUpdate({
              target: [productAttributes.productId, productAttributes.attributeId],
              set: { valueJSON: value.valueJSON },
            });
        }
      }
    }
  });
  return ids.map((id) => ({ id }));
}

/**
 * product_listing_data with the changed SEO fields merged into its `seo` key, in one statement: the other
 * keys (a used product's condition data) and the SEO fields not sent stay as they are; cleared ones go.
 */
function withSeo(seo: NonNullable<ProductPatch['seo']>): SQL {
  const key = sql.raw(`'${SEO_LISTING_KEY}'`);
  const current = sql`coalesce(${products.productListingData}, '{}'::jsonb)`;
  const stored = sql`case when jsonb_typeof(${current} -> ${key}) = 'object' then ${current} -> ${key} else '{}'::jsonb end`;
  return sql`${current} || jsonb_build_object(${key}, jsonb_strip_nulls(${stored} || ${JSON.stringify(seo)}::jsonb))`;
}

/** Brands, categories, attributes and packaging named in a save must be this account's; maxValues holds. */
async function checkReferences(deps: AppDeps, auth: AuthContext, patches: ProductPatch[]) {
  const want = (
    key: 'brandId' | 'categoryId' | 'parentProductId' | 'trainedPackagingId' | 'warehousePackagingId',
  ) => [...new Set(patches.map((p) => p[key]).filter((v): v is number => typeof v === 'number'))];
  const checks: [string, number[], Promise<{ id: number }[]>][] = [
    [
      'Brand',
      want('brandId'),
      deps.db
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.accountId, auth.accountId), inArray(brands.id, [0, ...want('brandId')]))),
    ],
    [
      'Category',
      want('categoryId'),
      deps.db
        .select({ id: categories.id })
        .from(categories)
        .where(
          and(eq(categories.accountId, auth.accountId), inArray(categories.id, [0, ...want('categoryId')])),
        ),
    ],
    [
      'Product',
      want('parentProductId'),
      deps.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.accountId, auth.accountId), inArray(products.id, [0, ...want('parentProductId')])),
        ),
    ],
    [
      'Packaging',
      [...new Set([...want('trainedPackagingId'), ...want('warehousePackagingId')])],
      deps.db
        .select({ id: packaging.id })
        .from(packaging)
        .where(
          and(
            eq(packaging.accountId, auth.accountId),
            inArray(packaging.id, [0, ...want('trainedPackagingId'), ...want('warehousePackagingId')]),
          ),
        ),
    ],
  ];
  for (const [label, ids, query] of checks) {
    const found = new Set((await query).map((r) => r.id));
    const bad = ids.filter((id) => !found.has(id));
    if (bad.length) throw badRequest(`${label} ${bad.join(', ')} does not exist.`);
  }
  const attributeIds = [...new Set(patches.flatMap((p) => p.attributes?.map((a) => a.attributeId) ?? []))];
  if (attributeIds.length) {
    const defs = await deps.db
      .select()
      .from(attributes)
      .where(and(eq(attributes.accountId, auth.accountId), inArray(attributes.id, attributeIds)));
    const byId = new Map(defs.map((d) => [d.id, d]));
    for (const patch of patches) {
      for (const value of patch.attributes ?? []) {
        const def = byId.get(value.attributeId);
        if (!def) throw badRequest(`Attribute ${value.attributeId} does not exist.`);
        for (const [list, values] of Object.entries(value.valueJSON)) {
          const max = def.lists.options.find((o) => o.list === list)?.maxValues ?? 0;
          if (max > 0 && values.length > max) {
            throw badRequest(
              `${def.name}${list === 'Default' ? '' : ` (${list})`} takes at most ${max} value${max === 1 ? '' : 's'}.`,
            );
          }
        }
      }
    }
  }
}

/** The words of a search text, split as the database splits product words (product_search_words, 0010). */
function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
}

/** A text[] literal as one parameter; search words are letters and digits only, quoted so 'null' stays a word. */
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

/** How many known words an unfinished last word may stand for; enough for any word of 3 letters or more. */
const PREFIX_EXPANSIONS = 200;

/**
 * The word lists to merge for a search text. A word some product has is kept as typed; any other is
 * corrected to the nearest word of the account's product names (trigram similarity over that small list).
 * The last word may be unfinished: it stands for itself and every known word it begins, and is corrected
 * only when it is neither. Null when a word matches nothing at all.
 */
async function searchTerms(deps: AppDeps, accountId: number, text: string) {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const found = await preparedRows<{ typed: string; word: string | null; completions: string[] | null }>(
    deps.db,
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
  const last = found.length - 1;
  const whole = found.slice(0, last).map((r) => r.word);
  const { typed, word, completions } = found[last]!;
  const lastWords =
    word === typed || completions?.length ? [typed, ...(completions ?? [])] : word ? [word] : [];
  if (whole.some((w) => w === null) || lastWords.length === 0) return null;
  return { whole: whole as string[], lastWords };
}

/**
 * A search result page (§2.8 modes) from `page`, a query of the page's product ids in their order: a narrow
 * row keeps 250-row pages cheap to read and send. Images and attributes are gathered for the whole page at
 * once: as a subquery per row, each of the 250 rows re-opened two scans, and each re-open asks the kernel
 * for the table's size: two system calls a row, a fifth of the query's time on this project's VMs.
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

interface SearchRow {
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
  attributes: unknown[];
}

const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * POST search/products (§2.8): a UPC finds by barcode, a SKU-looking text by SKU prefix, anything else by
 * whole words with typo tolerance, and as a last resort by trigram similarity over the whole text. Results
 * are in SKU order, a page at a time; every way of searching walks an index in that order and stops at the
 * page's end, which keeps a search over a million products in single-digit milliseconds. Images and
 * attributes come in the same query (one round trip per search).
 */
export async function searchProducts(deps: AppDeps, auth: AuthContext, query: ProductSearch) {
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
  const accountId = auth.accountId;
  const page = sql`limit ${query.limit} offset ${query.offset}`;
  const andAll = (conditions: SQL[]) =>
    conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
  const select = async (from: SQL, id: SQL = sql`p.id`) =>
    preparedRows<SearchRow>(deps.db, searchPage(sql`select ${id} ${from}`));
  const byCondition = (condition: SQL, order: SQL = sql`p.sku`) =>
    select(
      sql`from products p where p.account_id = ${accountId} and ${condition} ${andAll(filters)} order by ${order} ${page}`,
    );

  const text = query.search.trim();
  let rows: SearchRow[] = [];
  if (!text) {
    rows = await byCondition(sql`true`);
  } else if (/^\d{8,16}$/.test(text)) {
    rows = await byCondition(sql`p.normalized_upc = ${normalizeUpc(text)}`);
  } else {
    // One index per way of searching (an OR of them would scan every product).
    if (/^[A-Za-z0-9][A-Za-z0-9-]*\d[A-Za-z0-9-]*$/.test(text)) {
      // Ordered as the prefix index (account, upper(sku) text_pattern_ops) is, so the scan starts at the
      // prefix and stops at the page's end whatever the prefix matches. Ordered by sku instead, the planner
      // walked the SKU index from the account's first product and filtered up to a million rows whenever
      // its estimate of the matches was off (a 5-digit SKU prefix took 0.8 s over 1,000,000 products).
      rows = await byCondition(
        startsWith(sql`upper(p.sku)`, text.toUpperCase()),
        sql`upper(p.sku) using ~<~, p.sku`,
      );
    }
    const terms = rows.length ? null : await searchTerms(deps, accountId, text);
    if (terms) {
      // Merge the words' lists, each in SKU order: the first whole word drives, the others are probed.
      const { whole, lastWords } = terms;
      const has = (words: SQL) =>
        sql`exists (select 1 from product_terms t where t.account_id = ${accountId} and ${words} and t.sku = t0.sku)`;
      const lastCondition = sql`t.word = any(${textArray(lastWords)}::text[])`;
      const probes = [
        ...whole.slice(1).map((w) => has(sql`t.word = ${w}`)),
        ...(whole.length ? [has(lastCondition)] : []),
      ];
      // The terms carry the product id: products is joined only when a filter reads it.
      rows = await select(
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
    }
    if (rows.length === 0) {
      // Last resort: typo tolerance over the whole text (trigram word similarity), slower at scale.
      const lowered = text.toLowerCase();
      const haystack = sql`lower(p.name || ' ' || p.sku || ' ' || coalesce(p.mpn, ''))`;
      rows = await byCondition(
        sql`${lowered} <% ${haystack}`,
        sql`word_similarity(${lowered}, ${haystack}) desc, p.sku`,
      );
    }
  }
  return rows.map((row) => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    upc: row.upc,
    mpn: row.mpn,
    brandId: row.brand_id,
    isActive: row.is_active,
    images: row.images,
    imagesReviewedAt: isoOrNull(row.images_reviewed_at),
    imagesNextReviewAt: isoOrNull(row.images_next_review_at),
    attributes: row.attributes,
  }));
}

/** Saves a bundle's component cards; every item must belong to that bundle of this account. */
export async function patchBundleItems(
  deps: AppDeps,
  auth: AuthContext,
  body: { productId: number; bundleItems: BundleItemPatch[] },
) {
  const [bundle] = await deps.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, body.productId), eq(products.accountId, auth.accountId)));
  if (!bundle) throw notFound(`Product ${body.productId} not found.`);
  await deps.db.transaction(async (tx) => {
    for (const { id, ...fields } of body.bundleItems) {
      if (Object.keys(fields).length === 0) continue;
      const updated = await tx
        .update(bundleItems)
        .set(fields)
        .where(and(eq(bundleItems.id, id), eq(bundleItems.productId, body.productId)))
        .returning({ id: bundleItems.id });
      if (updated.length === 0) throw notFound(`Bundle item ${id} not found.`);
    }
  });
  return bundleItemsOf(deps, body.productId);
}

interface BundleItemPatch {
  id: number;
  quantity?: number;
  isIncludedInCost?: boolean;
  isIncludedInMAP?: boolean;
  isIncludedInMSRP?: boolean;
}
