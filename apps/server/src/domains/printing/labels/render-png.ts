// PNG preview at any resolution: the same resolved layout as the ZPL, bars from bwip-js's raw symbol output,
// text from bwip-js's built-in OCR-B font. Pure JavaScript (pngjs writes the file).
import bwipjs from 'bwip-js/node';
import { BWIP_IDS } from './barcode-geometry';
import { type Label, REFERENCE_DPI } from './label-layout';
import { RasterCanvas } from './raster-canvas';
import {
  humanReadableCaption,
  type ResolvedBarcode,
  type ResolvedBox,
  type ResolvedLabel,
  type ResolvedText,
  resolveLabel,
  TEXT_BASELINE,
} from './resolve-label';

export interface PngOptions {
  /** Pixels per inch (default 203: one pixel per printer dot). */
  dpi?: number;
}

/** Bar and space widths in modules, starting with a bar. */
export function barcodeRuns(barcode: Pick<ResolvedBarcode, 'symbology' | 'value'>): number[] {
  const [symbol] = bwipjs.raw({ bcid: BWIP_IDS[barcode.symbology], text: barcode.value });
  if (!symbol || !('sbs' in symbol))
    throw new Error(`bwip-js gave no linear symbol for ${barcode.symbology}`);
  return symbol.sbs;
}

function drawText(canvas: RasterCanvas, text: ResolvedText): void {
  text.lines.forEach((line, i) => {
    // OCR-B is monospaced, wider than the printer's font for narrow letters: squeeze lines that would spill.
    const natural = canvas.measureText(line, text.fontSize);
    const squeeze = natural > text.width ? text.width / natural : 1;
    const free = text.width - (squeeze < 1 ? canvas.measureText(line, text.fontSize, squeeze) : natural);
    const x = text.align === 'left' ? text.x : text.align === 'right' ? text.x + free : text.x + free / 2;
    const baseline = text.y + i * text.fontSize + Math.round(text.fontSize * TEXT_BASELINE);
    canvas.drawText(line, x, baseline, text.fontSize, { bold: text.bold, white: text.inverted, squeeze });
  });
}

function drawBarcode(canvas: RasterCanvas, barcode: ResolvedBarcode): void {
  const runs = barcodeRuns(barcode);
  let x = barcode.x;
  runs.forEach((run, i) => {
    const width = run * barcode.moduleWidth;
    if (i % 2 === 0) canvas.fillRect(x, barcode.y, width, barcode.height);
    x += width;
  });
  const caption = humanReadableCaption(barcode);
  if (caption) drawText(canvas, caption);
}

function drawBox(canvas: RasterCanvas, box: ResolvedBox): void {
  const { x, y, width, height, thickness: t } = box;
  canvas.fillRect(x, y, width, t);
  canvas.fillRect(x, y + height - t, width, t);
  canvas.fillRect(x, y, t, height);
  canvas.fillRect(x + width - t, y, t, height);
}

/** Draws an already resolved label. */
export function rasterize(resolved: ResolvedLabel): RasterCanvas {
  const canvas = new RasterCanvas(resolved.width, resolved.height);
  for (const element of resolved.elements) {
    if (element.kind === 'text') drawText(canvas, element);
    else if (element.kind === 'barcode') drawBarcode(canvas, element);
    else drawBox(canvas, element);
  }
  return canvas;
}

/** The label as a grey-scale PNG, one pixel per dot at `dpi`. */
export async function renderPng(label: Label, options: PngOptions = {}): Promise<Buffer> {
  return rasterize(resolveLabel(label, options.dpi ?? REFERENCE_DPI)).toPng();
}
