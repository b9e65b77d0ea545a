import { Text } from '@mantine/core';
import type { BarcodeReader } from '../lib/barcode-detection';

const ENGINE_NAMES: Record<BarcodeReader['engine'], string> = {
  native: "the browser's barcode detector",
  zxing: 'ZXing (WebAssembly, served by Backroom)',
};

/** Which reader reads the frames: a browser without its own detector uses the bundled polyfill. */
export function DetectorEngine({ engine }: { engine: BarcodeReader['engine'] | null }) {
  if (!engine) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="barcode-engine" data-engine={engine}>
      Reading barcodes with {ENGINE_NAMES[engine]}
    </Text>
  );
}
