import {
  buildUsedVariantDraft,
  type ConditionListingData,
  isUsedCondition,
  NEW_CONDITION_ID,
  type Product,
  productConditionById,
  shouldRebuildDraft,
  usedVariantName,
  usedVariantSku,
} from '@backroom/shared';
import type { UsedVariantRequest } from '../../api';

// The used-variant form's state and its rules, kept apart from the modal so they are tested without a browser.

export interface DraftImage {
  imageId: number;
  url: string;
  isPrimaryImage: 0 | 1;
}

export interface Draft {
  productConditionId: number;
  brandId: number;
  upc: string;
  sku: string;
  name: string;
  categoryId: number | null;
  pricingStrategyId: number | null;
  purchasingStatusId: number | null;
  serialNumber: string;
  /** A used variant's wear, damage, missing and notes: the returns' condition form edits the same data. */
  condition: ConditionListingData;
}

/** A fresh form for a variant of `source`: condition New, its brand, category, strategy and status. */
export const newDraft = (source: Product): Draft => ({
  productConditionId: NEW_CONDITION_ID,
  brandId: source.brandId ?? 0,
  upc: '',
  sku: '',
  name: source.name,
  categoryId: source.categoryId,
  pricingStrategyId: source.pricingStrategyId,
  purchasingStatusId: source.purchasingStatusId,
  serialNumber: '',
  condition: {},
});

/** "SKU is disabled for used products": brand alias + UPC + condition alias; a New variant's SKU is typed. */
export function draftSku(draft: Draft, brandAlias: string): string {
  if (!isUsedCondition(draft.productConditionId)) return draft.sku;
  const condition = productConditionById(draft.productConditionId)!;
  return draft.upc ? usedVariantSku(brandAlias, draft.upc, condition.alias) : '';
}

/** What changes when the condition changes: from New to used the draft is rebuilt from the source (§4.9). */
export function conditionChange(source: Product, draft: Draft, id: number): Partial<Draft> {
  if (shouldRebuildDraft(draft.productConditionId, id)) {
    // §4.9: rebuilt from the source: SKU and UPC empty, pricing strategy 41, purchasing status 7.
    const rebuilt = buildUsedVariantDraft(
      { ...source, categoryId: source.categoryId ?? 0, statusId: 1, warehousePackagingId: 0 },
      id,
      { id: draft.brandId, accountId: 0 },
    );
    return {
      productConditionId: id,
      upc: '',
      sku: '',
      name: rebuilt.name,
      pricingStrategyId: rebuilt.pricingStrategyId,
      purchasingStatusId: rebuilt.purchasingStatusId,
    };
  }
  const next = productConditionById(id)!;
  return {
    productConditionId: id,
    name: isUsedCondition(id) ? usedVariantName(source.name, next.name) : source.name,
  };
}

/** Uploaded images join the end; the first image is primary when none is. */
export function withAddedImages(current: DraftImage[], added: DraftImage[]): DraftImage[] {
  const all = [...current, ...added];
  if (!all.some((image) => image.isPrimaryImage) && all[0]) all[0] = { ...all[0], isPrimaryImage: 1 };
  return all;
}

/** One primary image: the chosen one. */
export const withPrimaryImage = (images: DraftImage[], imageId: number): DraftImage[] =>
  images.map((other) => ({ ...other, isPrimaryImage: other.imageId === imageId ? 1 : 0 }));

/** The create request: a used variant's SKU is left to the server, which builds it by the same rule. */
export function createVariantRequest(
  source: Product,
  draft: Draft,
  images: DraftImage[],
): UsedVariantRequest {
  return {
    sourceProductId: source.id,
    productConditionId: draft.productConditionId,
    brandId: draft.brandId,
    upc: draft.upc,
    sku: isUsedCondition(draft.productConditionId) ? undefined : draft.sku,
    categoryId: draft.categoryId,
    pricingStrategyId: draft.pricingStrategyId ?? undefined,
    purchasingStatusId: draft.purchasingStatusId ?? undefined,
    serialNumber: draft.serialNumber || null,
    productListingData: {
      wearConditionSeverityId: draft.condition.wearConditionSeverityId ?? null,
      wearConditionDescription: draft.condition.wearConditionDescription || null,
      damageConditionSeverityId: draft.condition.damageConditionSeverityId ?? null,
      damageConditionDescription: draft.condition.damageConditionDescription || null,
      missingConditionDescription: draft.condition.missingConditionDescription || null,
      conditionDescription: draft.condition.conditionDescription || null,
    },
    images: images.map((image) => ({
      imageId: image.imageId,
      isPrimaryImage: image.isPrimaryImage,
      isActive: 1,
    })),
  };
}
