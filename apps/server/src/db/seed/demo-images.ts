// Product photos for the demo catalogue, drawn at seed time: a simple picture of the kind of product (a
// guitar, an amplifier, a pedal …) in the product's colour, with the brand and SKU printed under it, as a
// small JPEG. Pixels are drawn in JavaScript (text with the OCR-B font the label previews use) and encoded by
// sharp; the same product always gets the same picture.
import sharp from 'sharp';
import { RasterCanvas } from '../../domains/printing/labels/raster-canvas';

export const DEMO_IMAGE_SIZE = 400;
const TEXT_BAND = 64;

type Rgb = readonly [number, number, number];

const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const shade = ([r, g, b]: Rgb, factor: number): Rgb =>
  factor < 1
    ? [r * factor, g * factor, b * factor]
    : [r + (255 - r) * (factor - 1), g + (255 - g) * (factor - 1), b + (255 - b) * (factor - 1)];

/** The demo catalogue's colour names (catalogue-generator COLORS). */
const COLOR_RGB: Record<string, Rgb> = {
  Sunburst: hex('#a8521c'),
  Black: hex('#25262b'),
  'Olympic White': hex('#eee6d3'),
  Cherry: hex('#8e1b2c'),
  'Sonic Blue': hex('#79aed3'),
  Natural: hex('#d3b07e'),
};

/** An RGBA canvas with the few shapes the pictures need; spans are filled natively through a 32-bit view. */
class RgbCanvas {
  readonly data: Uint8Array;
  private readonly pixels: Uint32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8Array(width * height * 4);
    this.pixels = new Uint32Array(this.data.buffer);
  }

  /** Little-endian RGBA as one 32-bit number (alpha always opaque). */
  private static pack(color: Rgb): number {
    const [r, g, b] = color.map((v) => Math.max(0, Math.min(255, Math.round(v))));
    return ((255 << 24) | (b! << 16) | (g! << 8) | r!) >>> 0;
  }

  private span(y: number, x0: number, x1: number, color: Rgb): void {
    if (y < 0 || y >= this.height) return;
    const from = Math.max(0, Math.round(x0));
    const to = Math.min(this.width, Math.round(x1));
    if (to > from) this.pixels.fill(RgbCanvas.pack(color), y * this.width + from, y * this.width + to);
  }

  /** A soft top-to-bottom background. */
  gradient(top: Rgb, bottom: Rgb): void {
    for (let y = 0; y < this.height; y++) {
      const t = y / (this.height - 1);
      this.span(
        y,
        0,
        this.width,
        [0, 1, 2].map((i) => top[i]! + (bottom[i]! - top[i]!) * t) as unknown as Rgb,
      );
    }
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let row = Math.round(y); row < Math.round(y + h); row++) this.span(row, x, x + w, color);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb): void {
    for (let row = Math.floor(cy - ry); row <= Math.ceil(cy + ry); row++) {
      const dy = (row + 0.5 - cy) / ry;
      if (dy < -1 || dy > 1) continue;
      const half = rx * Math.sqrt(1 - dy * dy);
      this.span(row, cx - half, cx + half, color);
    }
  }

  /** Paints `color` where the grey-scale text canvas is dark (anti-aliased). */
  text(mask: RasterCanvas, left: number, top: number, color: Rgb): void {
    for (let y = 0; y < mask.height; y++) {
      for (let x = 0; x < mask.width; x++) {
        const alpha = (255 - mask.data[y * mask.width + x]!) / 255;
        if (alpha === 0) continue;
        const at = ((top + y) * this.width + left + x) * 4;
        for (let i = 0; i < 3; i++) this.data[at + i] = this.data[at + i]! * (1 - alpha) + color[i]! * alpha;
      }
    }
  }
}

export interface DemoImageProduct {
  sku: string;
  brand: string;
  /** The top-level category name (Guitars, Amplifiers, Effects …), or null. */
  kind: string | null;
  /** The leaf category name (Overdrive, Delay …), or null. */
  leaf: string | null;
  /** The colour in the product's name ('…, Sunburst'), or null. */
  color: string | null;
}

/** Where the picture sits: view 1 is the whole product, view 2 smaller and to one side, view 3 a close-up. */
interface View {
  cx: number;
  cy: number;
  s: number;
}

function drawGuitar(c: RgbCanvas, v: View, body: Rgb, bass: boolean): void {
  const wood = hex('#6b4226');
  const neckLength = bass ? 190 : 170;
  c.rect(v.cx - 9 * v.s, v.cy - neckLength * v.s, 18 * v.s, neckLength * v.s, wood);
  c.rect(v.cx - 14 * v.s, v.cy - (neckLength + 42) * v.s, 28 * v.s, 46 * v.s, shade(wood, 0.7));
  c.ellipse(v.cx, v.cy + 70 * v.s, 78 * v.s, 62 * v.s, shade(body, 0.8));
  c.ellipse(v.cx, v.cy + 70 * v.s, 74 * v.s, 58 * v.s, body);
  c.ellipse(v.cx, v.cy + 8 * v.s, 56 * v.s, 46 * v.s, body);
  c.rect(v.cx - 30 * v.s, v.cy + 78 * v.s, 60 * v.s, 10 * v.s, hex('#1c1c1c'));
  c.rect(v.cx - 26 * v.s, v.cy + 30 * v.s, 52 * v.s, 9 * v.s, hex('#c9c9c9'));
}

function drawBox(c: RgbCanvas, v: View, w: number, h: number, color: Rgb): void {
  c.rect(v.cx - (w / 2) * v.s + 6 * v.s, v.cy - (h / 2) * v.s + 6 * v.s, w * v.s, h * v.s, shade(color, 0.6));
  c.rect(v.cx - (w / 2) * v.s, v.cy - (h / 2) * v.s, w * v.s, h * v.s, color);
}

