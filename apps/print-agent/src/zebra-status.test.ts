import { describe, expect, it } from 'vitest';
import {
  formatHostStatus,
  hostStatusFrames,
  isCompleteHostStatus,
  parseHostStatus,
  toAgentStatus,
} from './zebra-status';

const frame = (s: string) => `\x02${s}\x03\r\n`;
const READY_1 = '030,0,0,1218,000,0,0,0,000,0,0,0';
const READY_2 = '001,0,0,0,0,2,6,0,00000000,1,000';
const S3 = '1234,0';

describe('parseHostStatus', () => {
  const cases: {
    name: string;
    raw: string;
    expected: { paperOut: boolean; paused: boolean; headUp: boolean; ribbonOut: boolean } | null;
  }[] = [
    {
      name: 'ready printer',
      raw: frame(READY_1) + frame(READY_2) + frame(S3),
      expected: { paperOut: false, paused: false, headUp: false, ribbonOut: false },
    },
    {
      name: 'paper out (string 1 field 2)',
      raw: frame('030,1,0,1218,000,0,0,0,000,0,0,0') + frame(READY_2) + frame(S3),
      expected: { paperOut: true, paused: false, headUp: false, ribbonOut: false },
    },
    {
      name: 'paused (string 1 field 3)',
      raw: frame('030,0,1,1218,000,0,0,0,000,0,0,0') + frame(READY_2) + frame(S3),
      expected: { paperOut: false, paused: true, headUp: false, ribbonOut: false },
    },
    {
      name: 'head up (string 2 field 3)',
      raw: frame(READY_1) + frame('001,0,1,0,0,2,6,0,00000000,1,000') + frame(S3),
      expected: { paperOut: false, paused: false, headUp: true, ribbonOut: false },
    },
    {
      name: 'ribbon out (string 2 field 4)',
      raw: frame(READY_1) + frame('001,0,0,1,1,2,6,0,00000000,1,000') + frame(S3),
      expected: { paperOut: false, paused: false, headUp: false, ribbonOut: true },
    },
    {
      name: 'head open makes a Zebra pause and report paper out too',
      raw: frame('030,1,1,1218,000,0,0,0,000,0,0,0') + frame('001,0,1,0,0,2,6,0,00000000,1,000') + frame(S3),
      expected: { paperOut: true, paused: true, headUp: true, ribbonOut: false },
    },
    {
      name: 'bare LF line ends and noise before STX',
      raw: `garbage\x02${READY_1}\x03\n\x02${READY_2}\x03\n\x02${S3}\x03\n`,
      expected: { paperOut: false, paused: false, headUp: false, ribbonOut: false },
    },
    {
      name: 'third string missing still reads the flags',
      raw: frame('030,1,0,1218,000,0,0,0,000,0,0,0') + frame(READY_2),
      expected: { paperOut: true, paused: false, headUp: false, ribbonOut: false },
    },
    { name: 'empty answer', raw: '', expected: null },
    { name: 'only string 1', raw: frame(READY_1), expected: null },
    { name: 'string 2 not terminated', raw: `${frame(READY_1)}\x02${READY_2}`, expected: null },
    { name: 'too few fields', raw: frame('030,0,0') + frame(READY_2) + frame(S3), expected: null },
    {
      name: 'flag not 0 or 1',
      raw: frame('030,X,0,1218,000,0,0,0,000,0,0,0') + frame(READY_2) + frame(S3),
      expected: null,
    },
    { name: 'no framing at all', raw: `${READY_1}\r\n${READY_2}\r\n${S3}\r\n`, expected: null },
  ];

  it.each(cases)('$name', ({ raw, expected }) => {
    const parsed = parseHostStatus(raw);
    if (expected === null) {
      expect(parsed).toBeNull();
    } else {
      expect(parsed).toMatchObject(expected);
    }
  });

  it('reads counts and the other flags', () => {
    const raw =
      frame('030,0,0,1218,004,1,0,0,000,0,1,0') + frame('001,0,0,0,0,2,6,0,00000012,1,000') + frame(S3);
    expect(parseHostStatus(raw)).toEqual({
      paperOut: false,
      paused: false,
      headUp: false,
      ribbonOut: false,
      bufferFull: true,
      underTemperature: true,
      overTemperature: false,
      formatsInBuffer: 4,
      labelsRemaining: 12,
    });
  });
});

describe('hostStatusFrames / isCompleteHostStatus', () => {
  it('waits for all three strings', () => {
    const full = formatHostStatus({});
    const cut = full.slice(0, full.lastIndexOf('\x03'));
    expect(hostStatusFrames(cut)).toHaveLength(2);
    expect(isCompleteHostStatus(cut)).toBe(false);
    expect(isCompleteHostStatus(full)).toBe(true);
  });
});

describe('toAgentStatus', () => {
  const base = {
    paperOut: false,
    paused: false,
    headUp: false,
    ribbonOut: false,
    bufferFull: false,
    underTemperature: false,
    overTemperature: false,
    formatsInBuffer: 0,
    labelsRemaining: 0,
  };

  it.each([
    { flags: {}, expected: { paperOut: false, headOpen: false, paused: false, message: null } },
    { flags: { paperOut: true }, expected: { paperOut: true, message: 'Out of paper' } },
    { flags: { headUp: true }, expected: { headOpen: true, message: 'Print head is open' } },
    { flags: { paused: true }, expected: { paused: true, message: 'Paused' } },
    {
      flags: { headUp: true, paperOut: true, paused: true },
      expected: {
        headOpen: true,
        paperOut: true,
        paused: true,
        message: 'Print head is open; Out of paper; Paused',
      },
    },
  ])('maps $flags', ({ flags, expected }) => {
    expect(toAgentStatus({ ...base, ...flags })).toMatchObject({ online: true, ...expected });
  });

  it('round-trips what formatHostStatus writes', () => {
    const hs = parseHostStatus(formatHostStatus({ paperOut: true, headUp: true }));
    expect(hs && toAgentStatus(hs)).toEqual({
      online: true,
      paperOut: true,
      headOpen: true,
      paused: false,
      message: 'Print head is open; Out of paper',
    });
  });
});
