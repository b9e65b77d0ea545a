import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PrintError } from './print-error';
import { lpArgs, parseLpstat, printCups, queryCupsStatus } from './printer-cups';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'print-agent-cups-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for `lp`/`lpstat`: records its arguments and stdin, prints `stdout`, exits with `code`. */
async function fakeCommand(name: string, script: { stdout?: string; stderr?: string; code?: number }) {
  const file = path.join(dir, name);
  const out = path.join(dir, `${name}.out`);
  await writeFile(
    file,
    [
      '#!/bin/sh',
      `printf '%s\\n' "$@" > '${out}.args'`,
      `cat > '${out}.data'`,
      `printf '%s' '${script.stdout ?? ''}'`,
      `printf '%s' '${script.stderr ?? ''}' >&2`,
      `exit ${script.code ?? 0}`,
    ].join('\n'),
  );
  await chmod(file, 0o755);
  return {
    command: file,
    args: async () => (await readFile(`${out}.args`, 'utf8')).trimEnd().split('\n'),
    data: () => readFile(`${out}.data`),
  };
}

const describeUnix = process.platform === 'win32' ? describe.skip : describe;

describeUnix('printCups', () => {
  const job = {
    queue: 'Zebra_ZD421',
    data: Buffer.from('^XA^FDé^FS^XZ\n'),
    raw: true,
    copies: 1,
    title: 'Backroom job 7',
  };

  it('pipes the exact bytes to lp -d queue -o raw', async () => {
    const lp = await fakeCommand('lp', { stdout: 'request id is Zebra_ZD421-12 (0 file(s))\n' });
    await printCups(job, { lpCommand: lp.command });
    expect(await lp.args()).toEqual(['-d', 'Zebra_ZD421', '-o', 'raw', '-t', 'Backroom job 7']);
    expect(await lp.data()).toEqual(job.data);
  });

  it('a missing lp is a clear, final error', async () => {
    const err = await printCups(job, { lpCommand: path.join(dir, 'no-such-lp') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PrintError);
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/was not found on this PC\. Install the CUPS client/);
  });

  it.each([
    ['lp: The printer or class does not exist.', false],
    ['lp: Error - scheduler not responding.', true],
  ])('lp failing with "%s" is retryable: %s', async (stderr, retryable) => {
    const lp = await fakeCommand('lp', { stderr, code: 1 });
    const err = await printCups(job, { lpCommand: lp.command }).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable, message: `CUPS queue Zebra_ZD421 refused the job: ${stderr}` });
  });

  it('times out a hung lp as retryable', async () => {
    const file = path.join(dir, 'hang');
    await writeFile(file, '#!/bin/sh\nexec sleep 5\n');
    await chmod(file, 0o755);
    const err = await printCups(job, { lpCommand: file, timeoutMs: 100 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: true });
  });

  it('reads a queue state with lpstat -p', async () => {
    const lpstat = await fakeCommand('lpstat', {
      stdout: 'printer Zebra_ZD421 is idle.  enabled since Mon\n',
    });
    expect(await queryCupsStatus('Zebra_ZD421', { lpstatCommand: lpstat.command, timeoutMs: 2_000 })).toEqual(
      {
        online: true,
        paperOut: false,
        headOpen: false,
        paused: false,
        message: null,
      },
    );
    expect(await lpstat.args()).toEqual(['-p', 'Zebra_ZD421']);
    expect(
      await queryCupsStatus('Q', { lpstatCommand: path.join(dir, 'no-lpstat'), timeoutMs: 2_000 }),
    ).toMatchObject({ online: false, message: expect.stringMatching(/CUPS is not installed/) });
  });
});

describe('lpArgs', () => {
  it('lets CUPS filter a PDF and count its copies', () => {
    expect(lpArgs({ queue: 'Laser', data: Buffer.alloc(0), raw: false, copies: 2, title: 'T' })).toEqual([
      '-d',
      'Laser',
      '-n',
      '2',
      '-t',
      'T',
    ]);
  });
});

describe('parseLpstat', () => {
  const result = (stdout: string, code = 0, stderr = '') => ({ code, stdout, stderr, timedOut: false });

  it.each([
    [
      'printer Z is idle.  enabled since Tue 01 Jul 2025 10:00:00\n',
      { online: true, paused: false, message: null },
    ],
    [
      'printer Z now printing Z-3.  enabled since Tue 01 Jul 2025\n\tWaiting for printer to finish.\n',
      { online: true, paused: false, message: 'Waiting for printer to finish.' },
    ],
    [
      'printer Z disabled since Tue 01 Jul 2025 -\n\treason unknown\n',
      { online: true, paused: true, message: 'CUPS queue Z is stopped' },
    ],
    [
      'printer Z disabled since Tue 01 Jul 2025 -\n\tPaused by admin\n',
      { online: true, paused: true, message: 'CUPS queue Z is stopped: Paused by admin' },
    ],
  ])('%j', (stdout, expected) => {
    expect(parseLpstat('Z', result(stdout))).toMatchObject(expected);
  });

  it('an unknown queue is offline with lpstat’s words', () => {
    expect(parseLpstat('Z', result('', 1, 'lpstat: Invalid destination name in list "Z".\n'))).toEqual({
      online: false,
      paperOut: false,
      headOpen: false,
      paused: false,
      message: 'lpstat: Invalid destination name in list "Z".',
    });
  });
});
