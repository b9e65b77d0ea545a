// SVG preview: one px per printer dot at 203 dpi; barcodes drawn by bwip-js, text as <text>.
import bwipjs from 'bwip-js/node';
import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { BWIP_IDS, dotsToBwipHeight } from './barcode-geometry';
import { type Label, REFERENCE_DPI } from './label-layout';
import {
  humanReadableCaption,
  type ResolvedBarcode,
  type ResolvedText,
  resolveLabel,
  TEXT_BASELINE,
} from './resolve-label';

const FONT_FAMILY = "'Arial Narrow', 'Helvetica Neue Condensed', Arial, Helvetica, sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// pdf-lib's StandardFonts and the embedder's FontNames are the same strings in two enums.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];

let helvetica: { regular: StandardFontEmbedder; bold: StandardFontEmbedder } | null = null;

/** Width of a line in Helvetica (which Arial matches), from the font metrics pdf-lib ships. */
export function helveticaWidth(line: string, fontSize: number, bold: boolean): number {
  helvetica ??= {
    regular: StandardFontEmbedder.for(StandardFonts.Helvetica as string as FontName),
    bold: StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as FontName),
  };
  const font = bold ? helvetica.bold : helvetica.regular;
  try {
    return font.widthOfTextAtSize(line, fontSize);
  } catch {
    // Characters outside WinAnsi have no metrics: count them as a wide letter.
    return font.widthOfTextAtSize(line.replace(/[^\x20-\x7e]/g, 'W'), fontSize);
  }
}

function textSvg(text: ResolvedText): string {
  const anchor = text.align === 'left' ? 'start' : text.align === 'right' ? 'end' : 'middle';
  const x =
    text.align === 'left' ? text.x : text.align === 'right' ? text.x + text.width : text.x + text.width / 2;
  const attrs = [
    `font-family="${FONT_FAMILY}"`,
    `font-size="${text.fontSize}"`,
    `font-weight="${text.bold ? 'bold' : 'normal'}"`,
    `text-anchor="${anchor}"`,
    `fill="${text.inverted ? '#fff' : '#000'}"`,
  ].join(' ');
  return text.lines
    .map((line, i) => {
      const y = text.y + i * text.fontSize + Math.round(text.fontSize * TEXT_BASELINE);
      // Arial is wider than the printer's condensed font: squeeze a line that would spill out of its box.
      const fit =
        helveticaWidth(line, text.fontSize, text.bold) > text.width
          ? ` textLength="${text.width}" lengthAdjust="spacingAndGlyphs"`
          : '';
      return `<text x="${x}" y="${y}" ${attrs}${fit} xml:space="preserve">${escapeXml(line)}</text>`;
    })
    .join('\n');
}

function barcodeSvg(barcode: ResolvedBarcode): string {
  const symbol = bwipjs.toSVG({
    bcid: BWIP_IDS[barcode.symbology],
    text: barcode.value,
    scaleX: barcode.moduleWidth,
    scaleY: 1,
    height: dotsToBwipHeight(barcode.height),
    includetext: false,
  });
  // bwip-js rounds its own box by a unit now and then; pin the symbol to the resolved box exactly.
  // The bars span exactly modules x moduleWidth units horizontally, so the view box is cut to that width.
  const viewHeight = /viewBox="0 0 [\d.]+ ([\d.]+)"/.exec(symbol)?.[1] ?? String(barcode.height);
  const opening = [
    `<svg x="${barcode.x}" y="${barcode.y}" width="${barcode.width}" height="${barcode.height}"`,
    `viewBox="0 0 ${barcode.width} ${viewHeight}" preserveAspectRatio="none">`,
  ].join(' ');
  const nested = symbol.trim().replace(/^<svg[^>]*>/, opening);
  const caption = humanReadableCaption(barcode);
  return caption ? `${nested}\n${textSvg(caption)}` : nested;
}

/** The label as a standalone SVG document at one px per dot (203 dpi). */
export function renderSvg(label: Label): string {
  const resolved = resolveLabel(label, REFERENCE_DPI);
  const { width, height } = resolved;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
  ];
  for (const element of resolved.elements) {
    if (element.kind === 'text') parts.push(textSvg(element));
    else if (element.kind === 'barcode') parts.push(barcodeSvg(element));
    else if (element.thickness >= Math.min(element.width, element.height)) {
      parts.push(
        `<rect x="${element.x}" y="${element.y}" width="${element.width}" height="${element.height}"/>`,
      );
    } else {
      // Stroke centred half a thickness inside, so the outline covers the same dots as ZPL ^GB.
      const t = element.thickness;
      parts.push(
        `<rect x="${element.x + t / 2}" y="${element.y + t / 2}" width="${element.width - t}" height="${element.height - t}" fill="none" stroke="#000" stroke-width="${t}"/>`,
      );
    }
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
