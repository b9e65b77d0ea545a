// Product, PGU and returns labels. Sizes follow the spec's papers: product barcode 3" x 1" (paper 32), retail
// product 2.25" x 1" (paper 64), mini package 2.25" x 1.25" (paper 37), PGU and received item 4" x 2.5"
// (paper 12), return barcode 2.25" x 1".
import { type Cents, formatMoney, sanitizeBarcodeText } from '@backroom/shared';
import { horizontalLine, type Label, type LabelElement } from './label-layout';
import { fitFontSize } from './text-metrics';

const MARGIN = 12;

export interface ProductBarcodeLabelData {
  /** The product's UPC; printed as UPC-A / EAN-13 when a valid GTIN, else as Code 128. */
  barcode: string;
  sku: string;
  /** Product name (labelTitle); cut to one line. */
  name: string;
}

/** Product Barcode [3" x 1"]: SKU, name, UPC with its digits. 609 x 203 dots. */
export function buildProductBarcodeLabel(data: ProductBarcodeLabelData): Label {
  const inner = 609 - 2 * MARGIN;
  return {
    widthIn: 3,
    heightIn: 1,
    elements: [
      { kind: 'text', x: MARGIN, y: 8, width: inner, text: data.sku, fontSize: 36, bold: true },
      { kind: 'text', x: MARGIN, y: 46, width: inner, text: data.name, fontSize: 24 },
      productBarcode(data.barcode, 609, 76, 80, 3),
    ],
  };
}

export interface RetailProductLabelData {
  name: string;
  barcode: string;
  /** Shown top right when given. */
  priceCents?: Cents | null;
}

/** Retail Product Label [2.25" x 1"]: name on up to two lines, optional price, UPC. 457 x 203 dots. */
export function buildRetailProductLabel(data: RetailProductLabelData): Label {
  const inner = 457 - 2 * MARGIN;
  const priceWidth = data.priceCents == null ? 0 : 130;
  const elements: LabelElement[] = [
    { kind: 'text', x: MARGIN, y: 6, width: inner - priceWidth, text: data.name, fontSize: 22, maxLines: 2 },
  ];
  if (data.priceCents != null) {
    const price = formatMoney(data.priceCents);
    elements.push({
      kind: 'text',
      x: MARGIN + inner - priceWidth,
      y: 6,
      width: priceWidth,
      text: price,
      fontSize: fitFontSize(price, priceWidth - 8, 36),
      bold: true,
      align: 'right',
    });
  }
  elements.push(productBarcode(data.barcode, 457, 56, 84, 3));
  return { widthIn: 2.25, heightIn: 1, elements };
}

export interface MiniPackageLabelData {
  barcode: string;
  sku: string;
  name: string;
}

/** Mini package label [2.25" x 1.25"] (paper 37): SKU, name on two lines, UPC. 457 x 254 dots. */
export function buildMiniPackageLabel(data: MiniPackageLabelData): Label {
  const inner = 457 - 2 * MARGIN;
  return {
    widthIn: 2.25,
    heightIn: 1.25,
    elements: [
      { kind: 'text', x: MARGIN, y: 8, width: inner, text: data.sku, fontSize: 30, bold: true },
      { kind: 'text', x: MARGIN, y: 44, width: inner, text: data.name, fontSize: 22, maxLines: 2 },
      productBarcode(data.barcode, 457, 96, 110, 3),
    ],
  };
}

export interface PguLabelData {
  /** The PGU's division barcode. */
  barcode: string;
  sku?: string | null;
  name?: string | null;
  conditionName?: string | null;
}

/** PGU Label [4" x 2.5"]: product line, big code, Code 128 of the PGU barcode. 812 x 508 dots. */
export function buildPguLabel(data: PguLabelData): Label {
  const code = printable(data.barcode);
  const inner = 812 - 2 * MARGIN;
  const elements = productHeader(data.sku, data.conditionName, data.name, inner);
  elements.push(horizontalLine(MARGIN, 146, inner, 3), codeLine(code, 160, inner, 80), {
    kind: 'barcode',
    x: 0,
    y: 256,
    width: 812,
    value: code,
    symbology: 'code128',
    height: 220,
    moduleWidth: 4,
  });
  return { widthIn: 4, heightIn: 2.5, elements };
}

export interface ReturnBarcodeLabelData {
  inboundReturnId: number;
}

/**
 * Return barcode [2.25" x 1"]. The barcode encodes the scan code /IBR-{id}/ (so a scan opens the return);
 * the text under it keeps only letters, digits and hyphen: IBR-{id}.
 */