function drawKnobs(c: RgbCanvas, v: View, y: number, count: number, spacing: number, color: Rgb): void {
  for (let k = 0; k < count; k++) {
    const x = v.cx + (k - (count - 1) / 2) * spacing * v.s;
    c.ellipse(x, v.cy + y * v.s, 11 * v.s, 11 * v.s, color);
  }
}

const PEDAL_COLORS: Record<string, Rgb> = {
  Overdrive: hex('#3f9b4f'),
  Delay: hex('#3a6fb0'),
  Reverb: hex('#9aa3ad'),
  Fuzz: hex('#d9822b'),
};

function drawProduct(c: RgbCanvas, v: View, product: DemoImageProduct, variant: number): void {
  const body = (product.color && COLOR_RGB[product.color]) || null;
  switch (product.kind) {
    case 'Guitars':
    case 'Bass':
      drawGuitar(c, v, body ?? hex(['#a8521c', '#8e1b2c', '#25262b'][variant % 3]!), product.kind === 'Bass');
      return;
    case 'Amplifiers':
      drawBox(c, v, 230, product.leaf === 'Amp Heads' ? 110 : 200, hex('#2b2b2e'));
      c.rect(v.cx - 100 * v.s, v.cy - 30 * v.s, 200 * v.s, 110 * v.s, hex('#4a4540'));
      drawKnobs(c, v, -68, 6, 30, hex('#d8d8d8'));
      return;
    case 'Effects': {
      const color = PEDAL_COLORS[product.leaf ?? ''] ?? hex('#c0392b');
      drawBox(c, v, 130, 190, color);
      drawKnobs(c, v, -55, 3, 36, hex('#f2f2f2'));
      c.ellipse(v.cx, v.cy + 50 * v.s, 20 * v.s, 20 * v.s, hex('#bdbdbd'));
      return;
    }
    case 'Keyboards': {
      drawBox(c, v, 300, 110, hex('#1f1f22'));
      const keys = 14;
      const keyWidth = 280 / keys;
      for (let k = 0; k < keys; k++)
        c.rect(
          v.cx + (-140 + k * keyWidth + 1) * v.s,
          v.cy - 5 * v.s,
          (keyWidth - 2) * v.s,
          55 * v.s,
          hex('#fafafa'),
        );
      for (let k = 0; k < keys - 1; k++)
        if (k % 7 !== 2 && k % 7 !== 6)
          c.rect(
            v.cx + (-140 + (k + 0.7) * keyWidth) * v.s,
            v.cy - 5 * v.s,
            keyWidth * 0.6 * v.s,
            32 * v.s,
            hex('#111111'),
          );
      return;
    }
    case 'Drums':
      for (const [r, f] of [
        [160, 0.75],
        [155, 1],
        [105, 0.92],
        [52, 0.8],
        [18, 0.65],
      ] as const)
        c.ellipse(v.cx, v.cy, r * v.s, r * 0.36 * v.s, shade(hex('#d4a537'), f));
      return;
    case 'Live Sound':
      c.rect(v.cx - 16 * v.s, v.cy - 10 * v.s, 32 * v.s, 150 * v.s, hex('#2d2d30'));
      c.ellipse(v.cx, v.cy - 50 * v.s, 46 * v.s, 54 * v.s, hex('#8d9196'));
      c.ellipse(v.cx, v.cy - 50 * v.s, 38 * v.s, 46 * v.s, hex('#b5b9bd'));
      return;
    default:
      // Accessories: a pack (strings) or a coiled cable.
      if (product.leaf?.includes('Cable')) {
        for (const r of [100, 80, 60])
          c.ellipse(
            v.cx,
            v.cy,
            r * v.s,
            r * v.s,
            hex(r === 60 ? '#f3f4f6' : r === 80 ? '#222226' : '#3b3b40'),
          );
        c.ellipse(v.cx, v.cy, 60 * v.s, 60 * v.s, hex('#f3f4f6'));
      } else {
        drawBox(c, v, 170, 210, hex(['#2e5aa8', '#b8342c', '#e0a82e'][variant % 3]!));
        c.rect(v.cx - 70 * v.s, v.cy - 20 * v.s, 140 * v.s, 40 * v.s, hex('#f5f5f5'));
      }
  }
}

const VIEWS: View[] = [
  { cx: 200, cy: 170, s: 0.75 },
  { cx: 230, cy: 165, s: 0.5 },
  { cx: 170, cy: 150, s: 1.1 },
];

/** One demo photo (view 0, 1 or 2) of a product, as JPEG. */
export async function demoProductImage(product: DemoImageProduct, view: number): Promise<Buffer> {
  const size = DEMO_IMAGE_SIZE;
  const canvas = new RgbCanvas(size, size);
  canvas.gradient(view === 1 ? hex('#eef1f5') : hex('#fbfbfc'), hex('#dfe3e8'));
  drawProduct(canvas, VIEWS[view % VIEWS.length]!, product, product.sku.length + view);
  canvas.rect(0, size - TEXT_BAND, size, TEXT_BAND, hex('#ffffff'));
  const text = new RasterCanvas(size - 24, TEXT_BAND - 8);
  text.drawText(product.brand.toUpperCase(), 0, 24, 22, { bold: true });
  text.drawText(product.sku, 0, 50, 20);
  const label = `${view + 1}`;
  text.drawText(label, text.width - text.measureText(label, 20), 50, 20);
  canvas.text(text, 12, size - TEXT_BAND + 6, hex('#1f2937'));
  return sharp(canvas.data, { raw: { width: size, height: size, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 80 })
    .toBuffer();
}
