import dayjs from 'dayjs';

/** Result modes of the SEO page (catalogue-admin.md §2.8, §9); the page opens in 'seo'. */
export const SEARCH_MODES = ['basic', 'images', 'attributes', 'seo'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];
export const DEFAULT_SEARCH_MODE: SearchMode = 'seo';

export const MODE_LABELS: Record<SearchMode, string> = {
  basic: 'Basic',
  images: 'Images',
  attributes: 'Attributes',
  seo: 'SEO',
};

/** The Edit button of each mode, word for word. */
export const EDIT_LABELS: Record<SearchMode, string> = {
  basic: 'Edit Basic',
  images: 'Edit Images',
  attributes: 'Edit Attributes',
  seo: 'Edit SEO',
};

/** Result columns per mode, in the spec's order. */
export const MODE_COLUMNS: Record<SearchMode, readonly string[]> = {
  basic: ['SKU', 'Edit', 'Name', 'UPC', 'MPN'],
  images: ['SKU', 'Edit', 'Name', 'Reviewed', 'Next Review', 'Images count'],
  attributes: ['SKU', 'Edit', 'Name', 'Attributes count'],
  seo: ['SKU', 'Edit', 'Name'],
};

/** An unknown or missing mode in the URL falls back to the given default. */
export function parseMode(value: string | null | undefined, fallback: SearchMode = DEFAULT_SEARCH_MODE) {
  return (SEARCH_MODES as readonly string[]).includes(value ?? '') ? (value as SearchMode) : fallback;
}

/** Where an Edit button goes: the universal product view of that product in that mode. */
export function productEditPath(productId: number, mode: SearchMode): string {
  return `/tools/universal/product?productId=${productId}&mode=${mode}`;
}

/** "The Images count counts only images with isActive equal to 1." */
export function activeImageCount(images: readonly { isActive: number }[]): number {
  return images.filter((image) => image.isActive === 1).length;
}

const DATE_FORMAT = 'MMM D, YYYY';

/** Reviewed: a date or 'Never'. */
export function reviewedText(at: string | null | undefined): string {
  return at ? dayjs(at).format(DATE_FORMAT) : 'Never';
}

/** Next Review: a date or 'None'. */
export function nextReviewText(at: string | null | undefined): string {
  return at ? dayjs(at).format(DATE_FORMAT) : 'None';
}
