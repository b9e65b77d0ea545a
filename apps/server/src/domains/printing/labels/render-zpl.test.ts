import { describe, expect, it } from 'vitest';
import { buildDivisionLabel } from './division-labels';
import type { Label } from './label-layout';
import { buildProductBarcodeLabel } from './product-labels';
import { escapeZplText, renderCalibrationZpl, renderZpl } from './render-zpl';

const KNOWN: Label = {
  widthIn: 2,
  heightIn: 1,
  elements: [
    { kind: 'text', x: 20, y: 10, width: 300, text: 'Hello', fontSize: 30, align: 'center' },
    {
      kind: 'barcode',
      x: 0,
      y: 50,
      width: 406,
      value: 'AB-12',
      symbology: 'code128',
      height: 100,
      moduleWidth: 2,
    },
    { kind: 'box', x: 10, y: 160, width: 386, height: 30, thickness: 2 },
  ],
};

/** Every ^FD ... ^FS field's data. */
function fieldData(zpl: string): string[] {
  return [...zpl.matchAll(/\^FD(.*?)\^FS/g)].map((m) => m[1]!);
}

describe('renderZpl', () => {
  it('renders a known layout at 203 dpi, dot for dot', () => {
    // AB-12 is 7 Code 128 codewords (start, 5 data, check) = 90 modules; with 10-module quiet zones at 2 dots
    // the symbol takes 220 of 406 dots, so the bars start at (406 - 220) / 2 + 20 = 113.
    expect(renderZpl(KNOWN)).toBe(
      [
        '^XA',
        '^CI28',
        '^PW406',
        '^LL203',
        '^LH0,0',
        '^PR14',
        '^FO20,10^A0N,30,30^FB300,1,0,C,0^FH^FDHello^FS',
        '^FO113,50^BY2,2,100^BCN,100,N,N,N,A^FDAB-12^FS',
        '^FO10,160^GB386,30,2,B,0^FS',
        '^PQ1',
        '^XZ',
        '',
      ].join('\n'),
    );
  });

  it('scales every coordinate at 300 dpi', () => {
    // x 300/203: 20 -> 30, 10 -> 15, 300 -> 443, 30 -> 44; the module grows from 2 to 3 dots.
    expect(renderZpl(KNOWN, { dpi: 300 })).toBe(
      [
        '^XA',
        '^CI28',
        '^PW600',
        '^LL300',
        '^LH0,0',
        '^PR14',
        '^FO30,15^A0N,44,44^FB443,1,0,C,0^FH^FDHello^FS',
        '^FO165,74^BY3,2,148^BCN,148,N,N,N,A^FDAB-12^FS',
        '^FO15,236^GB570,44,3,B,0^FS',
        '^PQ1',
        '^XZ',
        '',
      ].join('\n'),
    );
  });

  it('applies print rate, copies, darkness and print mode', () => {
    const zpl = renderZpl(KNOWN, { printRate: 6, copies: 3, darkness: 5, printMode: 'peel' });
    expect(zpl.startsWith('~SD05\n^XA\n')).toBe(true);
    expect(zpl).toContain('^PR6\n^MMP\n');
    expect(zpl.endsWith('^PQ3\n^XZ\n')).toBe(true);
  });

  it.each([
    [{ printRate: 0 }, 'printRate'],
    [{ printRate: 15 }, 'printRate'],
    [{ copies: 0 }, 'copies'],
    [{ copies: 1.5 }, 'copies'],
    [{ darkness: 31 }, 'darkness'],
    [{ dpi: 50 }, 'resolution'],
  ])('refuses %j', (options, message) => {
    expect(() => renderZpl(KNOWN, options)).toThrow(message);
  });

  it('cannot be made to run commands by ^, ~ or _ in text', () => {
    const hostile = '^XZ~JR^XA^FDx_5E\\&';
    const zpl = renderZpl({
      widthIn: 2,
      heightIn: 1,
      elements: [
        { kind: 'text', x: 0, y: 0, text: hostile, fontSize: 20 },
        { kind: 'barcode', x: 0, y: 30, width: 406, value: `A${hostile}`, symbology: 'code128', height: 50 },
      ],
    });
    expect(fieldData(zpl)).toEqual(['_5EXZ_7EJR_5EXA_5EFDx_5F5E\\\\&', 'AXZJRXAFDx5E']);
    for (const data of fieldData(zpl)) expect(data).not.toMatch(/[\^~]/);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).not.toContain('~JR');
  });

  it('turns line breaks and control characters in text into spaces', () => {
    const zpl = renderZpl({
      widthIn: 3,
      heightIn: 1,
      elements: [{ kind: 'text', x: 0, y: 0, text: 'a\r\n^XZ\tb\u0000c', fontSize: 20 }],
    });
    expect(fieldData(zpl)).toEqual(['a _5EXZ b c']);
  });

  it('escapes backslashes only inside field blocks', () => {
    expect(escapeZplText('a\\b', true)).toBe('a\\\\b');
    expect(escapeZplText('a\\b', false)).toBe('a\\b');
  });

  it('wraps text onto ^FB lines with \\& and ends an over-long text with ...', () => {
    const zpl = renderZpl({
      widthIn: 2,
      heightIn: 1,
      elements: [
        {
          kind: 'text',
          x: 0,
          y: 0,
          width: 200,
          text: 'one two three four five six seven eight nine ten',
          fontSize: 20,
          maxLines: 2,
        },
      ],
    });
    expect(zpl).toContain('^FB200,2,0,L,0^FH^FDone two three four\\&five six seven eig...^FS');
  });

  it('prints bold text as two strikes a dot apart', () => {
    const zpl = renderZpl({
      widthIn: 2,
      heightIn: 1,
      elements: [{ kind: 'text', x: 10, y: 5, width: 300, text: 'BIN', fontSize: 30, bold: true }],
    });
    expect(zpl).toContain(
      '^FO10,5^A0N,30,30^FB300,1,0,L,0^FH^FDBIN^FS\n^FO11,5^A0N,30,30^FB300,1,0,L,0^FH^FDBIN^FS\n',
    );
  });

  it('prints a valid UPC with ^BU (11 digits, printer adds the check digit) and its digits', () => {
    const zpl = renderZpl(
      buildProductBarcodeLabel({ barcode: '0000036000291452', sku: 'SKU-1', name: 'Strings' }),
    );
    expect(zpl).toContain('^FO162,76^BY3,2,80^BUN,80,Y,N,Y^FD03600029145^FS');
  });

  it('prints an EAN-13 with ^BE and a non-GTIN with ^BC', () => {
    const ean = renderZpl(buildProductBarcodeLabel({ barcode: '4006381333931', sku: 'SKU-1', name: 'x' }));
    expect(ean).toMatch(/\^BEN,80,Y,N\^FD400638133393\^FS/);
    const other = renderZpl(buildProductBarcodeLabel({ barcode: '036000291453', sku: 'SKU-1', name: 'x' }));
    expect(other).toMatch(/\^BCN,80,Y,N,N,A\^FD036000291453\^FS/);
  });

  // How fast (target < 2 ms a label) is `npm run bench`'s figure (src/bench/render-label.ts); here, that 1,000
  // renders at either resolution give one label each, the same for the same resolution.
  it('renders 1,000 labels alike, at 203 and 300 dpi', () => {
    const label = buildDivisionLabel('largeDivisionLabel', {
      barcode: 'MAIN-01AA02AB-B05',
      warehouseName: 'Main',
    });
    const rendered = Array.from({ length: 1000 }, (_, i) =>
      renderZpl(label, { dpi: i % 2 === 0 ? 203 : 300 }),
    );
    expect(new Set(rendered.filter((_, i) => i % 2 === 0)).size).toBe(1);
    expect(new Set(rendered.filter((_, i) => i % 2 === 1)).size).toBe(1);
    expect(rendered[0]).not.toBe(rendered[1]);
    for (const zpl of rendered.slice(0, 2)) expect(zpl.match(/\^XA/g)).toHaveLength(1);
  });
});

