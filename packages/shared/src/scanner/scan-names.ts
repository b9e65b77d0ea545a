import type { ParsedScan, ScanType } from './parse-scan';

/** What a person calls each kind of scan, in the plural: the words of 'This screen does not take …'. */
const SCAN_TYPE_NAMES: Readonly<Record<ScanType, string>> = {
  entity: 'record labels',
  quickLogin: 'login badges',
  giftCard: 'gift cards',
  eGiftCard: 'e-gift cards',
  purchaseOrderSession: 'purchase order labels',
  sessionGroup: 'session labels',
  serviceTicket: 'service tickets',
  inboundReturn: 'return labels',
  amazonReturn: 'Amazon return numbers',
  division: 'warehouse location labels',
  upc: 'product barcodes',
  invalidUpc: 'product barcodes',
  trackingNumber: 'tracking numbers',
  error: 'this barcode',
};

/** Record label prefixes ({CO:12}) a person knows by name. */
const ENTITY_NAMES: Readonly<Record<string, string>> = {
  CO: 'order labels',
  PO: 'purchase order labels',
  SKU: 'product labels',
};

/** The plural name of what was scanned, as a person says it ('return labels', 'product barcodes'). */
export function scanTypeName(scan: ParsedScan): string {
  if (scan.type === 'entity') return ENTITY_NAMES[scan.entity] ?? SCAN_TYPE_NAMES.entity;
  return SCAN_TYPE_NAMES[scan.type];
}

/** The message for a recognised scan no handler on the screen takes. */
export function scanNotTakenMessage(scan: ParsedScan): string {
  return `This screen does not take ${scanTypeName(scan)}`;
}
