import { describe, expect, it } from 'vitest';
import { cleanText, estimateTextWidth, fitFontSize, wrapText } from './text-metrics';

describe('estimateTextWidth', () => {
  it.each([
    ['', 0],
    ['A', 6], // capitals and digits 0.6 of the height
    ['a', 5.4],
    ['i', 3.6], // narrow
    ['W', 8], // wide
    ['AB-1', 6 + 6 + 5.4 + 3.6],
  ])('%j at 10 -> %f', (text, width) => {
    expect(estimateTextWidth(text, 10)).toBeCloseTo(width, 9);
  });
});

describe('cleanText', () => {
  it.each([
    ['  a  b ', 'a b'],
    ['a\r\nb\tc', 'a b c'],
    ['x\u0000y\u200bz', 'x y z'],
    ['e\u0301', '\u00e9'], // NFC
  ])('%j -> %j', (text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });
});

describe('fitFontSize', () => {
  it('takes the largest size that fits, within the bounds', () => {
    // "AAAA" is 2.4 units per dot of height: 120 / 2.4 = 50.
    expect(fitFontSize('AAAA', 120, 80)).toBe(50);
    expect(fitFontSize('AAAA', 120, 40)).toBe(40);
    expect(fitFontSize('AAAA', 12, 80)).toBe(12);
    expect(fitFontSize('AAAA', 12, 80, 4)).toBe(5);
    expect(fitFontSize('', 12, 80)).toBe(80);
  });
});

describe('wrapText', () => {
  it('keeps a text that fits on one line', () => {
    expect(wrapText('AB CD', 10, 100)).toEqual(['AB CD']);
  });

  it('breaks between words', () => {
    // Each "AAAA" is 24 wide at 10; "AAAA AAAA" is 51.6.
    expect(wrapText('AAAA AAAA AAAA', 10, 52, 3)).toEqual(['AAAA AAAA', 'AAAA']);
  });

  it('ends the last allowed line with ... when words are left', () => {
    expect(wrapText('AAAA AAAA AAAA', 10, 30, 2)).toEqual(['AAAA', 'AAA...']);
    expect(wrapText('AAAAAAAA', 10, 40, 1)).toEqual(['AAAA...']);
  });

  it('breaks a word longer than a line', () => {
    expect(wrapText('AAAAAAAAAA', 10, 30, 4)).toEqual(['AAAAA', 'AAAAA']);
  });

  it('gives no lines for empty or blank text', () => {
    expect(wrapText('', 10, 100)).toEqual([]);
    expect(wrapText(' \n ', 10, 100)).toEqual([]);
  });
});
