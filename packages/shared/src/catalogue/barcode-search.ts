import { PRODUCT_CONDITIONS } from './product-conditions';

// catalogue-admin.md §5 Search, "Barcode search": search text matching a UPC pattern sets search type UPC, a
// used-SKU pattern sets SKU, otherwise the last scan type or 'general'.

/** UPC-A, EAN-13, GTIN-14 and the 16-digit form the catalogue stores (UPC-E's 8 digits too). */
const UPC = /^(?:\d{8}|\d{12,16})$/;

/**
 * A used variant's SKU: the brand alias, the source's UPC and the condition alias (`usedVariantSku`), e.g.
 * GIB012345678905VG.
 */
const USED_SKU = new RegExp(
  `^[A-Z0-9]{1,10}?\\d{8,16}(?:${PRODUCT_CONDITIONS.flatMap((c) => (c.alias ? [c.alias] : [])).join('|')})$`,
);

export type BarcodeSearchType = 'upc' | 'sku' | 'general' | (string & {});

/** The search type of a scanned or typed barcode search. */
export function barcodeSearchType(text: string, lastScanType: string | null = null): BarcodeSearchType {
  const code = text.trim().toUpperCase();
  if (UPC.test(code)) return 'upc';
  if (USED_SKU.test(code)) return 'sku';
  return lastScanType ?? 'general';
}
