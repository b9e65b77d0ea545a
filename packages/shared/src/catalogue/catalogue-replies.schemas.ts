import { z } from 'zod';
import { intFlag as flag, replyId as id, idNameSchema, nullableText } from '../api/reply-fields';

// The replies of the catalogue calls (catalogue-admin.md §3, §7): brands, the brand list's products and the
// editor's product, search results, the pickers' lists, site category suggestions and the barcode pool. The
// server writes exactly these fields; the web derives its types from them.

/** §3 Brand (id, name, accountId): GET account/brand/{id}, GET account/brands, PATCH brands ('Create New Brand'). */
export const brandSchema = idNameSchema.extend({ accountId: id, alias: z.string() });
export type Brand = z.infer<typeof brandSchema>;

/** GET product/pricingStrategies. */
export const pricingStrategySchema = z.object({ id, code: z.string(), label: z.string() });
export type PricingStrategy = z.infer<typeof pricingStrategySchema>;

/** GET product/purchasingStatuses, and a product's purchasing status. */
export const purchasingStatusSchema = idNameSchema;
export type PurchasingStatus = z.infer<typeof purchasingStatusSchema>;

/** GET account/vendors: the vendor picker's options. */
export const vendorOptionSchema = idNameSchema;
export type VendorOption = z.infer<typeof vendorOptionSchema>;

/** POST category/search: a category with its path as text and as a list, and its attributes. */
export const categorySchema = idNameSchema.extend({
  parentId: id.nullable(),
  path: z.string(),
  paths: z.array(z.string()),
  attributes: z.array(idNameSchema.extend({ isRequired: flag })),
});
export type Category = z.infer<typeof categorySchema>;

/** An attribute's value on a product; the option lists come only with attribute definitions (attribute search). */
export const productAttributeDtoSchema = idNameSchema.extend({
  valueJSON: z.record(z.string(), z.array(z.string())),
  isVariant: flag,
  isFacet: flag,
});
export type ProductAttributeDto = z.infer<typeof productAttributeDtoSchema>;

/** §3 Product colors: id, productId, colorJSON.primary.hex, color. */
export const productColorSchema = z.object({
  id,
  productId: id,
  color: z.string(),
  colorJSON: z.object({ primary: z.object({ hex: z.string() }) }),
});
export type ProductColor = z.infer<typeof productColorSchema>;

/** §3 Product inventory: one warehouse's quantities. */
export const inventoryLocationSchema = z.object({
  id,
  warehouseId: id,
  productId: id,
  quantityAvailable: z.number(),
  totals: z.object({ physicalQuantity: z.number() }),
  /** Who last set quantityAvailable by hand (null while it is computed from the units), and when. */
  modifiedBy: id.nullable(),
  modifiedByName: nullableText,
  modifiedAt: nullableText,
});
export type InventoryLocationDto = z.infer<typeof inventoryLocationSchema>;

/** §3 Product inventory: the totals and the locations; PATCH product/inventory answers it too. */
export const inventorySummarySchema = z.object({
  id,
  totalQuantityAvailable: z.number(),
  totalNonFulfillableQuantityAvailable: z.number(),
  totalQuantityOnHand: z.number(),
  totalQuantityOnOrder: z.number(),
  totalNonfulfillableQuantityOnHand: z.number(),
  totalNonfulfillableQuantityInbound: z.number(),
  locations: z.array(inventoryLocationSchema),
});
export type InventorySummary = z.infer<typeof inventorySummarySchema>;

/** A product's SEO fields (product-seo.ts), each null when not set. */
const seoSchema = z.object({
  title: nullableText,
  metaDescription: nullableText,
  slug: nullableText,
  description: nullableText,
});

/**
 * product_listing_data as replies carry it: a used product's condition data (returns.md "Product listing
 * condition data") and the SEO fields under `seo`; nothing else is stored there.
 */
export const productListingDataSchema = z.object({
  wearConditionSeverityId: id.nullable().optional(),
  wearConditionDescription: nullableText.optional(),
  damageConditionSeverityId: id.nullable().optional(),
  damageConditionDescription: nullableText.optional(),
  missingConditionDescription: nullableText.optional(),
  conditionDescription: nullableText.optional(),
  /** The SEO fields as stored: each may be absent too. */
  seo: seoSchema.partial().optional(),
});

/**
 * §3 Product as the brand list, the manage products list and a product queue answer it: the product's own
 * fields (money and measures as numbers, dates as ISO text), its pricing strategy, purchasing status and
 * category, its attributes and its inventory.
 */
export const productSchema = z.object({
  id,
  sku: z.string(),
  name: z.string(),
  /** 0 = simple product that carries inventory; others (bundles, kits …) carry none themselves. */
  typeId: flag,
  isActive: flag,
  upc: nullableText,
  /** The UPC left-padded with zeros to 16 digits (§3 normalizedUPC). */
  normalizedUPC: nullableText,
  mpn: nullableText,
  parentProductId: id.nullable(),
  sourceProductId: id.nullable(),
  brandId: id.nullable(),
  categoryId: id.nullable(),
  pricingStrategyId: id.nullable(),
  purchasingStatusId: id.nullable(),
  productConditionId: id,
  statusId: id,
  warehousePackagingId: id.nullable(),
  priceCost: z.number(),
  priceMAP: z.number(),
  verifiedPriceMAP: z.number(),
  priceSale: z.number(),
  harmonizedCode: nullableText,
  isCloseout: flag,
  productHeightInch: z.number(),
  productWidthInch: z.number(),
  productLengthInch: z.number(),
  productWeightOunce: z.number(),
  packageHeightInch: z.number(),
  packageWidthInch: z.number(),
  packageLengthInch: z.number(),
  packageWeightOunce: z.number(),
  trainedShippingCost: z.number().nullable(),
  trainedPackagingId: id.nullable(),
  trainedShippingAt: nullableText,
  serialNumber: nullableText,
  productListingData: productListingDataSchema,
  imagesReviewedAt: nullableText,
  imagesNextReviewAt: nullableText,
  modifiedBy: id.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  pricingStrategy: pricingStrategySchema.extend({ name: z.string() }).nullable(),
  purchasingStatus: purchasingStatusSchema.nullable(),
  category: categorySchema.pick({ id: true, name: true, path: true }).nullable(),
  attributes: z.array(productAttributeDtoSchema),
  colors: z.array(productColorSchema),
  inventory: inventorySummarySchema,
});
export type Product = z.infer<typeof productSchema>;

