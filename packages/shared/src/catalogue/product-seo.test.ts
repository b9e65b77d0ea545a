import { describe, expect, it } from 'vitest';
import { productPatchListSchema, productPatchSchema } from './catalogue.schemas';
import {
  defaultNextImageReview,
  IMAGE_REVIEW_ORDER_MESSAGE,
  imageReviewDatesError,
  mergeProductSeo,
  productSeoPatchSchema,
  readProductSeo,
  SEO_LIMITS,
  SEO_SLUG_MESSAGE,
  seoChanges,
  slugify,
  toDateInputValue,
} from './product-seo';

const messages = (value: unknown) => {
  const result = productSeoPatchSchema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('productSeoPatchSchema', () => {
  it('takes each field at its limit, trimmed', () => {
    const value = {
      title: ` ${'t'.repeat(SEO_LIMITS.title)} `,
      metaDescription: 'm'.repeat(SEO_LIMITS.metaDescription),
      slug: `${'a'.repeat(SEO_LIMITS.slug - 2)}-1`,
      description: 'd'.repeat(SEO_LIMITS.description),
    };
    expect(productSeoPatchSchema.parse(value)).toEqual({ ...value, title: 't'.repeat(SEO_LIMITS.title) });
  });

  it.each([
    [{ title: 't'.repeat(71) }, 'title: Page title takes at most 70 characters'],
    [{ metaDescription: 'm'.repeat(321) }, 'metaDescription: Meta description takes at most 320 characters'],
    [{ slug: `${'a'.repeat(121)}` }, 'slug: URL handle takes at most 120 characters'],
    [{ description: 'd'.repeat(20_001) }, 'description: Description takes at most 20,000 characters'],
    [{ slug: 'Player-Strat' }, `slug: ${SEO_SLUG_MESSAGE}`],
    [{ slug: 'player strat' }, `slug: ${SEO_SLUG_MESSAGE}`],
    [{ slug: '-player' }, `slug: ${SEO_SLUG_MESSAGE}`],
    [{ slug: 'player--strat' }, `slug: ${SEO_SLUG_MESSAGE}`],
    [{ slug: 'player_strat' }, `slug: ${SEO_SLUG_MESSAGE}`],
  ])('refuses %j', (value, message) => {
    expect(messages(value)).toEqual([message]);
  });

  it('refuses unknown keys and wrong types', () => {
    expect(messages({ keywords: 'guitar' })).toHaveLength(1);
    expect(messages({ title: 5 })).toHaveLength(1);
  });

  it('reads empty text as clearing the field and leaves out what was not sent', () => {
    expect(productSeoPatchSchema.parse({ title: '  ', slug: '', description: null })).toEqual({
      title: null,
      slug: null,
      description: null,
    });
  });
});

describe('image review dates in a product patch', () => {
  it('takes a review and a later next review', () => {
    const patch = {
      id: 1,
      imagesReviewedAt: '2025-03-01T10:00:00.000Z',
      imagesNextReviewAt: '2025-08-28T00:00:00.000Z',
    };
    expect(productPatchListSchema.parse([patch])).toEqual([patch]);
  });

  it('refuses a next review before the review, and text that is not a time', () => {
    const early = productPatchListSchema.safeParse([
      {
        id: 1,
        imagesReviewedAt: '2025-03-01T10:00:00.000Z',
        imagesNextReviewAt: '2025-02-01T00:00:00.000Z',
      },
    ]);
    expect(early.success).toBe(false);
    expect(early.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.imagesNextReviewAt', IMAGE_REVIEW_ORDER_MESSAGE],
    ]);
    expect(productPatchSchema.safeParse({ id: 1, imagesReviewedAt: 'yesterday' }).success).toBe(false);
  });

  it('checks the order only when both are given', () => {
    expect(imageReviewDatesError(null, '2025-01-01T00:00:00Z')).toBeNull();
    expect(imageReviewDatesError('2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')).toBe(
      IMAGE_REVIEW_ORDER_MESSAGE,
    );
  });

  it('suggests the next review 180 days on, as a date input value', () => {
    expect(defaultNextImageReview(new Date(2025, 0, 1, 23, 30))).toBe('2025-06-30');
    expect(defaultNextImageReview(new Date(2025, 9, 15, 0, 5))).toBe('2026-04-13');
    expect(toDateInputValue(new Date(2025, 1, 3))).toBe('2025-02-03');
  });
});

describe('SEO in the listing data', () => {
  const condition = { wearConditionSeverityId: 2, conditionDescription: 'Light buckle rash on the back' };

  it('reads the seo key; anything missing or damaged is null', () => {
    expect(readProductSeo({ ...condition, seo: { title: 'Strat', slug: 'strat', description: 5 } })).toEqual({
      title: 'Strat',
      metaDescription: null,
      slug: 'strat',
      description: null,
    });
    expect(readProductSeo(null)).toEqual({
      title: null,
      metaDescription: null,
      slug: null,
      description: null,
    });
    expect(readProductSeo({ seo: 'oops' }).title).toBeNull();
  });

  it('merges a patch into the seo key and keeps the condition data', () => {
    const stored = { ...condition, seo: { title: 'Old title', slug: 'old-slug' } };
    const patch = productSeoPatchSchema.parse({ title: 'New title', slug: '', metaDescription: 'Meta' });
    expect(mergeProductSeo(stored, patch)).toEqual({
      ...condition,
      seo: { title: 'New title', metaDescription: 'Meta' },
    });
  });

  it('sends only the changed fields of a form, trimmed, null when cleared', () => {
    const saved = { title: 'Strat', metaDescription: null, slug: 'strat', description: 'Long text' };
    expect(
      seoChanges(saved, { title: ' Strat ', metaDescription: '', slug: 'strat', description: 'Long text' }),
    ).toEqual({});
    expect(
      seoChanges(saved, { title: 'Strat II', metaDescription: 'Meta', slug: '', description: 'Long text' }),
    ).toEqual({ title: 'Strat II', metaDescription: 'Meta', slug: null });
  });

  it.each([
    ['Fender Player Stratocaster®, Maple Fingerboard', 'fender-player-stratocaster-maple-fingerboard'],
    ['  Crème Brûlée & Co. -- 2025 ', 'creme-brulee-and-co-2025'],
    ['®™', ''],
    [`${'word '.repeat(40)}`, 'word-'.repeat(24).slice(0, 119)],
  ])('makes a handle of %j', (name, slug) => {
    const made = slugify(name);
    expect(made).toBe(slug);
    expect(made.length).toBeLessThanOrEqual(SEO_LIMITS.slug);
    if (made) expect(messages({ slug: made })).toEqual([]);
  });
});
