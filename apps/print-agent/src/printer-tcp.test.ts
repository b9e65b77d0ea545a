import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrintError } from './print-error';
import { zplBytes } from './printer-driver';
import { queryHostStatus, sendRaw } from './printer-tcp';
import { FakeZebra, waitFor } from './test-support/fake-zebra';

let zebra: FakeZebra;
const options = { connectTimeoutMs: 500, closeWaitMs: 200 };

beforeEach(async () => {
  zebra = await FakeZebra.start();
});

afterEach(async () => {
  await zebra.close();
});

describe('sendRaw', () => {
  it('delivers the exact bytes, binary included', async () => {
    const data = Buffer.from([0x5e, 0x58, 0x41, 0x00, 0xff, 0x0d, 0x0a, 0xc3, 0xa9, 0x5e, 0x58, 0x5a]);
    await sendRaw({ host: '127.0.0.1', port: zebra.port }, data, options);
    await waitFor(() => zebra.prints.length === 1, 'print');
    expect(zebra.prints[0]).toEqual(data);
  });

  it('delivers a large label whole', async () => {
    const data = Buffer.alloc(2_000_000, 'A');
    await sendRaw({ host: '127.0.0.1', port: zebra.port }, data, options);
    await waitFor(() => zebra.prints.length === 1, 'print');
    expect(zebra.prints[0]?.equals(data)).toBe(true);
  });

  it('does not wait for a printer that keeps its side open', async () => {
    // The printer never closes: sendRaw answering at all shows it gave up waiting (after its close wait).
    zebra.holdOpen = true;
    await sendRaw({ host: '127.0.0.1', port: zebra.port }, Buffer.from('^XA^XZ'), options);
    await waitFor(() => zebra.prints.length === 1, 'print');
    expect(zebra.printedText()).toEqual(['^XA^XZ']);
  });

  it('calls a refused connection a retryable "offline"', async () => {
    await zebra.close();
    const err = await sendRaw({ host: '127.0.0.1', port: zebra.port }, Buffer.from('^XA^XZ'), options).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PrintError);
    expect(err).toMatchObject({ retryable: true });
    expect((err as Error).message).toBe(`Printer 127.0.0.1:${zebra.port} is offline (connection refused)`);
  });
});

describe('queryHostStatus', () => {
  const target = () => ({ host: '127.0.0.1', port: zebra.port });
  const timeouts = { connectTimeoutMs: 500, timeoutMs: 300 };

  it('reads the flags of a ready and of a troubled printer', async () => {
    expect(await queryHostStatus(target(), timeouts)).toEqual({
      online: true,
      paperOut: false,
      headOpen: false,
      paused: false,
      message: null,
    });
    zebra.flags = { paperOut: true, paused: true };
    expect(await queryHostStatus(target(), timeouts)).toMatchObject({
      paperOut: true,
      paused: true,
      headOpen: false,
    });
    expect(zebra.statusQueries).toBe(2);
    expect(zebra.prints).toEqual([]);
  });

  it('is null when the printer does not answer in time', async () => {
    // The printer never answers: an answer at all shows the timeout ended the wait.
    zebra.silent = true;
    expect(await queryHostStatus(target(), timeouts)).toBeNull();
  });

  it('is offline when nothing listens', async () => {
    await zebra.close();
    expect(await queryHostStatus(target(), timeouts)).toEqual({
      online: false,
      paperOut: false,
      headOpen: false,
      paused: false,
      message: `Printer 127.0.0.1:${zebra.port} is offline (connection refused)`,
    });
  });
});

describe('zplBytes', () => {
  it.each([
    [{ content: '^XA^FDé^FS^PQ3\n^XZ', copies: 3 }, '^XA^FDé^FS^PQ3\n^XZ'],
    [{ content: '^XA^XZ', copies: 1 }, '^XA^XZ'],
    [{ content: '^XA^XZ\n', copies: 3 }, '^XA^XZ\n^XA^XZ\n^XA^XZ\n'],
  ])('%j', (job, expected) => {
    expect(zplBytes(job).toString('utf8')).toBe(expected);
  });
});
