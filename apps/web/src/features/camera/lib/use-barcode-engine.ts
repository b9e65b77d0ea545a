import { useEffect, useState } from 'react';
import { type BarcodeReader, barcodeReader } from './barcode-detection';

/** Loads the reader as soon as a camera screen opens (the WebAssembly is ~1 MB), and says which it is. */
export function useBarcodeEngine(): BarcodeReader['engine'] | null {
  const [engine, setEngine] = useState<BarcodeReader['engine'] | null>(null);
  useEffect(() => {
    let live = true;
    barcodeReader().then(
      (reader) => live && setEngine(reader.engine),
      // A reader that cannot load fails again on detection, which shows the error.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return engine;
}
