// PDF: one page per label at the label's size; barcodes as PNG images from bwip-js, text in Helvetica.
import bwipjs from 'bwip-js/node';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { BWIP_IDS, dotsToBwipHeight } from './barcode-geometry';
import { type Label, REFERENCE_DPI } from './label-layout';
import {
  humanReadableCaption,
  type ResolvedBarcode,
  type ResolvedText,
  resolveLabel,
  TEXT_BASELINE,
} from './resolve-label';

/** Barcode images are drawn at this many pixels per dot so viewers that smooth images keep the edges sharp. */
const IMAGE_OVERSAMPLE = 3;
const POINTS_PER_INCH = 72;
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface PageContext {
  page: PDFPage;
  fonts: Fonts;
  /** Points per dot. */
  k: number;
}

/** Helvetica is WinAnsi-encoded: characters it cannot show become "?" instead of failing the whole PDF. */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text) out += supported.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

function drawText(ctx: PageContext, text: ResolvedText): void {
  const { page, k } = ctx;
  const font = text.bold ? ctx.fonts.bold : ctx.fonts.regular;
  const boxWidth = text.width * k;
  text.lines.forEach((raw, i) => {
    const line = encodable(font, raw);
    let size = text.fontSize * k;
    // Helvetica is wider than the printer's condensed font: shrink a line that would spill out of its box.
    const natural = font.widthOfTextAtSize(line, size);
    if (natural > boxWidth) size *= boxWidth / natural;
    const width = font.widthOfTextAtSize(line, size);
    const free = boxWidth - width;
    const left = text.x * k + (text.align === 'left' ? 0 : text.align === 'right' ? free : free / 2);
    const baseline = page.getHeight() - (text.y + i * text.fontSize + text.fontSize * TEXT_BASELINE) * k;
    page.drawText(line, { x: left, y: baseline, size, font, color: text.inverted ? WHITE : BLACK });
  });
}

async function drawBarcode(doc: PDFDocument, ctx: PageContext, barcode: ResolvedBarcode): Promise<void> {
  const { page, k } = ctx;
  const png = await bwipjs.toBuffer({
    bcid: BWIP_IDS[barcode.symbology],
    text: barcode.value,
    scaleX: barcode.moduleWidth * IMAGE_OVERSAMPLE,
    scaleY: IMAGE_OVERSAMPLE,
    height: dotsToBwipHeight(barcode.height),
    includetext: false,
  });
  const image = await doc.embedPng(png);
  page.drawImage(image, {
    x: barcode.x * k,
    y: page.getHeight() - (barcode.y + barcode.height) * k,
    width: barcode.width * k,
    height: barcode.height * k,
  });
  const caption = humanReadableCaption(barcode);
  if (caption) drawText(ctx, caption);
}

/** Dots rectangle to a black PDF rectangle (PDF y runs upwards). */
function fill(ctx: PageContext, x: number, y: number, width: number, height: number): void {
  const { page, k } = ctx;
  page.drawRectangle({
    x: x * k,
    y: page.getHeight() - (y + height) * k,
    width: width * k,
    height: height * k,
    color: BLACK,
  });
}

/** The labels as one PDF, a page per label sized to it. */
export async function renderPdf(labels: readonly Label[]): Promise<Uint8Array> {
  if (labels.length === 0) throw new RangeError('A PDF needs at least one label');
  const doc = await PDFDocument.create();
  doc.setTitle('Labels');
  doc.setProducer('Backroom');
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  for (const label of labels) {
    const resolved = resolveLabel(label, REFERENCE_DPI);
    const page = doc.addPage([label.widthIn * POINTS_PER_INCH, label.heightIn * POINTS_PER_INCH]);
    const ctx: PageContext = { page, fonts, k: POINTS_PER_INCH / resolved.dpi };
    for (const element of resolved.elements) {
      if (element.kind === 'text') drawText(ctx, element);
      else if (element.kind === 'barcode') await drawBarcode(doc, ctx, element);
      else {
        const { x, y, width, height, thickness: t } = element;
        fill(ctx, x, y, width, t);
        fill(ctx, x, y + height - t, width, t);
        fill(ctx, x, y, t, height);
        fill(ctx, x + width - t, y, t, height);
      }
    }
  }
  return doc.save();
}
