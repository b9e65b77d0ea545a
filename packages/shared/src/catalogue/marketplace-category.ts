// The marketplace category bulk action (catalogue-admin.md §2.4 last bullet, §5 "Marketplace category
// Change is enabled only with a site category chosen and only one marketplace selected", §7 Site category
// suggestions). The enabling rule itself is canApply('marketplaceCategory', …) in bulk-actions.ts.
import { z } from 'zod';
import { idSchema, text } from '../api/text';

const id = idSchema;

/** Marketplaces by site id (orders-warehouse.md: "Site ids: 1 Amazon, 2 eBay, 14 Reverb, 99 own store"). */
export const MARKETPLACES = [
  { siteId: 1, name: 'Amazon' },
  { siteId: 2, name: 'eBay' },
  { siteId: 14, name: 'Reverb' },
] as const;
export const MARKETPLACE_SITE_IDS: readonly number[] = MARKETPLACES.map((m) => m.siteId);

export const MARKETPLACE_CATEGORY_ACTION_LABEL = 'Update Marketplace Categories';
export const SITE_CATEGORY_SUGGESTIONS_ERROR = 'Error fetching site category suggestions.';

export function marketplaceName(siteId: number): string {
  return MARKETPLACES.find((m) => m.siteId === siteId)?.name ?? `Site ${siteId}`;
}

/**
 * The marketplaces a Change would touch: those picked in the marketplace selector plus the chosen site
 * category's own, without repeats. More than one gives the '>1 Marketplace Selected' warning.
 */
export function selectedMarketplaces(
  picked: readonly number[],
  chosenCategorySiteId: number | null | undefined,
): number[] {
  const all = [...picked, ...(chosenCategorySiteId ? [chosenCategorySiteId] : [])];
  return [...new Set(all)];
}

/** The selected products' own categories, for the suggestions call (unique, set, at most 100). */
export function suggestionCategoryIds(
  products: readonly { categoryId: number | null | undefined }[],
): number[] {
  const ids = products
    .map((p) => p.categoryId)
    .filter((value): value is number => typeof value === 'number' && value > 0);
  return [...new Set(ids)].slice(0, 100);
}

/** POST /api/v1/backroom/listing/siteCategory/search: site categories whose path contains the text. */
export const siteCategorySearchSchema = z.object({
  search: text().trim().max(200).default(''),
  siteIds: z.array(id).max(10).optional(),
});

/** PATCH /api/v1/backroom/listing/siteCategory: lists the products under one site category, all or nothing. */
export const productSiteCategoryPatchSchema = z.object({
  siteCategoryId: id,
  productIds: z
    .array(id)
    .min(1)
    .max(5000)
    .transform((ids) => [...new Set(ids)]),
});
export type ProductSiteCategoryPatch = z.input<typeof productSiteCategoryPatchSchema>;

/** 'Changed the eBay Category of N Products' (singular for one). */
export function marketplaceCategoryChangedMessage(siteId: number, count: number): string {
  return `Changed the ${marketplaceName(siteId)} Category of ${count} ${count === 1 ? 'Product' : 'Products'}`;
}
