// A product's SEO fields and image review dates (catalogue-admin.md §2.8, universal product view). The SEO
// fields live in products.product_listing_data under the key `seo`, beside a used product's condition data.
import { z } from 'zod';
import { multilineText, text } from '../api/text';

/** The key of product_listing_data that holds the SEO fields; the condition data keeps its own keys. */
export const SEO_LISTING_KEY = 'seo';

/** Limits of the SEO fields: what search engines show, and room for a long description. */
export const SEO_LIMITS = {
  title: 70,
  metaDescription: 320,
  slug: 120,
  description: 20_000,
} as const;

/** A URL handle: lowercase letters and digits in words joined by single hyphens, like 'player-stratocaster'. */
export const SEO_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SEO_SLUG_MESSAGE = 'Use lowercase letters, digits and single hyphens, like player-stratocaster';

/** A product's SEO fields as the API answers them: null when not set. */
export interface ProductSeo {
  title: string | null;
  metaDescription: string | null;
  slug: string | null;
  description: string | null;
}

export const SEO_FIELDS = ['title', 'metaDescription', 'slug', 'description'] as const;
export type SeoField = (typeof SEO_FIELDS)[number];

export const SEO_FIELD_LABELS: Record<SeoField, string> = {
  title: 'Page title',
  metaDescription: 'Meta description',
  slug: 'URL handle',
  description: 'Description',
};

/** Trimmed text (on several lines when `multiline`); empty text clears the field (null). */
const seoText = (max: number, label: string, multiline = false) =>
  (multiline ? multilineText() : text())
    .trim()
    .max(max, `${label} takes at most ${max.toLocaleString('en-US')} characters`)
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * The `seo` field of PATCH /api/backroom/products: only the SEO fields that changed. A field left out is
 * kept; null or empty text clears it.
 */
export const productSeoPatchSchema = z.strictObject({
  title: seoText(SEO_LIMITS.title, SEO_FIELD_LABELS.title).optional(),
  metaDescription: seoText(SEO_LIMITS.metaDescription, SEO_FIELD_LABELS.metaDescription, true).optional(),
  slug: text()
    .trim()
    .max(SEO_LIMITS.slug, `${SEO_FIELD_LABELS.slug} takes at most ${SEO_LIMITS.slug} characters`)
    .refine((value) => value === '' || SEO_SLUG_PATTERN.test(value), SEO_SLUG_MESSAGE)
    .nullable()
    .transform((value) => (value ? value : null))
    .optional(),
  description: seoText(SEO_LIMITS.description, SEO_FIELD_LABELS.description, true).optional(),
});
export type ProductSeoPatch = z.input<typeof productSeoPatchSchema>;

/** The SEO fields stored in a product's listing data; anything else there (or a damaged value) reads as null. */
export function readProductSeo(productListingData: unknown): ProductSeo {
  const stored =
    productListingData && typeof productListingData === 'object'
      ? (productListingData as Record<string, unknown>)[SEO_LISTING_KEY]
      : undefined;
  const record = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const field = (key: SeoField) => {
    const value = record[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    title: field('title'),
    metaDescription: field('metaDescription'),
    slug: field('slug'),
    description: field('description'),
  };
}

/**
 * Listing data with the SEO patch applied: the other keys (a used product's condition data) are kept, the
 * SEO fields left out of the patch are kept, cleared ones are dropped. The server does the same in SQL.
 */
export function mergeProductSeo(
  productListingData: Readonly<Record<string, unknown>>,
  patch: z.output<typeof productSeoPatchSchema>,
): Record<string, unknown> {
  const seo: Record<string, string> = {};
  const current = readProductSeo(productListingData);
  for (const key of SEO_FIELDS) {
    const value = patch[key] === undefined ? current[key] : patch[key];
    if (value) seo[key] = value;
  }
  return { ...productListingData, [SEO_LISTING_KEY]: seo };
}

/** The changed SEO fields of a form (trimmed), for a PATCH that sends changed fields only. */
export function seoChanges(saved: ProductSeo, form: Record<SeoField, string>): Partial<ProductSeo> {
  const changes: Partial<ProductSeo> = {};
  for (const key of SEO_FIELDS) {
    const value = form[key].trim() || null;
    if (value !== saved[key]) changes[key] = value;
  }
  return changes;
}

/** A URL handle made from a name: 'Fender Player Stratocaster®, Maple' → 'fender-player-stratocaster-maple'. */
export function slugify(name: string): string {
  return name
    .replace(/[®™©℠]/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SEO_LIMITS.slug)
    .replace(/-+$/, '');
}

// --- Image review ---

/** An image review is due again this many days after the last one (the default of 'Mark Reviewed'). */
export const IMAGE_REVIEW_INTERVAL_DAYS = 180;

/** A date as the browser's date input holds it (YYYY-MM-DD), in local time. */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The default next image review: IMAGE_REVIEW_INTERVAL_DAYS after the review, as YYYY-MM-DD (local). */
export function defaultNextImageReview(reviewedAt: Date): string {
  const next = new Date(reviewedAt);
  next.setDate(next.getDate() + IMAGE_REVIEW_INTERVAL_DAYS);
  return toDateInputValue(next);
}

export const IMAGE_REVIEW_ORDER_MESSAGE = 'The next image review must come after the review.';

/** A next review must come after the review it follows (checked when both are given). */
export function imageReviewDatesError(reviewedAt: string | null, nextReviewAt: string | null): string | null {
  if (!reviewedAt || !nextReviewAt) return null;
  return Date.parse(nextReviewAt) <= Date.parse(reviewedAt) ? IMAGE_REVIEW_ORDER_MESSAGE : null;
}
