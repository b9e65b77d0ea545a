import {
  buildUsedVariantDraft,
  isUsedCondition,
  isVariantFormValid,
  normalizeUpc,
  productConditionById,
  type usedVariantCreateSchema,
  usedVariantSku,
} from '@backroom/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { products } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { findBrand } from './products.repository';
import { getProduct } from './use-cases/get-product';
import * as repo from './used-variants.repository';

type Input = z.output<typeof usedVariantCreateSchema>;

/**
 * Creates a condition variant of a product (catalogue-admin.md §2.11, §4.9): the draft is built from the
 * source product by the shared rules, then the form's choices are applied. One transaction: the product
 * and its images exist together or not at all.
 */
export async function createUsedVariant(deps: AppDeps, auth: AuthContext, input: Input) {
  const condition = productConditionById(input.productConditionId);
  if (!condition) throw badRequest(`Unknown condition ${input.productConditionId}.`);
  const source = await repo.findProductRow(deps.db, auth.accountId, input.sourceProductId);
  if (!source) throw notFound(`Product ${input.sourceProductId} not found.`);
  const brand = await findBrand(deps.db, auth.accountId, input.brandId);
  if (!brand) throw notFound(`Brand ${input.brandId} not found.`);
  const imageIds = input.images.map((image) => image.imageId);
  if (imageIds.length) {
    const own = await repo.ownImageIds(deps.db, auth.accountId, imageIds);
    if (own.length !== new Set(imageIds).size) throw notFound('Image not found.');
  }

  const used = isUsedCondition(condition.id);
  const sku = used ? usedVariantSku(brand.alias, input.upc, condition.alias) : (input.sku ?? '').trim();
  const form = { productConditionId: condition.id, upc: input.upc, sku, images: input.images };
  if (!isVariantFormValid(form)) {
    throw badRequest(
      used
        ? 'A used product needs a UPC, a SKU and a primary image.'
        : 'A new product needs a UPC and a SKU.',
    );
  }
  const id = await deps.db.transaction((tx) =>
    insertConditionVariant(tx, auth, { source, brand, condition, sku, input }),
  );
  return getProduct(deps, auth, id);
}

type ProductRow = typeof products.$inferSelect;

/** The source product as the shared §4.9 rules read it. */
function sourceFieldsOf(source: ProductRow) {
  return {
    id: source.id,
    typeId: source.typeId,
    priceCost: Number(source.priceCost),
    priceMAP: Number(source.priceMAP),
    priceSale: Number(source.priceSale),
    categoryId: source.categoryId ?? 0,
    name: source.name,
    mpn: source.mpn,
    packageLengthInch: Number(source.packageLengthInch),
    packageWidthInch: Number(source.packageWidthInch),
    packageHeightInch: Number(source.packageHeightInch),
    packageWeightOunce: Number(source.packageWeightOunce),
    productListingData: source.productListingData,
    statusId: source.statusId,
    warehousePackagingId: source.warehousePackagingId ?? 0,
  };
}

/**
 * Inserts a condition variant of `source` with its images, inside the caller's transaction: the draft is built
 * by the shared §4.9 rules for a used condition, a New variant copies the source. Used by the product editor
 * and by a return's used receipt (returns.md §5). The caller has checked the form (isVariantFormValid).
 */
export async function insertConditionVariant(
  tx: Db,
  auth: AuthContext,
  {
    source,
    brand,
    condition,
    sku,
    input,
  }: {
    source: ProductRow;
    brand: { id: number; alias: string };
    condition: { id: number };
    sku: string;
    input: Omit<Input, 'sourceProductId' | 'brandId' | 'productConditionId' | 'sku'>;
  },
): Promise<number> {
  const used = isUsedCondition(condition.id);
  // A New variant copies the source as it is; a used one is rebuilt by the §4.9 rules.
  const draft = used
    ? buildUsedVariantDraft(sourceFieldsOf(source), condition.id, { id: brand.id, accountId: auth.accountId })
    : null;

  const taken = await repo.findProductIdBySku(tx, auth.accountId, sku);
  if (taken) throw conflict(`SKU ${sku} already exists.`);
  const createdId = await repo.insertProductRow(tx, {
    accountId: auth.accountId,
    sku,
    name: draft?.name ?? source.name,
    typeId: source.typeId,
    isActive: 1,
    upc: input.upc,
    normalizedUpc: normalizeUpc(input.upc),
    mpn: source.mpn,
    brandId: brand.id,
    sourceProductId: source.id,
    parentProductId: source.parentProductId,
    categoryId: input.categoryId === undefined ? source.categoryId : input.categoryId,
    pricingStrategyId: input.pricingStrategyId ?? draft?.pricingStrategyId ?? source.pricingStrategyId,
    purchasingStatusId: input.purchasingStatusId ?? draft?.purchasingStatusId ?? source.purchasingStatusId,
    productConditionId: condition.id,
    statusId: source.statusId,
    warehousePackagingId: source.warehousePackagingId,
    priceCost: source.priceCost,
    priceMAP: source.priceMAP,
    priceSale: source.priceSale,
    harmonizedCode: source.harmonizedCode,
    packageHeightInch: source.packageHeightInch,
    packageWidthInch: source.packageWidthInch,
    packageLengthInch: source.packageLengthInch,
    packageWeightOunce: source.packageWeightOunce,
    productHeightInch: source.productHeightInch,
    productWidthInch: source.productWidthInch,
    productLengthInch: source.productLengthInch,
    productWeightOunce: source.productWeightOunce,
    serialNumber: input.serialNumber ?? null,
    productListingData: { ...(draft?.productListingData ?? {}), ...(input.productListingData ?? {}) },
    modifiedBy: auth.userId,
  });
  await insertVariantImages(tx, auth, createdId, input.images);
  return createdId;
}

/** The variant's images: one primary at most, the first marked one. */
async function insertVariantImages(tx: Db, auth: AuthContext, productId: number, images: Input['images']) {
  if (!images.length) return;
  const primary = images.findIndex((image) => image.isPrimaryImage === 1);
  await repo.insertProductImages(
    tx,
    images.map((image, index) => ({
      productId,
      imageId: image.imageId,
      isPrimaryImage: index === primary ? 1 : 0,
      isActive: image.isActive,
      sortOrder: index,
      createdBy: auth.userId,
    })),
  );
}