/** A product's image in the editor, with the URLs it shows. */
export const productImageSchema = z.object({
  id,
  imageId: id,
  isActive: flag,
  isPrimaryImage: flag,
  sortOrder: z.number().int(),
  url: z.string(),
  thumbnailUrl: nullableText,
});
export type ProductImage = z.infer<typeof productImageSchema>;

/** A vendor the product is bought from. */
export const vendorProductSchema = z.object({
  id,
  vendorId: id,
  vendorName: z.string(),
  vendorSku: nullableText,
  priceCost: z.number(),
});
export type VendorProduct = z.infer<typeof vendorProductSchema>;

/** A bundle's component card (PATCH product/bundleItems answers the bundle's cards). */
export const bundleItemSchema = z.object({
  id,
  itemProductId: id,
  quantity: z.number().int(),
  isIncludedInCost: z.boolean(),
  isIncludedInMAP: z.boolean(),
  isIncludedInMSRP: z.boolean(),
  ...productSchema.pick({ sku: true, name: true, upc: true }).shape,
  lengthInch: z.number(),
  widthInch: z.number(),
  heightInch: z.number(),
  weightOunce: z.number(),
  imageUrl: nullableText,
});
export type BundleItem = z.infer<typeof bundleItemSchema>;

/** GET product/{id} and PUT product: the list's product plus its SEO fields, images, vendors and bundle items. */
export const productDetailSchema = productSchema.extend({
  seo: seoSchema,
  images: z.array(productImageSchema),
  vendorProducts: z.array(vendorProductSchema),
  bundleItems: z.array(bundleItemSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** POST search/products (§3 Search): a product with its images' flags and its attributes. */
const product = productSchema.shape;
export const searchProductSchema = z.object({
  id,
  sku: product.sku,
  name: product.name,
  upc: product.upc,
  mpn: product.mpn,
  brandId: product.brandId,
  isActive: product.isActive,
  images: z.array(
    z.object({
      productId: id,
      ...productImageSchema.pick({ id: true, isActive: true, isPrimaryImage: true }).shape,
    }),
  ),
  imagesReviewedAt: product.imagesReviewedAt,
  imagesNextReviewAt: product.imagesNextReviewAt,
  attributes: product.attributes,
});
export type SearchProduct = z.infer<typeof searchProductSchema>;

/** POST product/barcodePool/assign: the barcode taken and 'Assigned Barcode {barcode}'. */
export const assignedBarcodeSchema = z.object({ barcode: z.string(), message: z.string() });
export type AssignedBarcode = z.infer<typeof assignedBarcodeSchema>;

/** POST product/barcodePool/release: whether the barcode went back to the pool (not when a product has it). */
export const releasedBarcodeSchema = z.object({ barcode: z.string(), released: z.boolean() });
export type ReleasedBarcode = z.infer<typeof releasedBarcodeSchema>;

/** GET productQueues, PUT productQueue: a saved selection of products (§2.2). */
export const productQueueSchema = z.object({
  id,
  name: z.string(),
  createdBy: id.nullable(),
  createdByName: nullableText,
  createdAt: z.string(),
  productCount: z.number().int(),
});
export type ProductQueue = z.infer<typeof productQueueSchema>;

/** POST listing/siteCategory/search: a marketplace category (§2.4). */
export const siteCategorySchema = z.object({
  id,
  siteId: id,
  siteName: z.string(),
  categoryId: z.string(),
  alternativeId: nullableText,
  name: z.string(),
  path: z.string(),
});
export type SiteCategory = z.infer<typeof siteCategorySchema>;

/** POST listing/siteCategorySuggestions (§7): a marketplace category, its score and our id of it. */
const siteCategory = siteCategorySchema.shape;
export const siteCategorySuggestionSchema = z.object({
  id,
  siteId: id,
  categoryId: siteCategory.categoryId,
  categoryName: z.string(),
  alternativeId: siteCategory.alternativeId,
  path: siteCategory.path,
  score: z.number(),
  siteCategory: siteCategorySchema.pick({ id: true, siteId: true, path: true }),
});
export type SiteCategorySuggestion = z.infer<typeof siteCategorySuggestionSchema>;

/** GET product/{id}/siteCategories: a product's marketplace category, one per marketplace, and when it was set. */
export const productSiteCategorySchema = siteCategorySchema.extend({ modifiedAt: z.string() });
export type ProductSiteCategory = z.infer<typeof productSiteCategorySchema>;

/** PATCH listing/siteCategory: each product with its marketplace category now. */
export const siteCategoryChangeSchema = z.object({ productId: id, siteCategory: siteCategorySchema });
export type SiteCategoryChange = z.infer<typeof siteCategoryChangeSchema>;
