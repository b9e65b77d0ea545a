// Turns a Label into whole printer dots at one resolution: lines broken, barcodes sized and placed. Every
// renderer draws from this, so ZPL and the previews agree on where everything is.
import { sanitizeBarcodeText } from '@backroom/shared';
import { fitModuleWidth, quietZoneModules, resolveSymbol, symbolModules } from './barcode-geometry';
import {
  type BarcodeElement,
  type BarcodeSymbology,
  type BoxElement,
  type Label,
  REFERENCE_DPI,
  type TextAlign,
  type TextElement,
} from './label-layout';
import { wrapText } from './text-metrics';

export interface ResolvedText {
  kind: 'text';
  x: number;
  y: number;
  width: number;
  fontSize: number;
  lines: string[];
  align: TextAlign;
  bold: boolean;
  inverted: boolean;
}

export interface ResolvedBarcode {
  kind: 'barcode';
  /** Left edge of the first bar (quiet zone excluded), as ZPL ^FO wants it. */
  x: number;
  y: number;
  symbology: BarcodeSymbology;
  /** Encoded value (sanitized; full GTIN with check digit for UPC-A / EAN-13). */
  value: string;
  moduleWidth: number;
  modules: number;
  /** modules x moduleWidth. */
  width: number;
  height: number;
  /** Text under the bars, or null. The printer draws its own; previews draw this one. */
  humanReadable: { text: string; y: number; fontSize: number } | null;
}

export interface ResolvedBox {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  thickness: number;
}

export type ResolvedElement = ResolvedText | ResolvedBarcode | ResolvedBox;

export interface ResolvedLabel {
  dpi: number;
  width: number;
  height: number;
  elements: ResolvedElement[];
}

export const DEFAULT_MODULE_WIDTH = 2;

/** Baseline of a line as a share of its font height, below the line's top (where ZPL ^FO puts the cell). */
export const TEXT_BASELINE = 0.8;

/** Height of the human-readable line under a barcode, for a module width in dots. */
export function humanReadableFontSize(moduleWidth: number): number {
  return Math.min(40, Math.max(14, 9 * moduleWidth));
}

/** Lays the label out at `dpi` (dots per inch). Throws a RangeError for a dpi or barcode that cannot print. */
export function resolveLabel(label: Label, dpi = REFERENCE_DPI): ResolvedLabel {
  if (!Number.isFinite(dpi) || dpi < 100 || dpi > 1200)
    throw new RangeError(`Unsupported resolution: ${dpi} dpi`);
  const scale = dpi / REFERENCE_DPI;
  const width = Math.round(label.widthIn * dpi);
  const height = Math.round(label.heightIn * dpi);
  const s = (v: number) => Math.round(v * scale);
  const elements: ResolvedElement[] = [];
  for (const element of label.elements) {
    if (element.kind === 'text') {
      const text = resolveText(element, s, width);
      if (text) elements.push(text);
    } else if (element.kind === 'barcode') {
      elements.push(resolveBarcode(element, s, scale));
    } else {
      elements.push(resolveBox(element, s));
    }
  }
  return { dpi, width, height, elements };
}

function resolveText(
  element: TextElement,
  s: (v: number) => number,
  labelWidth: number,
): ResolvedText | null {
  const x = s(element.x);
  const fontSize = Math.max(1, s(element.fontSize));
  const width = Math.max(1, element.width === undefined ? labelWidth - x : s(element.width));
  const lines = wrapText(element.text, fontSize, width, Math.max(1, Math.floor(element.maxLines ?? 1)));
  if (lines.length === 0) return null;
  return {
    kind: 'text',
    x,
    y: s(element.y),
    width,
    fontSize,
    lines,
    align: element.align ?? 'left',
    bold: element.bold ?? false,
    inverted: element.inverted ?? false,
  };
}

function resolveBarcode(element: BarcodeElement, s: (v: number) => number, scale: number): ResolvedBarcode {
  const symbol = resolveSymbol(element.value, element.symbology);
  const area = s(element.width);
  const maxModule = Math.max(1, Math.round((element.moduleWidth ?? DEFAULT_MODULE_WIDTH) * scale));
  const moduleWidth = fitModuleWidth(symbol, area, maxModule);
  const modules = symbolModules(symbol);
  const quiet = quietZoneModules(symbol.symbology) * moduleWidth;
  const symbolWidth = modules * moduleWidth;
  const free = area - symbolWidth - 2 * quiet;
  const align = element.align ?? 'center';
  const offset = align === 'left' ? 0 : align === 'right' ? free : Math.floor(free / 2);
  const y = s(element.y);
  const height = Math.max(1, s(element.height));
  let humanReadable: ResolvedBarcode['humanReadable'] = null;
  if (element.humanReadable) {
    humanReadable = {
      text: sanitizeBarcodeText(symbol.value),
      y: y + height + 2 * moduleWidth,
      fontSize: humanReadableFontSize(moduleWidth),
    };
  }
  return {
    kind: 'barcode',
    // An over-long symbol is centred on its area but never pushed off the label's left edge.
    x: Math.max(0, s(element.x) + quiet + offset),
    y,
    symbology: symbol.symbology,
    value: symbol.value,
    moduleWidth,
    modules,
    width: symbolWidth,
    height,
    humanReadable,
  };
}

function resolveBox(element: BoxElement, s: (v: number) => number): ResolvedBox {
  const width = Math.max(1, s(element.width));
  const height = Math.max(1, s(element.height));
  // A filled box is a box whose border is as thick as its shorter side (how ZPL ^GB fills).
  const thickness = element.filled ? Math.min(width, height) : Math.max(1, s(element.thickness));
  return {
    kind: 'box',
    x: s(element.x),
    y: s(element.y),
    width,
    height,
    thickness: Math.min(thickness, width, height),
  };
}

/** The text line under a barcode, as every renderer draws it (centred, regular weight), or null when none. */
export function humanReadableCaption(barcode: ResolvedBarcode): ResolvedText | null {
  const hr = barcode.humanReadable;
  if (!hr) return null;
  return {
    kind: 'text',
    x: barcode.x,
    y: hr.y,
    width: barcode.width,
    fontSize: hr.fontSize,
    lines: [hr.text],
    align: 'center',
    bold: false,
    inverted: false,
  };
}
