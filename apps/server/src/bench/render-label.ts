// `node --import tsx apps/server/src/bench/render-label.ts`: average time to render one division label to ZPL.
import { buildDivisionLabel, renderZpl } from '../domains/printing/labels';

const barcodes = Array.from(
  { length: 1000 },
  (_, i) => `MAIN-${String((i % 99) + 1).padStart(2, '0')}AA01AB-${String((i % 98) + 1).padStart(2, '0')}`,
);
const render = (barcode: string) =>
  renderZpl(buildDivisionLabel('miniDivisionLabel', { barcode, warehouseName: 'Main Warehouse' }));
for (const b of barcodes.slice(0, 200)) render(b);
const started = performance.now();
for (const b of barcodes) render(b);
const perLabel = (performance.now() - started) / barcodes.length;
console.log(`division label layout + ZPL: ${(perLabel * 1000).toFixed(0)} µs per label (target < 2 ms)`);
