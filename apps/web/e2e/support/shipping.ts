import type { Locator, Page } from '@playwright/test';
import zxing from '@zxing/library';
import pngjs from 'pngjs';
import { expect } from './fixtures';

/**
 * Maps the shipping label kind to the built-in 'Shipping Label Printer' in Label Settings, opened with the
 * 'Label Settings' button inside `from`; printers with other paper are offered disabled.
 */
export async function mapShippingPrinter(page: Page, from: Locator) {
  await from.getByRole('button', { name: 'Label Settings' }).click();
  const modal = page.getByRole('dialog', { name: 'Label Settings' });
  const select = modal.getByRole('textbox', { name: 'Shipping Label [4" x 6"]' });
  await select.click();
  await expect(page.getByRole('option', { name: /^Receipt Printer/ })).toHaveAttribute(
    'data-combobox-disabled',
  );
  await page.getByRole('option', { name: /^Shipping Label Printer/ }).click();
  await expect(select).toHaveValue(/^Shipping Label Printer/);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
}

// Both are CommonJS packages: Node's ESM loader gives their exports as the default import.
const {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} = zxing;
const { PNG } = pngjs;

/** Reads the barcode in a PNG with ZXing, the way a scanner would (Code 128, UPC-A, EAN-13). */
export function decodeBarcodePng(png: Buffer): { text: string; format: string } {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < luminance.length; i++) {
    const o = i * 4;
    luminance[i] = (image.data[o]! * 299 + image.data[o + 1]! * 587 + image.data[o + 2]! * 114) / 1000;
  }
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height)),
  );
  const hints = new Map<zxing.DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128, BarcodeFormat.UPC_A, BarcodeFormat.EAN_13]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const result = new MultiFormatReader().decode(bitmap, hints);
  return { text: result.getText(), format: BarcodeFormat[result.getBarcodeFormat()] ?? 'unknown' };
}