export function buildReturnBarcodeLabel(data: ReturnBarcodeLabelData): Label {
  if (!Number.isSafeInteger(data.inboundReturnId) || data.inboundReturnId < 1) {
    throw new RangeError(`Not a return id: ${data.inboundReturnId}`);
  }
  const code = `/IBR-${data.inboundReturnId}/`;
  const inner = 457 - 2 * MARGIN;
  return {
    widthIn: 2.25,
    heightIn: 1,
    elements: [
      {
        kind: 'text',
        x: MARGIN,
        y: 6,
        width: inner,
        text: `Return #${data.inboundReturnId}`,
        fontSize: 26,
        bold: true,
        align: 'center',
      },
      {
        kind: 'barcode',
        x: 0,
        y: 38,
        width: 457,
        value: code,
        symbology: 'code128',
        height: 110,
        moduleWidth: 3,
      },
      codeLine(printable(code), 154, inner, 44),
    ],
  };
}

export interface ReceivedItemLabelData {
  sku: string;
  name: string;
  /** Printed as the barcode when given (UPC-A / EAN-13 when valid); otherwise the SKU is. */
  upc?: string | null;
  conditionName?: string | null;
  inboundReturnId?: number | null;
  /** Already formatted for the account's time zone. */
  receivedAt?: string | null;
  receivedBy?: string | null;
}

/** Received item [4" x 2.5"]: what was received, from which return, when and by whom, with its barcode. */
export function buildReceivedItemLabel(data: ReceivedItemLabelData): Label {
  const inner = 812 - 2 * MARGIN;
  const elements = productHeader(data.sku, data.conditionName, data.name, inner);
  const facts = [
    data.inboundReturnId == null ? null : `Return #${data.inboundReturnId}`,
    data.receivedAt ? `Received ${data.receivedAt}` : null,
    data.receivedBy ? `by ${data.receivedBy}` : null,
  ].filter((fact): fact is string => fact !== null);
  if (facts.length > 0) {
    elements.push({ kind: 'text', x: MARGIN, y: 150, width: inner, text: facts.join('  '), fontSize: 28 });
  }
  elements.push(horizontalLine(MARGIN, 188, inner, 3));
  const upc = data.upc ? sanitizeBarcodeText(data.upc) : '';
  elements.push(
    upc
      ? productBarcode(upc, 812, 204, 220, 4)
      : {
          kind: 'barcode',
          x: 0,
          y: 204,
          width: 812,
          value: data.sku,
          symbology: 'code128',
          height: 220,
          moduleWidth: 4,
          humanReadable: true,
        },
  );
  return { widthIn: 4, heightIn: 2.5, elements };
}

/** A UPC-A barcode with its digits (Code 128 when the value is not a valid 12-digit GTIN) across the label. */
function productBarcode(
  value: string,
  width: number,
  y: number,
  height: number,
  moduleWidth: number,
): LabelElement {
  return {
    kind: 'barcode',
    x: 0,
    y,
    width,
    value,
    symbology: 'upca',
    height,
    moduleWidth,
    humanReadable: true,
  };
}

/** SKU (bold, left), condition (bold, right) and the name on up to two lines, 4" wide labels. */
function productHeader(
  sku: string | null | undefined,
  condition: string | null | undefined,
  name: string | null | undefined,
  inner: number,
): LabelElement[] {
  const conditionWidth = condition ? 276 : 0;
  const out: LabelElement[] = [];
  if (sku)
    out.push({
      kind: 'text',
      x: MARGIN,
      y: 12,
      width: inner - conditionWidth,
      text: sku,
      fontSize: 52,
      bold: true,
    });
  if (condition) {
    const x = MARGIN + inner - conditionWidth;
    out.push({
      kind: 'text',
      x,
      y: 18,
      width: conditionWidth,
      text: condition,
      fontSize: 38,
      bold: true,
      align: 'right',
    });
  }
  if (name) out.push({ kind: 'text', x: MARGIN, y: 72, width: inner, text: name, fontSize: 32, maxLines: 2 });
  return out;
}

/** The code in the biggest font, up to max, that fits one centred line. */
function codeLine(code: string, y: number, width: number, max: number): LabelElement {
  return {
    kind: 'text',
    x: MARGIN,
    y,
    width,
    text: code,
    fontSize: fitFontSize(code, width, max),
    bold: true,
    align: 'center',
  };
}

function printable(barcode: string): string {
  const code = sanitizeBarcodeText(barcode);
  if (!code) throw new RangeError(`Barcode "${barcode}" has nothing printable`);
  return code;
}
