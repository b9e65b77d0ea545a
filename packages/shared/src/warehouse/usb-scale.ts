/**
 * USB scale facts and the weight reading (orders-warehouse.md, USB scale). The browser reads the scale with
 * WebHID (browsers refuse WebUSB access to HID-class devices); these rules stay free of any browser API.
 */

/** "Vendor ids 3768, 2338 and 1241." Used as the WebHID chooser filters and to pick permitted devices. */
export const SCALE_VENDOR_IDS: readonly number[] = [3768, 2338, 1241];

/** "Polled every 100 ms." */
export const SCALE_POLL_MS = 100;

/** Shipment scale controls show pounds as ounces / 16. */
export const OUNCES_PER_POUND = 16;

/** "A 6-byte reading": the report id byte followed by five data bytes. */
export const SCALE_REPORT_LENGTH = 6;

/** Shown where the browser has no WebHID (also the case outside a secure context). */
export const SCALE_UNSUPPORTED_MESSAGE =
  'This version of your browser does not support USB. Please update to the latest version!';

const ENDPOINT_PRODUCT_ID = 32771;

/**
 * "Endpoint 2 for product 32771, otherwise 1." A WebUSB-era fact kept for reference: WebHID reads reports
 * without naming an endpoint, so nothing in the app calls this.
 */
export function scaleEndpointFor(productId: number): 1 | 2 {
  return productId === ENDPOINT_PRODUCT_ID ? 2 : 1;
}

export function isScaleVendor(vendorId: number): boolean {
  return SCALE_VENDOR_IDS.includes(vendorId);
}

/**
 * Weight in ounces from one scale report: (byte5 * 256 + byte4) / 100, bytes counted as in the spec's 6-byte
 * reading where byte 0 is the report id. The spec does not state the unit; ounces are assumed.
 *
 * - Without `reportId` (or with 0, WebHID's value for devices without numbered reports, whose reports arrive
 *   whole) `data` is the full 6-byte reading.
 * - With a non-zero `reportId`, `data` is a WebHID input report, which arrives WITHOUT its report id byte:
 *   5 bytes, so the spec's byte 4 and byte 5 are data[3] and data[4]. The id itself is not part of the weight.
 *
 * Any other length is not a weight reading (scales send other reports too) and answers null.
 */
export function parseScaleReport(data: DataView | Uint8Array, reportId?: number): number | null {
  if (reportId !== undefined && (!Number.isInteger(reportId) || reportId < 0 || reportId > 255)) {
    throw new RangeError(`Not a HID report id: ${reportId}`);
  }
  const bytes =
    data instanceof DataView ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data;
  const stripped = reportId !== undefined && reportId !== 0 ? 1 : 0;
  if (bytes.length !== SCALE_REPORT_LENGTH - stripped) return null;
  const low = bytes[4 - stripped]!;
  const high = bytes[5 - stripped]!;
  return (high * 256 + low) / 100;
}

/** Rounds half away from zero to whole hundredths, then prints them without float drift ("x.xx"). */
function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function toHundredths(value: number): number {
  if (!Number.isFinite(value)) throw new RangeError(`Not a weight: ${value}`);
  return Math.sign(value) * Math.round(Math.abs(value) * 100);
}

/** "The weight shows with 2 decimals": 12.3 -> '12.30'. */
export function formatOunces(ounces: number): string {
  return formatHundredths(toHundredths(ounces));
}

export function ouncesToPounds(ounces: number): number {
  return ounces / OUNCES_PER_POUND;
}

/**
 * Pounds with 2 decimals from a weight in ounces: 12.34 oz -> '0.77'. Divides whole hundredths by 16 (exact
 * in binary) so halves round the same way every time instead of by float luck.
 */
export function formatPounds(ounces: number): string {
  const hundredths = toHundredths(ounces);
  return formatHundredths(Math.sign(hundredths) * Math.round(Math.abs(hundredths) / OUNCES_PER_POUND));
}
