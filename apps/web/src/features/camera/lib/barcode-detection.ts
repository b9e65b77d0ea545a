// Reads barcodes with the browser's own BarcodeDetector (Shape Detection API) where it has one that knows
// formats, and elsewhere (desktop Linux Chromium, Firefox, Safari) with the `barcode-detector` polyfill:
// ZXing-C++ compiled to WebAssembly. The .wasm file is bundled by Vite and served by our own server, never
// fetched from the polyfill's default CDN, so scanning works offline and under our Content-Security-Policy.
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { DetectedCode } from './camera-state';

/** What both detectors share. */
export interface BarcodeReader {
  /** 'native' (the browser's) or 'zxing' (the bundled WebAssembly polyfill). */
  engine: 'native' | 'zxing';
  detect(source: ImageBitmapSource): Promise<DetectedCode[]>;
}

interface DetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string; format: string }[]>;
}

// A type, not an interface with a construct signature: Biome 2.3 panics on those.
type DetectorClass = (new (options?: {
  formats?: string[];
}) => DetectorLike) & {
  getSupportedFormats(): Promise<string[]>;
};

/** Where the polyfill finds its .wasm: our bundled copy (the path emscripten asks for is the file name). */
export function locateZxingFile(path: string, prefix: string): string {
  return path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.length > 0 ? new Native({ formats }) : null;
  } catch {
    return null;
  }
}

async function createReader(): Promise<BarcodeReader> {
  const native = await nativeDetector();
  if (native) return wrap('native', native);
  const { BarcodeDetector, prepareZXingModule, purgeZXingModule } = await import('barcode-detector/ponyfill');
  // fireImmediately loads and compiles the .wasm now, so a load failure shows on the first detection. The
  // polyfill keeps the module's promise, a failed one too: purged, the next try loads the file again.
  try {
    await prepareZXingModule({ overrides: { locateFile: locateZxingFile }, fireImmediately: true });
  } catch (error) {
    purgeZXingModule();
    throw error;
  }
  return wrap('zxing', new BarcodeDetector());
}

/**
 * A UPC-A as the browser's detector and a wedge scanner give it: 12 digits, format 'upc_a'. ZXing reads a
 * UPC-A as the EAN-13 it is a subset of (a leading 0, 13 digits, format 'ean_13' or 'upc_a'); without this the
 * same label would scan as a different code on a phone than on the wedge.
 */
export function asDetectedCode({ rawValue, format }: { rawValue: string; format: string }): DetectedCode {
  if ((format === 'ean_13' || format === 'upc_a') && /^0\d{12}$/.test(rawValue)) {
    return { rawValue: rawValue.slice(1), format: 'upc_a' };
  }
  return { rawValue, format };
}

function wrap(engine: BarcodeReader['engine'], detector: DetectorLike): BarcodeReader {
  return {
    engine,
    async detect(source) {
      return (await detector.detect(source)).map(asDetectedCode);
    },
  };
}

let reader: Promise<BarcodeReader> | null = null;

/** The one reader of the page, made on first use; a failed start is tried again next time. */
export function barcodeReader(): Promise<BarcodeReader> {
  if (!reader) {
    reader = createReader();
    reader.catch(() => {
      reader = null;
    });
  }
  return reader;
}
