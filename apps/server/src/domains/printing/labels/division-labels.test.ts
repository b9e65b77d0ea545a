import { DIVISION_LABEL_TYPES, LABEL_PAPER_CODES, paperById } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import {
  buildDivisionLabel,
  DIVISION_LABEL_SIZES,
  type DivisionLabelType,
  divisionKindText,
} from './division-labels';
import type { Label } from './label-layout';
import { type ResolvedLabel, resolveLabel } from './resolve-label';

const TYPES = Object.keys(DIVISION_LABEL_SIZES) as DivisionLabelType[];
const CODE = 'MAIN-01AA02AB-B05';

/** Every element's extent stays on the label. */
function outOfBounds(resolved: ResolvedLabel): string[] {
  const problems: string[] = [];
  for (const element of resolved.elements) {
    let right: number;
    let bottom: number;
    if (element.kind === 'text') {
      right = element.x + element.width;
      bottom = element.y + element.lines.length * element.fontSize;
    } else if (element.kind === 'barcode') {
      right = element.x + element.width;
      bottom = element.humanReadable
        ? element.humanReadable.y + element.humanReadable.fontSize
        : element.y + element.height;
    } else {
      right = element.x + element.width;
      bottom = element.y + element.height;
    }
    if (element.x < 0 || element.y < 0 || right > resolved.width || bottom > resolved.height) {
      problems.push(`${element.kind} at ${element.x},${element.y} to ${right},${bottom}`);
    }
  }
  return problems;
}

describe('division labels', () => {
  it('cover the division label types of the paper catalogue, at their papers sizes', () => {
    expect(TYPES).toEqual([...DIVISION_LABEL_TYPES]);
    for (const type of TYPES) {
      const paper = paperById(LABEL_PAPER_CODES[type]);
      expect([paper?.paperWidth, paper?.paperLength]).toEqual([
        DIVISION_LABEL_SIZES[type].widthIn,
        DIVISION_LABEL_SIZES[type].heightIn,
      ]);
    }
  });

  it.each(
    TYPES.flatMap((type) => [203, 300].map((dpi) => [type, dpi] as const)),
  )('%s keeps everything on the label at %i dpi, even for the longest code', (type, dpi) => {
    for (const barcode of [CODE, 'ABCDE-99ZZ99ZZ-N12345', 'W-VIRTUAL']) {
      const label = buildDivisionLabel(type, { barcode, warehouseName: 'A Very Long Warehouse Name Indeed' });
      expect(outOfBounds(resolveLabel(label, dpi))).toEqual([]);
    }
  });

  it.each<[DivisionLabelType, number, number]>([
    ['miniDivisionLabel', 1, 2],
    ['largeDivisionLabel', 3, 4],
    ['thinDivisionLabel', 3, 4],
    ['rackDivisionLabel', 3, 4],
    ['miniThinDivisionLabel', 1, 2],
  ])('%s prints MAIN-01AA02AB-B05 with %i-dot modules at 203 dpi and %i at 300', (type, at203, at300) => {
    const label = buildDivisionLabel(type, { barcode: CODE });
    const moduleAt = (dpi: number) =>
      resolveLabel(label, dpi).elements.flatMap((e) => (e.kind === 'barcode' ? [e.moduleWidth] : []));
    expect(moduleAt(203)).toEqual([at203]);
    expect(moduleAt(300)).toEqual([at300]);
  });

  it('shows the code, the warehouse and the kind', () => {
    const label = buildDivisionLabel('largeDivisionLabel', { barcode: CODE, warehouseName: ' Main ' });
    expect(texts(label)).toEqual(['Main', 'Bin', CODE]);
    const barcodes = label.elements.filter((e) => e.kind === 'barcode');
    expect(barcodes.map((b) => [b.value, b.symbology])).toEqual([[CODE, 'code128']]);
  });

  it('leaves out the kind when told to, and takes a given one', () => {
    expect(texts(buildDivisionLabel('miniDivisionLabel', { barcode: CODE, kindText: null }))).toEqual([CODE]);
    expect(texts(buildDivisionLabel('miniDivisionLabel', { barcode: CODE, kindText: 'Tote' }))).toEqual([
      'Tote',
      CODE,
    ]);
  });

  it('puts the last part of the code in huge type on rack labels', () => {
    const label = buildDivisionLabel('rackDivisionLabel', { barcode: CODE });
    const huge = label.elements.find((e) => e.kind === 'text' && e.text === 'B05');
    expect(huge?.kind === 'text' && huge.fontSize).toBe(420);
  });

  it('prints only letters, digits and hyphens of the code', () => {
    const label = buildDivisionLabel('thinDivisionLabel', { barcode: ' main-01aa02ab-b05/ ' });
    expect(texts(label)[0]).toBe('main-01aa02ab-b05');
    expect(() => buildDivisionLabel('thinDivisionLabel', { barcode: '//' })).toThrow(RangeError);
  });
});

describe('divisionKindText', () => {
  it.each([
    ['MAIN-01AA02AB-B05', 'Bin'],
    ['MAIN-01AA02AB-Q01', 'Quarantine'],
    ['MAIN-01AA02AB-N01', 'Receiving'],
    ['MAIN-01AA02AB-42', 'Bin'],
    ['MAIN-01AA02AB', 'Shelf'],
    ['MAIN-01AA02', 'Section'],
    ['MAIN-01AA', 'Row'],
    ['MAIN-01', 'Zone'],
    ['MAIN-VIRTUAL', 'Virtual'],
    ['MAIN-VIRTUAL-T01', 'Transfer'],
    ['not a division', null],
  ])('%s -> %s', (barcode, kind) => {
    expect(divisionKindText(barcode)).toBe(kind);
  });
});

function texts(label: Label): string[] {
  return label.elements.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
}
