// A small grey-scale canvas for PNG previews: filled rectangles plus text drawn with the OCR-B font that ships
// inside bwip-js (rasterized by its TrueType renderer), so no native canvas or extra package is needed.
import bwipjs from 'bwip-js/node';
import { PNG } from 'pngjs';

const WHITE = 255;

/** OCR-B advances 0.625 of the requested glyph width; this squeezes it to ^A0's condensed look (~0.52). */
const GLYPH_WIDTH_RATIO = 0.83;

const fontId = bwipjs.FontLib.lookup('OCR-B');

/** OCR-B covers ASCII only: accents are dropped (é -> e) and anything else becomes "?". */
export function toOcrText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

export interface TextOptions {
  bold?: boolean;
  white?: boolean;
  squeeze?: number;
}

export class RasterCanvas {
  readonly data: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height).fill(WHITE);
  }

  /** Paints a rectangle black (or white), clipped to the canvas. */
  fillRect(x: number, y: number, w: number, h: number, white = false): void {
    const x0 = Math.max(0, Math.round(x));
    const y0 = Math.max(0, Math.round(y));
    const x1 = Math.min(this.width, Math.round(x + w));
    const y1 = Math.min(this.height, Math.round(y + h));
    const value = white ? WHITE : 0;
    for (let row = y0; row < y1; row++) this.data.fill(value, row * this.width + x0, row * this.width + x1);
  }

  /** Width in pixels that drawText will use for this text at this font height and squeeze. */
  measureText(text: string, fontSize: number, squeeze = 1): number {
    let width = 0;
    for (const ch of toOcrText(text)) width += this.glyph(ch, fontSize, squeeze).advance;
    return width;
  }

  /**
   * Draws one line with its baseline at `baseline`, anti-aliased; `squeeze` (0-1) narrows the glyphs. Bold
   * strikes it twice, one or more pixels apart, as the ZPL renderer does.
   */
  drawText(text: string, x: number, baseline: number, fontSize: number, opts: TextOptions = {}): void {
    const strikes = opts.bold ? [0, Math.max(1, Math.round(fontSize / 24))] : [0];
    for (const dx of strikes) {
      let pen = Math.round(x) + dx;
      for (const ch of toOcrText(text)) {
        const glyph = this.glyph(ch, fontSize, opts.squeeze ?? 1);
        this.blitGlyph(glyph, pen + glyph.left, Math.round(baseline) - glyph.top, opts.white ?? false);
        pen += glyph.advance;
      }
    }
  }

  /** The image as a grey-scale PNG. */
  toPng(): Buffer {
    return PNG.sync.write(
      {
        width: this.width,
        height: this.height,
        data: Buffer.from(this.data.buffer, 0, this.data.length),
      } as PNG,
      { colorType: 0, inputColorType: 0, inputHasAlpha: false },
    );
  }

  private glyph(ch: string, fontSize: number, squeeze: number) {
    const width = Math.max(1, Math.floor(fontSize * GLYPH_WIDTH_RATIO * squeeze));
    return bwipjs.FontLib.getglyph(fontId, ch.charCodeAt(0), width, fontSize);
  }

  private blitGlyph(
    glyph: { width: number; height: number; bytes: Uint8Array; offset: number },
    left: number,
    top: number,
    white: boolean,
  ): void {
    for (let j = 0; j < glyph.height; j++) {
      const y = top + j;
      if (y < 0 || y >= this.height) continue;
      for (let i = 0; i < glyph.width; i++) {
        const x = left + i;
        const alpha = glyph.bytes[glyph.offset + j * glyph.width + i] ?? 0;
        if (alpha === 0 || x < 0 || x >= this.width) continue;
        const at = y * this.width + x;
        const current = this.data[at]!;
        this.data[at] = white
          ? current + Math.round(((WHITE - current) * alpha) / 255)
          : current - Math.round((current * alpha) / 255);
      }
    }
  }
}
