import { z } from 'zod';
import { idSchema, intSchema, MAX_INT, multilineText, text } from '../api/text';
import { IMAGE_REVIEW_ORDER_MESSAGE, imageReviewDatesError, productSeoPatchSchema } from './product-seo';

const flag = z.union([z.literal(0), z.literal(1)]);
const id = idSchema;
/** "Price fields: empty or non-numeric becomes 0" (the screen's rule); the API takes numbers ≥ 0 or decimal text. */
const price = z
  .union([
    z.number(),
    text()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/, 'Enter an amount like 12.50'),
  ])
  .transform(Number)
  .pipe(z.number().min(0, 'Prices cannot be negative').max(9_999_999.99));
const dimension = z
  .union([
    z.number(),
    text()
      .trim()
      .regex(/^\d+(\.\d{1,2})?$/),
  ])
  .transform(Number)
  .pipe(z.number().min(0).max(10_000));

/** "Harmonized code: digits only, truncated to 9 characters." */
export const harmonizedCodeSchema = text()
  .trim()
  .regex(/^\d{0,9}$/, 'Harmonized codes are digits only, at most 9')
  .nullable();

export const productAttributeValueSchema = z.object({
  attributeId: id,
  valueJSON: z.record(text().min(1).max(60), z.array(text().trim().min(1).max(200)).max(100)),
});

/** One changed product of PATCH /api/backroom/products: its id and only the fields that changed. */
export const productPatchSchema = z.strictObject({
  id,
  isActive: flag.optional(),
  name: text().trim().min(1).max(300).optional(),
  upc: text()
    .trim()
    .regex(/^\d{0,16}$/, 'UPC must be digits, at most 16')
    .nullable()
    .optional(),
  mpn: text().trim().max(100).nullable().optional(),
  brandId: id.nullable().optional(),
  parentProductId: id.nullable().optional(),
  priceMAP: price.optional(),
  priceCost: price.optional(),
  priceSale: price.optional(),
  verifiedPriceMAP: price.optional(),
  productHeightInch: dimension.optional(),
  productWidthInch: dimension.optional(),
  productLengthInch: dimension.optional(),
  productWeightOunce: dimension.optional(),
  packageHeightInch: dimension.optional(),
  packageWidthInch: dimension.optional(),
  packageLengthInch: dimension.optional(),
  packageWeightOunce: dimension.optional(),
  isCloseout: flag.optional(),
  harmonizedCode: harmonizedCodeSchema.optional(),
  purchasingStatusId: id.optional(),
  pricingStrategyId: id.optional(),
  categoryId: id.nullable().optional(),
  warehousePackagingId: id.nullable().optional(),
  /** The product's attributes after the change; `attributesReplace` drops those not listed. */
  attributes: z.array(productAttributeValueSchema).max(200).optional(),
  attributesReplace: z.boolean().optional(),
  trainedShippingCost: price.nullable().optional(),
  trainedPackagingId: id.nullable().optional(),
  trainedShippingAt: z.iso.datetime().nullable().optional(),
  /** The image review (universal product view, images mode): when reviewed, and when due again. */
  imagesReviewedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  imagesNextReviewAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The SEO fields that changed, kept in product_listing_data.seo beside the condition data. */
  seo: productSeoPatchSchema.optional(),
});
export type ProductPatch = z.infer<typeof productPatchSchema>;

/** A next image review must come after the review it follows (when a change gives both). */
const imageReviewOrder = (patch: ProductPatch, ctx: z.RefinementCtx) => {
  if (imageReviewDatesError(patch.imagesReviewedAt ?? null, patch.imagesNextReviewAt ?? null)) {
    ctx.addIssue({ code: 'custom', path: ['imagesNextReviewAt'], message: IMAGE_REVIEW_ORDER_MESSAGE });
  }
};

export const productPatchListSchema = z
  .array(productPatchSchema.superRefine(imageReviewOrder))
  .min(1)
  .max(5000);

