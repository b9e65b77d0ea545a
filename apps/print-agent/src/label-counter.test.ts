import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { labelsInZpl, parseOdometer, parseSgdCount, readLabelCounter } from './label-counter';
import { PrintError } from './print-error';
import { sendRaw } from './printer-tcp';
import { FakeZebra, formatOdometer, waitFor } from './test-support/fake-zebra';
import { formatHostStatus } from './zebra-status';

let zebra: FakeZebra;
const options = { connectTimeoutMs: 500, timeoutMs: 300 };

beforeEach(async () => {
  zebra = await FakeZebra.start();
});

afterEach(async () => {
  await zebra.close();
});

describe('parsing the counter answers', () => {
  it('reads the SGD value outside the ~HS frames; "?" means the printer has no such variable', () => {
    expect(parseSgdCount(`${formatHostStatus({})}"1234"`)).toBe(1234);
    expect(parseSgdCount('"?"')).toBeNull();
    expect(parseSgdCount('""')).toBeNull();
    expect(parseSgdCount(formatHostStatus({}))).toBeUndefined();
    expect(parseSgdCount('"12')).toBeUndefined();
  });

  it('reads the non-resettable total of ~HQOD', () => {
    expect(parseOdometer(formatOdometer(42).slice(1, -3))).toBe(42);
    expect(parseOdometer('PRINT METERS')).toBeNull();
    expect(parseOdometer(undefined)).toBeUndefined();
  });

  it('counts the labels of a job: formats times ^PQ, times copies when the ZPL has no ^PQ', () => {
    expect(labelsInZpl('^XA^FDa^FS^XZ')).toBe(1);
    expect(labelsInZpl('^XA^FDa^FS^PQ3^XZ\n^XA^FDb^FS^XZ')).toBe(4);
    expect(labelsInZpl('^XA^FDa^FS^XZ', 5)).toBe(5);
    expect(labelsInZpl('^XA^FDa^FS^PQ2^XZ', 5)).toBe(2);
    expect(labelsInZpl('~JC^XA^JUS^XZ')).toBe(1);
    expect(labelsInZpl('')).toBe(1);
  });
});

describe('readLabelCounter against the fake Zebra', () => {
  const target = () => ({ host: '127.0.0.1', port: zebra.port });

  it('reads odometer.total_label_count, which moves by one per label printed', async () => {
    expect(await readLabelCounter(target(), 'sgd', options)).toEqual({ count: 0, idle: true });
    await sendRaw(target(), Buffer.from('^XA^FDone^FS^PQ2^XZ^XA^FDtwo^FS^XZ'), options);
    await waitFor(() => zebra.labels.length === 3, 'three labels');
    expect(await readLabelCounter(target(), 'sgd', options)).toEqual({ count: 3, idle: true });
    // The queries are not labels.
    expect(zebra.prints).toHaveLength(1);
  });

  it('falls back to ~HQOD on a printer without the SGD variable, and finds none on a printer with neither', async () => {
    zebra.labelCount = 17;
    zebra.counter = 'hqod';
    expect((await readLabelCounter(target(), 'sgd', options)).count).toBeNull();
    expect(await readLabelCounter(target(), 'hqod', options)).toEqual({ count: 17, idle: true });
    zebra.counter = 'none';
    expect(await readLabelCounter(target(), 'hqod', options)).toEqual({ count: null, idle: true });
  });

  it('a format cut short does not print and does not count', async () => {
    await sendRaw(target(), Buffer.from('^XA^FDcut sho'), options);
    await sendRaw(target(), Buffer.from('^XA^FDwhole^FS^XZ'), options);
    await waitFor(() => zebra.labels.length === 1, 'the whole label');
    expect(zebra.labels[0]).toContain('whole');
    expect((await readLabelCounter(target(), 'sgd', options)).count).toBe(1);
  });

  it('an offline printer is a retryable PrintError', async () => {
    await zebra.close();
    const failed = await readLabelCounter(target(), 'sgd', options).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PrintError);
    expect((failed as PrintError).retryable).toBe(true);
    expect((failed as PrintError).message).toMatch(/offline \(connection refused\)/);
  });
});
