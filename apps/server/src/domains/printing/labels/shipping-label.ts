// Shipping label [4" x 6"] (paper 20, label kind shippingLabel) for the sandbox carrier: sender, recipient,
// carrier and service, the tracking number in words and as a Code 128 barcode that scans back to it.
// 812 x 1218 dots at 203 dpi.
import { horizontalLine, type Label, type LabelElement } from './label-layout';
import { fitFontSize } from './text-metrics';

export interface ShippingLabelAddress {
  name: string | null;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface ShippingLabelData {
  from: ShippingLabelAddress;
  to: ShippingLabelAddress;
  carrier: string;
  /** The service as people read it ('Ground Advantage'). */
  serviceName: string;
  trackingNumber: string;
  /** What the barcode holds: the tracking number, or for USPS 420 + ZIP + the tracking number. */
  barcodeValue: string;
  weightOunce: number;
  /** Ship date, YYYY-MM-DD. */
  shipDate: string;
  reference?: string | null;
  /** Printed across the foot, e.g. that the sandbox label carries no postage. */
  footer?: string | null;
}

const WIDTH = 812;
const MARGIN = 24;
const INNER = WIDTH - 2 * MARGIN;

function addressLines(address: ShippingLabelAddress): string[] {
  const cityLine = `${address.city}, ${address.state} ${address.postalCode}`;
  return [
    address.name,
    address.company,
    address.street1,
    address.street2,
    cityLine,
    address.country.toUpperCase() === 'US' ? null : address.country,
  ].filter((line): line is string => !!line?.trim());
}

/** Groups of four characters, as carriers print tracking numbers under the barcode. */
export function spacedTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/(.{4})(?=.)/g, '$1 ');
}

export function buildShippingLabel(data: ShippingLabelData): Label {
  const elements: LabelElement[] = [];
  // Sender, small, top left; the service's letter in a black box top right.
  elements.push({ kind: 'text', x: MARGIN, y: 20, width: 560, text: 'FROM:', fontSize: 22, bold: true });
  addressLines(data.from).forEach((line, i) => {
    elements.push({ kind: 'text', x: MARGIN, y: 48 + i * 26, width: 560, text: line, fontSize: 24 });
  });
  const letter = data.serviceName.trim().charAt(0).toUpperCase() || '?';
  elements.push(
    { kind: 'box', x: 640, y: 20, width: 148, height: 148, thickness: 4, filled: true },
    {
      kind: 'text',
      x: 640,
      y: 34,
      width: 148,
      text: letter,
      fontSize: 120,
      bold: true,
      align: 'center',
      inverted: true,
    },
    horizontalLine(MARGIN, 214, INNER, 4),
  );
  // Recipient, large.
  elements.push({
    kind: 'text',
    x: MARGIN,
    y: 230,
    width: INNER,
    text: 'SHIP TO:',
    fontSize: 26,
    bold: true,
  });
  addressLines(data.to).forEach((line, i) => {
    elements.push({
      kind: 'text',
      x: MARGIN + 40,
      y: 266 + i * 44,
      width: INNER - 40,
      text: line,
      fontSize: 40,
      bold: i === 0,
    });
  });
  // Carrier and service across a black band.
  const service = `${data.carrier} ${data.serviceName}`.toUpperCase();
  elements.push(
    { kind: 'box', x: 0, y: 560, width: WIDTH, height: 84, thickness: 4, filled: true },
    {
      kind: 'text',
      x: MARGIN,
      y: 574,
      width: INNER,
      text: service,
      fontSize: fitFontSize(service, INNER, 56),
      bold: true,
      align: 'center',
      inverted: true,
    },
  );
  // Tracking number in words, then the barcode.
  const spaced = spacedTrackingNumber(data.trackingNumber);
  elements.push(
    {
      kind: 'text',
      x: MARGIN,
      y: 664,
      width: INNER,
      text: 'TRACKING #',
      fontSize: 26,
      bold: true,
      align: 'center',
    },
    {
      kind: 'text',
      x: MARGIN,
      y: 696,
      width: INNER,
      text: spaced,
      fontSize: fitFontSize(spaced, INNER, 40),
      bold: true,
      align: 'center',
    },
    {
      kind: 'barcode',
      x: 0,
      y: 752,
      width: WIDTH,
      value: data.barcodeValue,
      symbology: 'code128',
      height: 250,
      moduleWidth: 3,
    },
    horizontalLine(MARGIN, 1030, INNER, 4),
  );
  // Shipment facts and the footer.
  const facts = [
    `Ship date: ${data.shipDate}`,
    `Weight: ${(Math.round((data.weightOunce / 16) * 100) / 100).toFixed(2)} lb`,
    data.reference ? `Ref: ${data.reference}` : null,
  ].filter((line): line is string => line !== null);
  facts.forEach((line, i) => {
    elements.push({ kind: 'text', x: MARGIN, y: 1046 + i * 30, width: INNER, text: line, fontSize: 26 });
  });
  if (data.footer) {
    elements.push({
      kind: 'text',
      x: MARGIN,
      y: 1150,
      width: INNER,
      text: data.footer,
      fontSize: 28,
      bold: true,
      align: 'center',
      maxLines: 2,
    });
  }
  return { widthIn: 4, heightIn: 6, elements };
}