export const brandProductsQuerySchema = z.object({
  isActive: z.enum(['0', '1']).transform(Number).default(1),
});

/** POST /api/backroom/search/products (catalogue-admin.md §3 Search). */
export const productSearchSchema = z.object({
  search: text().trim().max(200).default(''),
  brandId: id.nullable().optional(),
  vendorId: id.nullable().optional(),
  categoryId: id.nullable().optional(),
  purchasingStatusId: id.nullable().optional(),
  activeIds: z.array(flag).max(2).optional(),
  typeIds: z.array(intSchema()).max(20).optional(),
  strip: z.boolean().optional(),
  limit: z.number().int().min(1).max(250).default(250),
  offset: intSchema().default(0),
});
export type ProductSearch = z.infer<typeof productSearchSchema>;

export const textSearchSchema = z.object({ search: text().trim().max(200).default('') });

/** One value list of an attribute: its options, and how many may be chosen (0 = any number). */
export const attributeListSchema = z.object({
  list: text().trim().min(1, 'List name is required').max(60),
  options: z.array(text().trim().min(1, 'An option cannot be empty').max(120)).max(500),
  maxValues: intSchema().max(100, 'Max values must be at most 100'),
});

const flagOrBoolean = z.union([flag, z.boolean().transform(Number)]);

/**
 * PATCH /api/backroom/attribute — without an id a new attribute (the spec's name, isVariant, isFacet;
 * accountId comes from the session), with one a change to it (the attributes screen, /account/attribute):
 * name, flags, and its value lists.
 */
export const attributeSaveSchema = z
  .object({
    id: id.optional(),
    name: text().trim().min(1, 'Attribute name is required').max(120),
    isVariant: flagOrBoolean.default(0),
    isFacet: flagOrBoolean.default(0),
    isListRestricted: flagOrBoolean.optional(),
    lists: z.object({ options: z.array(attributeListSchema).max(20) }).optional(),
    accountId: intSchema(-MAX_INT).optional(),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.lists?.options.forEach((list, index) => {
      const key = list.list.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['lists', 'options', index, 'list'],
          message: `The list ${list.list} is there twice`,
        });
      }
      seen.add(key);
      const options = new Set<string>();
      list.options.forEach((option, at) => {
        if (options.has(option.toLowerCase())) {
          ctx.addIssue({
            code: 'custom',
            path: ['lists', 'options', index, 'options', at],
            message: `${option} is in ${list.list} twice`,
          });
        }
        options.add(option.toLowerCase());
      });
    });
  });
export type AttributeSave = z.infer<typeof attributeSaveSchema>;

/** An attribute as the attributes screen and the pickers read it. */
export const attributeSchema = z.object({
  id: z.number(),
  name: z.string(),
  isVariant: z.number(),
  isFacet: z.number(),
  isListRestricted: z.number(),
  lists: z.object({
    options: z.array(z.object({ list: z.string(), options: z.array(z.string()), maxValues: z.number() })),
  }),
});
export type Attribute = z.infer<typeof attributeSchema>;

/** PATCH /api/backroom/brands — 'Create New Brand'. */
export const brandCreateSchema = z.object({
  name: text().trim().min(1, 'Enter a Brand Name').max(120),
  accountId: intSchema(-MAX_INT).optional(),
});

export const siteCategorySuggestionsSchema = z.object({
  siteId: idSchema,
  productCategoryIds: z.array(id).min(1).max(100),
});

export const TOP_SITE_CATEGORY_SUGGESTIONS = 5;

export const barcodeAssignSchema = z.object({ productId: id.optional() });
/** POST …/product/barcodePool/release: a barcode taken by 'Pool Barcode' that the draft no longer uses. */
export const barcodeReleaseSchema = z.object({ barcode: text().trim().min(1).max(32) });
export const NO_UNUSED_BARCODE = 'No Unused Barcode Found';
export const assignedBarcodeMessage = (barcode: string) => `Assigned Barcode ${barcode}`;

