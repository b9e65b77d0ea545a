import { BUNDLE_CANVAS_SIZE } from '@backroom/shared';

/** A picture placed on the bundle canvas. */
export interface Placed {
  key: number;
  url: string;
  /** Canvas pixels (of the 2250 x 2250 image). */
  x: number;
  y: number;
  size: number;
}

/** Draws the placed pictures, each fitted into its square, on a white canvas and returns it as a JPEG. */
export async function composeBundleImage(placed: Placed[]): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = BUNDLE_CANVAS_SIZE;
  canvas.height = BUNDLE_CANVAS_SIZE;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, BUNDLE_CANVAS_SIZE, BUNDLE_CANVAS_SIZE);
  for (const item of placed) {
    const image = await loadImage(item.url);
    // Fit the picture into its square, keeping its proportions.
    const ratio = Math.min(item.size / image.width, item.size / image.height);
    const w = image.width * ratio;
    const h = image.height * ratio;
    context.drawImage(image, item.x + (item.size - w) / 2, item.y + (item.size - h) / 2, w, h);
  }
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The image could not be made'))),
      'image/jpeg',
      0.92,
    ),
  );
}

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new window.Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${url}`));
    image.src = url;
  });
}
