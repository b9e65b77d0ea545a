/**
 * The kinds of label the page-wide scanner reads (the shared scan parser's types, orders-warehouse.md
 * "Scanner input"), each with what it looks like. Screens say which they take and what each does there.
 */
export const SCAN_KINDS = {
  upc: { label: 'Product barcode', looksLike: 'UPC or EAN: 8, 12, 13 or 14 digits (012345678905)' },
  sku: { label: 'SKU typed in', looksLike: 'The product’s SKU, letters and digits (ACME-TEE-M)' },
  division: {
    label: 'Bin or shelf label',
    looksLike: 'Warehouse alias, zone, row, section, shelf, bin (ATL-01AA01AA-B12)',
  },
  qpgu: {
    label: 'Quarantine bin label (QPGU)',
    looksLike: 'A bin label whose bin starts with Q (ATL-01AA01AA-Q3)',
  },
  inboundReturn: { label: 'Return label', looksLike: 'IBR- and the return number (IBR-31 or /IBR-31/)' },
  amazonReturn: { label: 'Amazon RMA', looksLike: 'D, its code and RRMA (DgCmwPZnRRMA)' },
  trackingNumber: { label: 'Tracking number', looksLike: 'UPS 1Z…, FedEx 12–34 digits, USPS 20–34 digits' },
  orderCode: { label: 'Order label', looksLike: '{CO:} and the order number ({CO:1042})' },
  packagingCode: { label: 'Box label', looksLike: '{PKG:} and the box number ({PKG:3}), or the box’s 1–9' },
  giftCard: { label: 'Gift card', looksLike: '//GC and 14 letters or digits// (//GCAB12CD34EF56GH//)' },
  eGiftCard: { label: 'E-gift card', looksLike: '//EGC and 13 letters or digits//' },
  quickLogin: { label: 'Quick login badge', looksLike: '//QL, the user number, / and the code//' },
  anyText: { label: 'Anything else', looksLike: 'Any other code or text' },
} as const;

export type ScanKind = keyof typeof SCAN_KINDS;
