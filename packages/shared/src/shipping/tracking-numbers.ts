// Tracking numbers in each carrier's real format, with the check digit the format carries, so that the sandbox
// carrier's labels scan like real ones (parseScan recognises them as tracking numbers of their carrier).
import { gtinCheckDigit } from '../scanner/gtin';
import type { TrackingCarrier } from '../scanner/parse-scan';

/**
 * The USPS IMpb and the FedEx 96 number end in the GS1 "mod 10" check digit (weights 3, 1 … from the right),
 * the same as a GTIN's.
 */
const mod10CheckDigit = gtinCheckDigit;

/**
 * UPS 1Z check digit over the 15 characters after "1Z": letters count as (char code − 63) mod 10 (A = 2 …),
 * characters in odd places once, in even places twice; the check tops the sum up to a multiple of 10.
 */
export function upsCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body.charCodeAt(i);
    const value = ch >= 48 && ch <= 57 ? ch - 48 : (ch - 63) % 10;
    sum += i % 2 === 0 ? value : value * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** A decimal string of `length` digits from a non-negative whole number (left zero padded, cut from the left). */
function digitsOf(value: number | bigint, length: number): string {
  return BigInt(value).toString().padStart(length, '0').slice(-length);
}

/** UPS: 1Z + shipper account (6) + service code (2) + package number (7) + check digit: 18 characters. */
export function makeUpsTracking(shipper: string, serviceCode: string, packageNumber: number): string {
  if (!/^[A-Z0-9]{6}$/.test(shipper) || !/^\d{2}$/.test(serviceCode)) {
    throw new RangeError('A UPS shipper number is 6 letters or digits and a service code 2 digits');
  }
  const body = `${shipper}${serviceCode}${digitsOf(packageNumber, 7)}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}

/**
 * USPS Intelligent Mail package barcode (IMpb), 22 digits: channel application id (92-95), service type code
 * (3), mailer id (9), serial (7), mod 10 check digit.
 */
export function makeUspsTracking(
  channel: '92' | '93' | '94' | '95',
  serviceType: string,
  mailerId: number,
  serial: number,
): string {
  if (!/^\d{3}$/.test(serviceType)) throw new RangeError('A USPS service type code is 3 digits');
  const data = `${channel}${serviceType}${digitsOf(mailerId, 9)}${digitsOf(serial, 7)}`;
  return `${data}${mod10CheckDigit(data)}`;
}

/**
 * FedEx Ground "96" barcode number, 22 digits: 96, a 5-digit service and package code, then the 15-digit
 * tracking number (14 digits and its mod 10 check digit).
 */
export function makeFedexTracking(serviceCode: string, serial: number): string {
  if (!/^\d{5}$/.test(serviceCode)) throw new RangeError('A FedEx service and package code is 5 digits');
  const number = digitsOf(serial, 14);
  return `96${serviceCode}${number}${mod10CheckDigit(number)}`;
}

/** Whether a tracking number's check digit is right for its carrier's format (the formats above). */
export function hasValidTrackingCheckDigit(carrier: TrackingCarrier, trackingNumber: string): boolean {
  const n = trackingNumber.trim().toUpperCase();
  if (carrier === 'UPS') {
    return /^1Z[A-Z0-9]{15}\d$/.test(n) && upsCheckDigit(n.slice(2, 17)) === Number(n[17]);
  }
  if (carrier === 'USPS') {
    return /^9[1-5]\d{18,20}$/.test(n) && mod10CheckDigit(n.slice(0, -1)) === Number(n.at(-1));
  }
  return /^96\d{20}$/.test(n) && mod10CheckDigit(n.slice(7, 21)) === Number(n[21]);
}

/**
 * What a USPS label's barcode holds: 420 + the destination ZIP (5 digits) + the IMpb, which sorting machines
 * route by; parseScan strips the routing part again. Other carriers' barcodes hold the tracking number.
 */
export function trackingBarcodeValue(carrier: string, trackingNumber: string, postalCode: string): string {
  const zip = postalCode.replace(/\D/g, '').slice(0, 5);
  if (carrier === 'USPS' && zip.length === 5) return `420${zip}${trackingNumber}`;
  return trackingNumber;
}
