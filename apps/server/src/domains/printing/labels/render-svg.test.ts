import { describe, expect, it } from 'vitest';
import { buildDivisionLabel } from './division-labels';
import type { Label } from './label-layout';
import { buildProductBarcodeLabel } from './product-labels';
import { escapeXml, helveticaWidth, renderSvg } from './render-svg';

describe('renderSvg', () => {
  it('is an SVG document one px per dot at 203 dpi', () => {
    const svg = renderSvg(buildDivisionLabel('miniDivisionLabel', { barcode: 'MAIN-01AA02AB-B05' }));
    expect(
      svg.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" width="457" height="254" viewBox="0 0 457 254">',
      ),
    ).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });

  it('nests the bwip-js barcode at its resolved box', () => {
    // UPC-A 036000291452 on the 3" product label: 95 modules x 3 dots = 285, centred from x 162, bars 80 high.
    const svg = renderSvg(
      buildProductBarcodeLabel({ barcode: '036000291452', sku: 'SKU-1', name: 'Strings' }),
    );
    expect(svg).toMatch(
      /<svg x="162" y="76" width="285" height="80" viewBox="0 0 285 [\d.]+" preserveAspectRatio="none">\n<path /,
    );
    // The digits are drawn under the bars.
    expect(svg).toContain('>036000291452</text>');
    expect(svg.match(/<svg /g)).toHaveLength(2);
  });

  it('draws text with its alignment, weight and baseline', () => {
    const label: Label = {
      widthIn: 2,
      heightIn: 1,
      elements: [
        { kind: 'text', x: 10, y: 20, width: 200, text: 'Right', fontSize: 30, align: 'right', bold: true },
        { kind: 'text', x: 10, y: 60, width: 200, text: 'Mid', fontSize: 20, align: 'center' },
      ],
    };
    const svg = renderSvg(label);
    expect(svg).toMatch(/<text x="210" y="44" [^>]*font-size="30" font-weight="bold" text-anchor="end"/);
    expect(svg).toMatch(/<text x="110" y="76" [^>]*font-size="20" font-weight="normal" text-anchor="middle"/);
  });

  it('squeezes a line that fits the printer estimate but not Helvetica', () => {
    const label: Label = {
      widthIn: 2,
      heightIn: 1,
      elements: [{ kind: 'text', x: 0, y: 0, width: 300, text: 'OOOOOOOOOOOO', fontSize: 40 }],
    };
    expect(helveticaWidth('OOOOOOOOOOOO', 40, false)).toBeGreaterThan(300);
    expect(renderSvg(label)).toContain('textLength="300" lengthAdjust="spacingAndGlyphs"');
  });

  it('escapes markup in text', () => {
    const label: Label = {
      widthIn: 2,
      heightIn: 1,
      elements: [{ kind: 'text', x: 0, y: 0, text: '<script>&"\'', fontSize: 20 }],
    };
    const svg = renderSvg(label);
    expect(svg).toContain('>&#60;script&#62;&#38;&#34;&#39;</text>');
    expect(svg).not.toContain('<script>');
    expect(escapeXml('a<b')).toBe('a&#60;b');
  });

  it('draws boxes the way ^GB does: filled or a border inside the box', () => {
    const label: Label = {
      widthIn: 2,
      heightIn: 1,
      elements: [
        { kind: 'box', x: 10, y: 10, width: 100, height: 50, thickness: 4 },
        { kind: 'box', x: 10, y: 70, width: 100, height: 50, thickness: 1, filled: true },
      ],
    };
    const svg = renderSvg(label);
    expect(svg).toContain(
      '<rect x="12" y="12" width="96" height="46" fill="none" stroke="#000" stroke-width="4"/>',
    );
    expect(svg).toContain('<rect x="10" y="70" width="100" height="50"/>');
  });
});
