// A fake camera for Chromium: --use-file-for-fake-video-capture plays a .y4m file (raw YUV 4:2:0 frames) as
// the camera. Frames are made here in Node from a PNG (a label our label engine drew), so no video tool is
// needed. The picture is grey: luma from the pixels, both chroma planes mid-grey.
import { writeFileSync } from 'node:fs';
import { type Browser, chromium, type TestInfo } from '@playwright/test';
import pngjs from 'pngjs';

// CommonJS package: Node's ESM loader gives its exports as the default import.
const { PNG } = pngjs;

/** 1280x720 is the smallest video the camera page asks for (catalogue-admin.md §9). */
export const FRAME = { width: 1280, height: 720 } as const;

/**
 * Writes a .y4m whose frames show `png` in the middle of a white 1280x720 picture (nothing but white when
 * `png` is null: a camera that sees no barcode).
 */
export function writeFakeCameraFile(file: string, png: Buffer | null, frames = 2): void {
  const { width, height } = FRAME;
  const luma = Buffer.alloc(width * height, 235);
  if (png) {
    const image = PNG.sync.read(png);
    if (image.width > width || image.height > height)
      throw new Error(`The picture (${image.width}x${image.height}) is larger than a frame.`);
    const left = Math.floor((width - image.width) / 2);
    const top = Math.floor((height - image.height) / 2);
    for (let y = 0; y < image.height; y++) {
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * 4;
        const [r, g, b, a] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!, image.data[i + 3]!];
        // Transparent is white paper; video luma runs 16 (black) to 235 (white).
        const grey = ((0.299 * r + 0.587 * g + 0.114 * b) * a + 255 * (255 - a)) / 255;
        luma[(top + y) * width + left + x] = Math.round(16 + (grey * 219) / 255);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Debian's Chromium with the test project's options, whose camera is `file` and which grants it unasked. */
export function launchWithFakeCamera(testInfo: TestInfo, file: string): Promise<Browser> {
  const options = testInfo.project.use.launchOptions ?? {};
  return chromium.launch({
    ...options,
    args: [
      ...(options.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`,
    ],
  });
}
