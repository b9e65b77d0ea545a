import { describe, expect, it } from 'vitest';
import { labelsInZpl, zplAfterLabels, zplAsSent } from './zpl-labels';

const label = (code: string, pq?: number) => `^XA^FD${code}^FS${pq ? `^PQ${pq}` : ''}^XZ\n`;

describe('labels in a ZPL document', () => {
  it.each([
    ['^XA^FDa^FS^XZ', 1, 1],
    ['^XA^FDa^FS^PQ3^XZ\n^XA^FDb^FS^XZ', 1, 4],
    ['^XA^FDa^FS^XZ', 5, 5],
    ['^XA^FDa^FS^PQ2^XZ', 5, 2],
    ['~JC^XA^JUS^XZ', 1, 1],
    ['', 1, 1],
  ])('%j × %i copies → %i', (zpl, copies, labels) => {
    expect(labelsInZpl(zpl, copies)).toBe(labels);
  });
});

describe('the ZPL after the first n labels', () => {
  const batch = ['A', 'B', 'C', 'D'].map((c) => label(c)).join('');

  it('drops whole labels from the front, keeps the rest as sent', () => {
    expect(zplAfterLabels(batch, 1, 0)).toBe(batch);
    expect(zplAfterLabels(batch, 1, 1)).toBe(label('B') + label('C') + label('D'));
    expect(zplAfterLabels(batch, 1, 3)).toBe(label('D'));
    expect(zplAfterLabels(batch, 1, 4)).toBe('');
    expect(zplAfterLabels(batch, 1, 9)).toBe('');
  });

  it('lowers the quantity of a format cut through', () => {
    const zpl = label('A', 3) + label('B', 2);
    expect(zplAfterLabels(zpl, 1, 2)).toBe(label('A', 1) + label('B', 2));
    expect(zplAfterLabels(zpl, 1, 3)).toBe(label('B', 2));
    expect(zplAfterLabels(zpl, 1, 4)).toBe(label('B', 1));
    expect(labelsInZpl(zplAfterLabels(zpl, 1, 4))).toBe(1);
  });

  it('counts copies the agent repeats, and keeps set-up commands before the first label', () => {
    const zpl = `~SD20\n${label('A')}`;
    expect(zplAsSent(zpl, 3)).toBe(zpl.repeat(3));
    expect(zplAfterLabels(zpl, 3, 1)).toBe(`~SD20\n${label('A')}~SD20\n${label('A')}`);
    expect(labelsInZpl(zplAfterLabels(zpl, 3, 1))).toBe(2);
  });

  it('what printed plus what is left is the whole batch, at every point', () => {
    const zpl = label('A', 2) + label('B') + label('C', 3);
    const total = labelsInZpl(zpl);
    for (let n = 0; n <= total; n++) {
      const rest = zplAfterLabels(zpl, 1, n);
      expect(n + (rest === '' ? 0 : labelsInZpl(rest))).toBe(total);
    }
  });
});
