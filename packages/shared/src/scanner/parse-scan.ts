// Turns raw scanner text into a typed scan (orders-warehouse.md, "Scanner input").
import { isValidGtin, normalizeUpc } from './gtin';

/** Special bin prefixes: the first letter of a bin code says what the bin is for. */
export const BIN_KINDS = {
  B: 'Bin',
  N: 'Receiving',
  R: 'Return',
  T: 'Transfer',
  F: 'FBA',
  Q: 'Quarantine',
  C: 'ChannelOrder',
  S: 'SalesPerson',
} as const;

export type BinPrefix = keyof typeof BIN_KINDS;
export type BinKind = (typeof BIN_KINDS)[BinPrefix];

export type TrackingCarrier = 'UPS' | 'FedEx' | 'USPS';

export type ParsedScan =
  | { type: 'entity'; entity: string; id: number }
  | { type: 'quickLogin'; userId: number; checksum: string }
  | { type: 'giftCard'; code: string }
  | { type: 'eGiftCard'; code: string }
  | { type: 'purchaseOrderSession'; purchaseOrderId: number; sessionId: number }
  | { type: 'sessionGroup'; hash: string }
  | { type: 'serviceTicket'; id: number }
  | { type: 'inboundReturn'; id: number }
  | { type: 'amazonReturn'; rma: string }
  | {
      type: 'division';
      barcode: string;
      alias: string;
      zone: number | null;
      row: string | null;
      section: number | null;
      shelf: string | null;
      bin: string | null;
      binKind: BinKind | null;
    }
  | { type: 'upc'; upc: string; raw: string }
  | { type: 'invalidUpc'; raw: string }
  | { type: 'trackingNumber'; carrier: TrackingCarrier; trackingNumber: string }
  | { type: 'error'; raw: string; message: string };

export type ScanType = ParsedScan['type'];

/** Kind of a bin from its first letter; purely numeric bins are plain bins; anything else is null. */
export function binKindOf(bin: string): BinKind | null {
  const upper = bin.trim().toUpperCase();
  const first = upper.charAt(0);
  if (Object.hasOwn(BIN_KINDS, first)) return BIN_KINDS[first as BinPrefix];
  return /^\d+$/.test(upper) ? 'Bin' : null;
}

// All patterns run against the trimmed, upper-cased text, which is how matching stays case-insensitive.
const ENTITY = /^\{([A-Z]{1,5}):(\d+)\}$/;
const QUICK_LOGIN = /^\/\/QL(\d+)\/([A-Z0-9]{1,64})\/\/$/;
const GIFT_CARD = /^\/\/GC([A-Z0-9]{14})\/\/$/;
const E_GIFT_CARD = /^\/\/EGC([A-Z0-9]{13})\/\/$/;
const PO_SESSION = /^\/POV-(\d+)-(\d+)\/$/;
const SESSION_GROUP = /^\/SUM-([A-Z0-9]{1,64})\/$/;
const SERVICE_TICKET = /^\/SVC-(\d+)\/$/;
// The return barcode label prints IBR-{id} without the slashes; both read as the return (issue 15).
const INBOUND_RETURN = /^(?:\/IBR-(\d+)\/|IBR-(\d+))$/;
// An Amazon return's RMA id: 'D', its code and 'RRMA' (DgCmwPZnRRMA), read case-insensitively.
const AMAZON_RETURN = /^D[A-Z0-9]{5,12}RRMA$/;
const UPS = /^1Z[A-Z0-9]{16}$/;
const USPS_S10 = /^[A-Z]{2}\d{9}US$/;
// A location may stop after zone, row, section or shelf (those get labels too); a bin needs the full location.
const DIVISION =
  /^([A-Z0-9]{1,5})-(?:VIRTUAL(?:-([A-Z0-9]{2,6}))?|(\d{2})(?:([A-Z]{2})(?:(\d{2})(?:([A-Z]{2})(?:-([A-Z0-9]{2,6}))?)?)?)?)$/;

/** Parses a scan. Never throws; unrecognised text gives `{ type: 'error', message: 'Unknown Scan' }`. */
export function parseScan(text: string): ParsedScan {
  const raw = text.trim();
  const upper = raw.toUpperCase();
  return (
    parseDelimited(upper) ??
    (/^\d+$/.test(upper) ? parseNumeric(upper) : null) ??
    parseAlphanumericTracking(upper) ??
    parseDivision(upper) ?? { type: 'error', raw, message: 'Unknown Scan' }
  );
}

