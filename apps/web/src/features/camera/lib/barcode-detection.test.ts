import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { asDetectedCode, locateZxingFile } from './barcode-detection';

const require = createRequire(import.meta.url);

describe('the bundled ZXing WebAssembly', () => {
  it('is the very .wasm the polyfill was built against (its glue code and the binary must match)', () => {
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    expect(createHash('sha256').update(readFileSync(wasmPath)).digest('hex')).toBe(ZXING_WASM_SHA256);
    // node_modules/zxing-wasm/dist/reader/zxing_reader.wasm → node_modules/zxing-wasm/package.json
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(wasmPath), '../../package.json'), 'utf8')) as {
      version: string;
    };
    expect(pkg.version).toBe(ZXING_WASM_VERSION);
  });

  it('is located at our own bundled address, never a CDN', () => {
    const url = locateZxingFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/zxing-wasm/');
    expect(url).toMatch(/zxing_reader.*\.wasm/);
    expect(url).not.toMatch(/^https?:/);
    expect(locateZxingFile('other.js', '/prefix/')).toBe('/prefix/other.js');
  });
});

describe('a detected code', () => {
  it.each([
    ['ean_13', '0761450002401', 'upc_a', '761450002401'],
    ['upc_a', '0761450002401', 'upc_a', '761450002401'],
    ['upc_a', '761450002401', 'upc_a', '761450002401'],
    ['ean_13', '4006381333931', 'ean_13', '4006381333931'],
    ['code_128', '0761450002401', 'code_128', '0761450002401'],
    ['ean_13', '076145000240', 'ean_13', '076145000240'],
  ])('%s %s reads as %s %s (a UPC-A has 12 digits, as the wedge types it)', (format, raw, wantFormat, wantRaw) => {
    expect(asDetectedCode({ format, rawValue: raw })).toEqual({ format: wantFormat, rawValue: wantRaw });
  });
});