describe('renderCalibrationZpl', () => {
  it('sets up gap media, size and speed, saves and calibrates', () => {
    expect(renderCalibrationZpl({ paperWidth: 4, paperLength: 6, printDPI: 203, printRate: 14 })).toBe(
      '^XA\n^MNY\n^MTD\n^PW812\n^LL1218\n^LH0,0\n^PR14\n^JUS\n^XZ\n~JC\n',
    );
  });

  it('scales to the paper resolution and takes the options', () => {
    const zpl = renderCalibrationZpl(
      { paperWidth: 2.25, paperLength: 1.25, printDPI: 300, printRate: 6 },
      { mediaType: 'mark', thermal: 'transfer', darkness: 20, printMode: 'cut', save: false },
    );
    expect(zpl).toBe('^XA\n^MNM\n^MTT\n^PW675\n^LL375\n^LH0,0\n^PR6\n~SD20\n^MMC\n^XZ\n~JC\n');
  });

  it('treats a paper without length as continuous', () => {
    expect(renderCalibrationZpl({ paperWidth: 3.125, paperLength: 0 })).toBe(
      '^XA\n^MNN\n^MTD\n^PW634\n^LH0,0\n^PR14\n^JUS\n^XZ\n~JC\n',
    );
  });

  it('refuses gap media without a length and nonsense sizes', () => {
    expect(() => renderCalibrationZpl({ paperWidth: 4, paperLength: 0 }, { mediaType: 'gap' })).toThrow(
      RangeError,
    );
    expect(() => renderCalibrationZpl({ paperWidth: 0, paperLength: 6 })).toThrow(RangeError);
  });
});
