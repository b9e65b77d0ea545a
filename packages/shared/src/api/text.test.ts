import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTER_MESSAGE,
  idParam,
  idSchema,
  intParam,
  LINE_BREAK_MESSAGE,
  LONE_SURROGATE_MESSAGE,
  MAX_INT,
  multilineText,
  text,
} from './text';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('text', () => {
  it.each([
    ['Fender Stratocaster', undefined, undefined],
    ['Ünïcödé 🎸 and 日本語', undefined, undefined],
    ['  padded  ', undefined, undefined],
    ['scanned\n', undefined, undefined],
    ['\tindented', undefined, undefined],
    ['NUL\u0000inside', CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTER_MESSAGE],
    ['bell\u0007', CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTER_MESSAGE],
    ['escape\u001b[2J', CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTER_MESSAGE],
    ['delete\u007f', CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTER_MESSAGE],
    ['\ud800', LONE_SURROGATE_MESSAGE, LONE_SURROGATE_MESSAGE],
    ['low \udfff alone', LONE_SURROGATE_MESSAGE, LONE_SURROGATE_MESSAGE],
    ['reversed \udc00\ud800', LONE_SURROGATE_MESSAGE, LONE_SURROGATE_MESSAGE],
    ['two\nlines', LINE_BREAK_MESSAGE, undefined],
    ['tab\tinside', LINE_BREAK_MESSAGE, undefined],
    ['windows\r\nlines', LINE_BREAK_MESSAGE, undefined],
  ])('%j: single line %s, multi-line %s', (value, single, multi) => {
    expect(messageOf(text().safeParse(value))).toBe(single);
    expect(messageOf(multilineText().safeParse(value))).toBe(multi);
  });

  it('chains like any string schema, checking before trimming', () => {
    const name = text().trim().min(1).max(5);
    expect(name.parse('  abc \n')).toBe('abc');
    expect(name.safeParse('abcdef').success).toBe(false);
    expect(messageOf(name.safeParse('a\u0000'))).toBe(CONTROL_CHARACTER_MESSAGE);
  });
});

describe('ids and whole numbers fit an integer column', () => {
  it.each([
    [1, true],
    [MAX_INT, true],
    [MAX_INT + 1, false],
    [0, false],
    [-1, false],
    [1.5, false],
  ])('idSchema %s -> %s', (value, valid) => {
    expect(idSchema.safeParse(value).success).toBe(valid);
  });

  it.each([
    ['1', 1],
    ['2147483647', MAX_INT],
    ['2147483648', undefined],
    ['99999999999999999999', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('idParam %j -> %s', (value, parsed) => {
    const result = idParam.safeParse(value);
    expect(result.success ? result.data : undefined).toBe(parsed);
  });

  it('intParam bounds a query number both ways', () => {
    expect(intParam().safeParse('0').success).toBe(true);
    expect(intParam(1).safeParse('0').success).toBe(false);
    expect(intParam().safeParse(String(MAX_INT + 1)).success).toBe(false);
  });
});
