import {
  canDeactivateProduct,
  DEACTIVATE_BLOCKED_TITLE,
  deactivationBlock,
  normalizeUpc,
  type ProductPatch,
  type ProductSearch,
} from '@backroom/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { inIds } from '../../db/in-ids';
import { rowMapper } from '../../db/row-mapper';
import {
  attributes,
  brands,
  bundleItems,
  categories,
  images,
  productAttributes,
  productImages,
  products,
  vendorProducts,
  vendors,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { inventorySummaries } from './inventory-summary';
import { emptyInventory, toProductDto } from './product-dto';

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

const productFromDriver = rowMapper(products);

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
    product: productFromDriver(raw),
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
  return rows.map(({ product, pricingStrategy, purchasingStatus, category }) => ({
    ...toProductDto(product),
    pricingStrategy: pricingStrategy?.id ? { ...pricingStrategy, name: pricingStrategy.label } : null,
    purchasingStatus: purchasingStatus?.id ? purchasingStatus : null,
    category: category?.id ? category : null,
    attributes: attrs.get(product.id) ?? [],
    inventory: inventory.get(product.id) ?? emptyInventory(product.id),
  }));
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
    for (const { id, attributes: attrs, attributesReplace, trainedShippingAt, ...fields } of patches) {
      const set: Record<string, unknown> = { ...fields, modifiedBy: auth.userId, updatedAt: now };
      if (fields.upc !== undefined) set.normalizedUpc = fields.upc ? normalizeUpc(fields.upc) : null;
      if (trainedShippingAt !== undefined)
        set.trainedShippingAt = trainedShippingAt ? new Date(trainedShippingAt) : null;
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

/** Brands, categories, attributes and packaging named in a save must be this account's; maxValues holds. */
async function checkReferences(deps: AppDeps, auth: AuthContext, patches: ProductPatch[]) {
  const want = (key: 'brandId' | 'categoryId' | 'parentProductId') => [
    ...new Set(patches.map((p) => p[key]).filter((v): v is number => typeof v === 'number')),
  ];
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

const SEARCH_VECTOR = sql`to_tsvector('simple', ${products.name} || ' ' || ${products.sku} || ' ' || coalesce(${products.mpn}, ''))`;

/**
 * Whole-word search with typo tolerance that scales: each word of the text is corrected to the nearest word
 * the account's product names use (trigram similarity over that small list), then all words must match
 * through the full-text index; the last word may be a prefix, as people type.
 */
async function wordsCondition(deps: AppDeps, accountId: number, text: string): Promise<SQL> {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 12);
  if (words.length === 0) return sql`false`;
  const corrected = (await deps.db.execute(sql`
    select q.ord, coalesce(best.word, q.w) as word
    from unnest(string_to_array(${words.join(' ')}, ' ')) with ordinality as q(w, ord)
    left join lateral (
      select word from product_words pw
      where length(q.w) > 2 and pw.account_id = ${accountId} and pw.word % q.w
      order by (pw.word = q.w) desc, similarity(pw.word, q.w) desc, pw.word
      limit 1
    ) best on true
    order by q.ord`)) as unknown as { rows: { word: string }[] };
  const terms = corrected.rows.map((r, i) => {
    const word = r.word.replace(/[^\p{L}\p{N}]/gu, '');
    // The last word as typed may be unfinished: a prefix match keeps search-as-you-type working.
    return i === corrected.rows.length - 1 && r.word === words[i] ? `${word}:*` : word;
  });
  return sql`${SEARCH_VECTOR} @@ to_tsquery('simple', ${terms.filter(Boolean).join(' & ')})`;
}

/**
 * POST search/products: a UPC finds by barcode, a SKU by prefix, anything else by name with typo tolerance
 * (trigram word similarity on name, SKU and MPN).
 */
export async function searchProducts(deps: AppDeps, auth: AuthContext, query: ProductSearch) {
  const where: (SQL | undefined)[] = [eq(products.accountId, auth.accountId)];
  if (query.brandId) where.push(eq(products.brandId, query.brandId));
  if (query.categoryId) where.push(eq(products.categoryId, query.categoryId));
  if (query.purchasingStatusId) where.push(eq(products.purchasingStatusId, query.purchasingStatusId));
  if (query.activeIds?.length) where.push(inArray(products.isActive, query.activeIds));
  if (query.typeIds?.length) where.push(inArray(products.typeId, query.typeIds));
  if (query.vendorId) {
    where.push(
      sql`exists (select 1 from ${vendorProducts} vp where vp.product_id = ${products.id} and vp.vendor_id = ${query.vendorId})`,
    );
  }
  const text = query.search.trim();
  const haystack = sql`lower(${products.name} || ' ' || ${products.sku} || ' ' || coalesce(${products.mpn}, ''))`;
  let order: SQL[] = [asc(products.sku)];
  const run = (extra: SQL | undefined, orderBy: SQL[]) =>
    deps.db
      .select()
      .from(products)
      .where(and(...where, extra))
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
  let rows: (typeof products.$inferSelect)[];
  if (/^\d{8,16}$/.test(text)) {
    rows = await run(eq(products.normalizedUpc, normalizeUpc(text)), order);
  } else {
    // One index per way of searching (an OR of both would scan every product): a SKU-looking text is
    // tried as a SKU prefix first, then as words with typo tolerance (trigram word similarity).
    const skuLike = /^[A-Za-z0-9][A-Za-z0-9-]*\d[A-Za-z0-9-]*$/.test(text);
    rows = skuLike ? await run(sql`upper(${products.sku}) like ${`${text.toUpperCase()}%`}`, order) : [];
    if (rows.length === 0 && text) {
      rows = await run(await wordsCondition(deps, auth.accountId, text), order);
    }
    if (rows.length === 0 && text) {
      // Last resort: typo tolerance over the whole text (trigram word similarity), slower at scale.
      const lowered = text.toLowerCase();
      order = [desc(sql`word_similarity(${lowered}, ${haystack})`), asc(products.sku)];
      rows = await run(sql`${lowered} <% ${haystack}`, order);
    } else if (!text) {
      rows = await run(undefined, order);
    }
  }
  const ids = rows.map((r) => r.id);
  const [attrs, imageRows] = await Promise.all([
    attributesOf(deps, ids),
    ids.length
      ? deps.db
          .select({
            productId: productImages.productId,
            id: productImages.id,
            isActive: productImages.isActive,
            isPrimaryImage: productImages.isPrimaryImage,
          })
          .from(productImages)
          .where(inIds(productImages.productId, ids))
      : Promise.resolve([]),
  ]);
  return rows.map((row) => {
    const dto = toProductDto(row);
    return {
      id: dto.id,
      sku: dto.sku,
      name: dto.name,
      upc: dto.upc,
      mpn: dto.mpn,
      brandId: dto.brandId,
      isActive: dto.isActive,
      images: imageRows.filter((i) => i.productId === row.id),
      imagesReviewedAt: dto.imagesReviewedAt,
      imagesNextReviewAt: dto.imagesNextReviewAt,
      attributes: attrs.get(row.id) ?? [],
    };
  });
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
