// The one description of a label. Every renderer (ZPL, SVG, PNG, PDF) draws from it.
//
// Units: the label size is in inches; every position and size inside it is in dots at REFERENCE_DPI (203, the
// default thermal printer resolution), so a layout designed for the usual printer is exact there and is scaled
// (and rounded to whole dots) for any other resolution.

/** Resolution that element coordinates are given in. */
export const REFERENCE_DPI = 203;

export type TextAlign = 'left' | 'center' | 'right';

export interface TextElement {
  kind: 'text';
  /** Left edge of the text box. */
  x: number;
  /** Top of the first line. */
  y: number;
  /** Width of the box the text is aligned and wrapped in; defaults to the rest of the label. */
  width?: number;
  text: string;
  /** Character cell height (ZPL ^A0 height); lines are this far apart. */
  fontSize: number;
  bold?: boolean;
  align?: TextAlign;
  /** Lines the text may wrap onto (default 1); what does not fit ends in "...". */
  maxLines?: number;
  /** White on black: put it over a filled box. */
  inverted?: boolean;
}

/**
 * Code 128 always works. UPC-A / EAN-13 are used only when the value is a valid GTIN of that length (after
 * dropping the left zero padding of stored UPCs); anything else falls back to Code 128.
 */
export type BarcodeSymbology = 'code128' | 'upca' | 'ean13';

export interface BarcodeElement {
  kind: 'barcode';
  /** Left edge of the area the barcode, with its quiet zones, is fitted and aligned in. */
  x: number;
  /** Top of the bars. */
  y: number;
  /** Width of that area. */
  width: number;
  /** Passed through sanitizeBarcodeText: only letters, digits and hyphen are printed. */
  value: string;
  symbology: BarcodeSymbology;
  /** Bar height. */
  height: number;
  /**
   * Widest module (narrow bar) wanted, in reference dots (default 2). The renderer uses the widest whole number
   * of printer dots, up to this, that fits the symbol and its quiet zones in `width`, and never less than 1.
   */
  moduleWidth?: number;
  /** Print the value under the bars (ZPL interpretation line; drawn text in previews). */
  humanReadable?: boolean;
  /** Where the symbol sits in its area (default center). */
  align?: TextAlign;
}

/** A rectangle outline; a line is a box one `thickness` thick; `filled` paints it solid. */
export interface BoxElement {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
  thickness: number;
  filled?: boolean;
}

export type LabelElement = TextElement | BarcodeElement | BoxElement;

export interface Label {
  widthIn: number;
  heightIn: number;
  elements: LabelElement[];
}

/** Inches to reference dots. */
export function inchesToDots(inches: number): number {
  return Math.round(inches * REFERENCE_DPI);
}

/** Label width and height in reference dots. */
export function labelSizeInDots(label: Label): { width: number; height: number } {
  return { width: inchesToDots(label.widthIn), height: inchesToDots(label.heightIn) };
}

/** A horizontal line `thickness` dots thick. */
export function horizontalLine(x: number, y: number, width: number, thickness = 2): BoxElement {
  return { kind: 'box', x, y, width, height: thickness, thickness };
}