/** Curly-brace entity codes and the slash-wrapped system codes. */
function parseDelimited(s: string): ParsedScan | null {
  let m = ENTITY.exec(s);
  if (m) {
    const id = toId(m[2]);
    return id === null ? null : { type: 'entity', entity: m[1]!, id };
  }
  m = QUICK_LOGIN.exec(s);
  if (m) {
    const userId = toId(m[1]);
    return userId === null ? null : { type: 'quickLogin', userId, checksum: m[2]! };
  }
  m = GIFT_CARD.exec(s);
  if (m) return { type: 'giftCard', code: m[1]! };
  m = E_GIFT_CARD.exec(s);
  if (m) return { type: 'eGiftCard', code: m[1]! };
  m = PO_SESSION.exec(s);
  if (m) {
    const purchaseOrderId = toId(m[1]);
    const sessionId = toId(m[2]);
    if (purchaseOrderId === null || sessionId === null) return null;
    return { type: 'purchaseOrderSession', purchaseOrderId, sessionId };
  }
  m = SESSION_GROUP.exec(s);
  if (m) return { type: 'sessionGroup', hash: m[1]! };
  m = SERVICE_TICKET.exec(s);
  if (m) {
    const id = toId(m[1]);
    return id === null ? null : { type: 'serviceTicket', id };
  }
  m = INBOUND_RETURN.exec(s);
  if (m) {
    const id = toId(m[1] ?? m[2]);
    return id === null ? null : { type: 'inboundReturn', id };
  }
  if (AMAZON_RETURN.test(s)) return { type: 'amazonReturn', rma: s };
  return null;
}

/**
 * Pure digit strings. Collisions are resolved in favour of the UPC rules, because the spec says a 12-digit
 * scan is a UPC and a 14-17 digit scan is an invalid UPC:
 * - 12 digits: always a UPC, whatever the check digit (so 12-digit FedEx Express numbers are not tracking).
 * - 8, 13, 14, 18 digits with a valid check digit: a UPC (an 18-digit one stays 18 digits long).
 * - 14-17 digits otherwise: an invalid UPC (so 15-digit FedEx Ground numbers are not tracking).
 * - 20-22 digits: FedEx when starting 96 (20 or 22 digits), USPS IMpb when starting 91-95.
 * - 34 digits: a FedEx barcode, unless it is a USPS 420+ZIP routing barcode.
 * - 28-30 / 32-34 digits starting 420: USPS routing barcode (420 + 5 or 9 digit ZIP + IMpb).
 */
function parseNumeric(digits: string): ParsedScan | null {
  const length = digits.length;
  if (length === 12 || isValidGtin(digits)) return { type: 'upc', upc: normalizeUpc(digits), raw: digits };
  if (length >= 14 && length <= 17) return { type: 'invalidUpc', raw: digits };
  const usps = uspsRouted(digits) ?? (isUspsImpb(digits) ? digits : null);
  if (usps !== null) return { type: 'trackingNumber', carrier: 'USPS', trackingNumber: usps };
  if ((length === 20 || length === 22) && digits.startsWith('96')) {
    return { type: 'trackingNumber', carrier: 'FedEx', trackingNumber: digits };
  }
  // On the 34-digit FedEx label barcode the tracking number is the last 12 digits.
  if (length === 34) return { type: 'trackingNumber', carrier: 'FedEx', trackingNumber: digits.slice(-12) };
  return null;
}

function isUspsImpb(digits: string): boolean {
  return digits.length >= 20 && digits.length <= 22 && /^9[1-5]/.test(digits);
}

/**
 * USPS labels prefix the IMpb with "420" and the destination ZIP (5 or 9 digits) for sorting machines.
 * Strips that routing prefix when what is left is an IMpb; the length decides which ZIP form it was.
 */
function uspsRouted(digits: string): string | null {
  if (!digits.startsWith('420')) return null;
  for (const zipLength of [5, 9]) {
    const rest = digits.slice(3 + zipLength);
    if (isUspsImpb(rest)) return rest;
  }
  return null;
}

function parseAlphanumericTracking(s: string): ParsedScan | null {
  if (UPS.test(s)) return { type: 'trackingNumber', carrier: 'UPS', trackingNumber: s };
  if (USPS_S10.test(s)) return { type: 'trackingNumber', carrier: 'USPS', trackingNumber: s };
  return null;
}

function parseDivision(s: string): ParsedScan | null {
  const m = DIVISION.exec(s);
  if (!m) return null;
  const [, alias, virtualBin, zone, row, section, shelf, locatedBin] = m;
  const bin = virtualBin ?? locatedBin ?? null;
  return {
    type: 'division',
    barcode: s,
    alias: alias!,
    zone: zone === undefined ? null : Number(zone),
    row: row ?? null,
    section: section === undefined ? null : Number(section),
    shelf: shelf ?? null,
    bin,
    binKind: bin === null ? null : binKindOf(bin),
  };
}

/** Ids must fit in a JS number exactly; anything longer is not a real id. */
function toId(digits: string | undefined): number | null {
  if (digits === undefined) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}
