// Test support: reads the barcode in a PNG with ZXing, the way a scanner would.
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

export interface DecodedBarcode {
  text: string;
  format: string;
}

/** Decodes the one Code 128 / UPC-A / EAN-13 barcode in a PNG; throws (ZXing's NotFoundException) when none. */
export function decodeBarcodePng(png: Buffer): DecodedBarcode {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const o = i * 4;
    luminance[i] = (image.data[o]! * 299 + image.data[o + 1]! * 587 + image.data[o + 2]! * 114) / 1000;
  }
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height)),
  );
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.UPC_A, BarcodeFormat.EAN_13]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new MultiFormatReader();
  const result = reader.decode(bitmap, hints);
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? 'unknown' };
}