/** POST /api/v1/backroom/print/printProductPackageLabel and the two product-id label calls. */
export const printProductPackageLabelSchema = z.object({
  serverPrinterId: id,
  barcode: text().trim().min(1).max(64),
  labelSku: text().trim().min(1).max(64),
  labelTitle: text().trim().max(300).default(''),
});
export const printProductLabelSchema = z.object({ serverPrinterId: id, productId: id });
export const PRINTED_PRODUCT_BARCODE = 'Printed Product Barcode';

/** The image host's answer to an upload (the spec keeps Cloudinary's field names). */
export const uploadedImageSchema = z.object({
  public_id: z.string(),
  format: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  secure_url: z.string(),
  thumbnail_url: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** PATCH /api/backroom/image: register an uploaded file against the account and user (§4 Image flow). */
export const imageRegisterSchema = z.object({
  cloudinaryUUID: text().min(1).max(200),
  cloudinaryJSON: z.object({ width: z.number(), height: z.number(), secure_url: text().max(2000) }).loose(),
  sourceURL: text().max(2000).nullable().optional(),
  userId: intSchema(-MAX_INT).optional(),
  accountId: intSchema(-MAX_INT).optional(),
});

/** PATCH /api/backroom/product/image: attach (or change) an image on a product. */
export const productImagePatchSchema = z.object({
  id: id.optional(),
  productId: id,
  imageId: id,
  isPrimaryImage: flag.optional(),
  isActive: flag.optional(),
  sortOrder: intSchema().max(9999).optional(),
});

/** returns.md "Product listing condition data" (the severity ids are CONDITION_SEVERITIES'). */
export const conditionListingDataSchema = z.object({
  wearConditionSeverityId: id.nullable().optional(),
  wearConditionDescription: multilineText().trim().max(500).nullable().optional(),
  damageConditionSeverityId: id.nullable().optional(),
  damageConditionDescription: multilineText().trim().max(500).nullable().optional(),
  missingConditionDescription: multilineText().trim().max(500).nullable().optional(),
  conditionDescription: multilineText().trim().max(1000).nullable().optional(),
});
export type ConditionListingData = z.infer<typeof conditionListingDataSchema>;

/**
 * PUT /api/backroom/product: create a condition variant of a product (catalogue-admin.md §2.11, §4.9; the
 * spec does not show this call). The server builds the draft from the source product and applies the
 * rules: a used product's SKU is brand alias + UPC + condition alias, its name is prefixed with the
 * condition, and it needs a primary image.
 */
export const usedVariantCreateSchema = z.object({
  sourceProductId: id,
  productConditionId: idSchema,
  brandId: id,
  upc: text()
    .trim()
    .regex(/^\d{1,16}$/, 'UPC must be digits, at most 16'),
  /** Only for a New product; a used product's SKU is built by the server. */
  sku: text().trim().max(100).optional(),
  categoryId: id.nullable().optional(),
  pricingStrategyId: id.optional(),
  purchasingStatusId: id.optional(),
  serialNumber: text().trim().max(100).nullable().optional(),
  productListingData: conditionListingDataSchema.optional(),
  images: z
    .array(z.object({ imageId: id, isPrimaryImage: flag, isActive: flag.default(1) }))
    .max(50)
    .default([]),
});
export type UsedVariantCreate = z.input<typeof usedVariantCreateSchema>;

/** PATCH /api/backroom/product/bundleItems: a bundle's component cards (quantity and the three switches). */
export const bundleItemsPatchSchema = z.object({
  productId: id,
  bundleItems: z
    .array(
      z.object({
        id,
        quantity: z.number().int().min(1).max(999).optional(),
        isIncludedInCost: z.boolean().optional(),
        isIncludedInMAP: z.boolean().optional(),
        isIncludedInMSRP: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(100),
});
