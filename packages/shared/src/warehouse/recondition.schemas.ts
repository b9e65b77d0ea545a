// catalogue-admin.md §7 Reconditioning: POST …/inventory/reconditionList, …/chaos/viewBarcode,
// …/chaos/reconditionInventory.
import { z } from 'zod';
import { idSchema, text } from '../api/text';
import { PRODUCT_CONDITIONS } from '../catalogue/product-conditions';
import { returnReceiptProductSchema } from '../returns/return-detail.schemas';

/**
 * One quarantined unit of the list (§3 "inventoryLocationItemRecords: id, locationBarcode, productId, product
 * (name, sku, normalizedUPC, productCondition.name)"). The flat copies beside the spec's fields (sku, upc,
 * location …) are what the recondition flow and form read.
 */
export const reconditionRecordSchema = z.object({
  id: z.number(),
  productId: z.number(),
  locationBarcode: z.string(),
  product: z.object({
    name: z.string(),
    sku: z.string(),
    normalizedUPC: z.string().nullable(),
    productCondition: z.object({ name: z.string() }),
  }),
  sku: z.string(),
  name: z.string(),
  upc: z.string().nullable(),
  productConditionId: z.number(),
  conditionName: z.string(),
  serial: z.string().nullable(),
  warehouseId: z.number(),
  inventoryLocationId: z.number().nullable(),
  location: z.string(),
});
export type ReconditionRecordDto = z.infer<typeof reconditionRecordSchema>;

/** A quarantine PGU and the products of the units in it (§3 "pgus keyed by barcode, each with productIds"). */
export const reconditionPguSchema = z.object({
  id: z.number(),
  barcode: z.string(),
  name: z.string().nullable(),
  warehouseId: z.number(),
  productIds: z.array(z.number()),
});

/** §3 "products keyed by id, with normalizedUPC, upc, sku, name". */
export const reconditionProductSchema = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  upc: z.string().nullable(),
  normalizedUPC: z.string().nullable(),
  productConditionId: z.number(),
  /**
   * The product a reconditioned unit's condition variant is made from (this one, or the one this used
   * product was made from), with what the used-variant form needs: its SKU and UPC (a New unit goes back to
   * it), its brand's alias (a used SKU starts with it), its images (to pick a primary image from) and the
   * condition variants it already has (a unit of such a condition goes to that variant: no form).
   */
  base: z.object({
    id: z.number(),
    sku: z.string(),
    upc: z.string().nullable(),
    brandAlias: z.string().nullable(),
    images: z.array(z.object({ imageId: z.number(), url: z.string(), isPrimaryImage: z.boolean() })),
    variants: z.array(z.object({ id: z.number(), sku: z.string(), productConditionId: z.number() })),
  }),
});
export type ReconditionProduct = z.infer<typeof reconditionProductSchema>;

/** data[0] of …/inventory/reconditionList: the units, the PGUs by barcode, the products by id. */
export const reconditionListSchema = z.object({
  inventoryLocationItemRecords: z.array(reconditionRecordSchema),
  pgus: z.record(z.string(), reconditionPguSchema),
  products: z.record(z.string(), reconditionProductSchema),
});
export type ReconditionList = z.infer<typeof reconditionListSchema>;

/** …/chaos/viewBarcode: the scan object. */
export const viewBarcodeRequestSchema = z.object({
  barcode: text().trim().min(1).max(64),
  type: text().trim().max(40).optional(),
});

export const viewBarcodeDivisionSchema = z.object({
  id: z.number(),
  barcode: z.string(),
  name: z.string().nullable(),
  level: z.string(),
  warehouseId: z.number(),
  warehouseBinTypeId: z.number().nullable(),
});
export const viewBarcodeResponseSchema = z.object({ warehouseDivision: viewBarcodeDivisionSchema });

/** …/chaos/reconditionInventory. */
export const reconditionRequestSchema = z.object({
  sourceInventoryLocationItemId: idSchema,
  unitSerial: text().trim().max(100).nullish(),
  destinationDivisionData: z.object({ id: idSchema }),
  reconditionedProductData: z.object({
    productConditionId: z
      .number()
      .int()
      .refine((id) => PRODUCT_CONDITIONS.some((c) => c.id === id), 'Not a product condition'),
    /** The used variant to create when the product has none of that condition yet. */
    product: returnReceiptProductSchema.nullish(),
    assignedBarcode: text().trim().max(32).nullish(),
  }),
});
export type ReconditionRequest = z.infer<typeof reconditionRequestSchema>;

export const reconditionResponseSchema = z.object({
  inventoryLocationItemId: z.number(),
  productId: z.number(),
  sku: z.string(),
  fromConditionId: z.number(),
  toConditionId: z.number(),
  destinationBarcode: z.string(),
});
