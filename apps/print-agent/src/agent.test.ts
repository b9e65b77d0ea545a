import { chmod, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentOptions } from './agent';
import { AuthError } from './server-client';
import { type AgentHarness, openAgentHarness } from './test-support/agent-harness';
import { FakeBackroom } from './test-support/fake-backroom';
import { type FakeZebra, waitFor } from './test-support/fake-zebra';

// A label as Backroom renders it, with non-ASCII text so byte-exactness covers UTF-8.
const LABEL = '^XA^CI28\n^FO20,20^A0N,30,30^FDCafé Ø 12″^FS\n^PQ1\n^XZ\n';

let dir: string;
let backroom: FakeBackroom;
let zebra: FakeZebra;
let harness: AgentHarness;
const startAgent = (overrides: Record<string, unknown> = {}, options: Partial<AgentOptions> = {}) =>
  harness.startAgent(overrides, options);
const _stopAll = () => harness.stopAgents();

beforeEach(async () => {
  harness = await openAgentHarness({ printerName: 'Packing Zebra' });
  ({ dir, backroom, zebra } = harness);
});

afterEach(() => harness.close());

describe('print agent against a fake Backroom and a fake Zebra', () => {
  it('registers its printers, prints a job byte for byte, journals it and reports it printed', async () => {
    const { config } = startAgent();
    await waitFor(() => backroom.registrations.length === 1, 'register');
    const reg = backroom.registrations[0];
    expect(reg?.hostname).toBe('bench-pc');
    expect(reg?.printers).toEqual([
      {
        uri: `tcp://127.0.0.1:${zebra.port}`,
        name: 'Packing Zebra',
        status: {
          online: true,
          paperOut: false,
          headOpen: false,
          paused: false,
          message: null,
          labelCounter: true,
        },
      },
    ]);

    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed report');
    expect(zebra.prints).toEqual([Buffer.from(LABEL, 'utf8')]);
    expect(backroom.reportsFor(job.id)).toEqual([{ state: 'printed' }]);
    expect(await readFile(config.journalPath, 'utf8')).toContain(`"id":${job.id}`);
    expect(backroom.badRequests).toEqual([]);
  });

  it('reports paper out, head open and pause from ~HS in its heartbeats', async () => {
    zebra.flags = { paperOut: true, headUp: true };
    startAgent();
    const latest = () => backroom.heartbeats.at(-1)?.printers[0]?.status;
    await waitFor(() => latest()?.headOpen === true, 'heartbeat with head open');
    expect(latest()).toEqual({
      online: true,
      paperOut: true,
      headOpen: true,
      paused: false,
      message: 'Print head is open; Out of paper',
      labelCounter: true,
    });

    zebra.flags = { paused: true };
    await waitFor(() => latest()?.paused === true, 'heartbeat with pause');
    expect(latest()).toMatchObject({ online: true, paperOut: false, headOpen: false, paused: true });

    // A printer that stays silent on ~HS: status could not be read.
    zebra.silent = true;
    await waitFor(
      () => backroom.heartbeats.at(-1)?.printers[0]?.status === null,
      'heartbeat with null status',
    );
    expect(zebra.prints).toEqual([]);
  });

  it('retries an offline printer with backoff and prints the job exactly once when it is back', async () => {
    await zebra.close();
    // The requeue reaches the long-poll before the agent hears its report was taken, and the reply does
    // not say the job was requeued: the agent must still pick the job up again.
    backroom.reportReplyDelayMs = 30;
    backroom.bareReportReplies = true;
    startAgent();
    await waitFor(() => backroom.registrations.length === 1, 'register');
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });

    await waitFor(() => backroom.reportsFor(job.id).length >= 2, 'two failed attempts');
    const failed = backroom.reportsFor(job.id)[0];
    expect(failed).toMatchObject({ state: 'failed', retryable: true });
    expect(failed?.error).toMatch(/offline \(connection refused\)/);
    await waitFor(
      () => backroom.heartbeats.at(-1)?.printers[0]?.status?.online === false,
      'offline heartbeat',
    );

    await zebra.listen();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed after the printer is back');
    expect(zebra.prints).toEqual([Buffer.from(LABEL, 'utf8')]);
    const states = backroom.reportsFor(job.id).map((r) => r.state);
    expect(states.filter((s) => s === 'printed')).toHaveLength(1);
    expect(states.slice(0, -1).every((s) => s === 'failed')).toBe(true);
    // Backoff is capped at 100 ms here, so tries come at a bounded pace, not in a hot loop.
    expect(states.length).toBeLessThan(60);
  });

  // Backoff here starts at 30 s and heartbeats come every 300 s: only noticing the printer's return (and
  // telling Backroom of each change at once) can make these pass within the test's time.
  it('prints at once when an offline printer is back, without waiting out its backoff', async () => {
    backroom.heartbeatSeconds = 600;
    await zebra.close();
    startAgent({}, { backoff: { baseMs: 30_000, maxMs: 60_000, jitter: 0 }, probeMs: 100 });
    await waitFor(() => backroom.registrations.length === 1, 'register');
    expect(backroom.registrations[0]?.printers[0]?.status?.online).toBe(false);
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => backroom.reportsFor(job.id).length >= 1, 'the failed attempt');
    expect(backroom.reportsFor(job.id)[0]).toMatchObject({ state: 'failed', retryable: true });
    // Requeued, handed out again at once (the fake wakes the long-poll), held for the printer.
    await waitFor(() => backroom.jobs.get(job.id)?.job.attempts === 2, 'handed out again');
    await new Promise((r) => setTimeout(r, 300));
    expect(zebra.prints).toEqual([]);

    await zebra.listen();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed soon after the printer is back');
    expect(zebra.prints).toEqual([Buffer.from(LABEL, 'utf8')]);
    await waitFor(
      () => backroom.heartbeats.at(-1)?.printers[0]?.status?.online === true,
      'the printer shown online again',
    );
  });

  it('tells Backroom at once when a printer goes offline and when it is back', async () => {
    backroom.heartbeatSeconds = 600;
    startAgent({}, { probeMs: 100 });
    await waitFor(() => backroom.registrations.length === 1, 'register');
    expect(backroom.registrations[0]?.printers[0]?.status?.online).toBe(true);
    await zebra.close();
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(
      () => backroom.heartbeats.at(-1)?.printers[0]?.status?.online === false,
      'the printer shown offline after the failed print',
    );
    await zebra.listen();
    await waitFor(
      () => backroom.heartbeats.at(-1)?.printers[0]?.status?.online === true,
      'the printer shown online once it answers',
    );
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
    // Two changes, two heartbeats (plus at most one more from the return being noticed twice).
    expect(backroom.heartbeats.length).toBeLessThanOrEqual(3);
  });

  it('after a restart reports a journaled job as printed instead of printing it again', async () => {
    backroom.failReports = Number.POSITIVE_INFINITY;
    const first = startAgent();
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => zebra.prints.length === 1 && backroom.refusedReports >= 2, 'printed, report refused');
    expect(backroom.stateOf(job.id)).toBe('sent');
    first.agent.stop();
    await first.done;

    backroom.failReports = 0;
    const second = startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed report after restart');
    expect(backroom.jobs.get(job.id)?.job.attempts).toBe(2);
    expect(zebra.prints).toHaveLength(1);
    expect(backroom.reportsFor(job.id)).toEqual([{ state: 'printed' }]);
    expect(second.lines.join('\n')).toMatch(new RegExp(`Job ${job.id} was already printed`));
  });

  it('a job handed out again after a dropped connection is not printed twice', async () => {
    backroom.failReports = Number.POSITIVE_INFINITY;
    startAgent();
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => zebra.prints.length === 1 && backroom.refusedReports >= 1, 'printed, report refused');
    await waitFor(() => backroom.jobPolls >= 2, 'next long-poll');
    backroom.dropPolls();
    await waitFor(() => backroom.registrations.length >= 2, 're-register after the drop');
    await waitFor(() => backroom.jobs.get(job.id)?.job.attempts === 2, 'job handed out again');
    backroom.failReports = 0;
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed report');
    await new Promise((r) => setTimeout(r, 300));
    expect(zebra.prints).toHaveLength(1);
    expect(backroom.reportsFor(job.id).every((r) => r.state === 'printed')).toBe(true);
  });

  it('copes with a server that hands out unreported jobs on every poll: no busy loop, one print', async () => {
    backroom.handOutSentOnEveryPoll = true;
    await zebra.close();
    startAgent();
    await waitFor(() => backroom.registrations.length === 1, 'register');
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => backroom.reportsFor(job.id).length >= 2, 'two failed attempts');
    const pollsBefore = backroom.jobPolls;
    await new Promise((r) => setTimeout(r, 500));
    // Held for its printer's backoff, the job comes back on each poll; the agent paces itself (50 ms here).
    expect(backroom.jobPolls - pollsBefore).toBeLessThan(20);
    expect(backroom.stateOf(job.id)).not.toBe('failed');

    await zebra.listen();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed after the printer is back');
    await new Promise((r) => setTimeout(r, 200));
    expect(zebra.prints).toEqual([Buffer.from(LABEL, 'utf8')]);
    expect(backroom.reportsFor(job.id).filter((r) => r.state === 'printed')).toHaveLength(1);
  });

  it('does not print a job Backroom gave up on while the printer was offline', async () => {
    backroom.handOutSentOnEveryPoll = true;
    backroom.maxAttempts = 3;
    await zebra.close();
    const { lines } = startAgent();
    await waitFor(() => backroom.registrations.length === 1, 'register');
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => backroom.stateOf(job.id) === 'failed', 'failed for good');
    await zebra.listen();
    await new Promise((r) => setTimeout(r, 400));
    expect(zebra.prints).toEqual([]);
    expect(lines.join('\n')).toContain(`Backroom gave up on job ${job.id} (now failed)`);
  });

  it('fails a job for a printer it does not have, and a PDF for a raw TCP printer, without retrying', async () => {
    startAgent();
    const unknown = backroom.enqueue({ printerUri: 'tcp://127.0.0.1:1', content: LABEL });
    const pdf = backroom.enqueue({
      printerUri: `tcp://127.0.0.1:${zebra.port}`,
      format: 'pdf',
      content: Buffer.from('%PDF-1.4').toString('base64'),
    });
    await waitFor(
      () => backroom.stateOf(unknown.id) === 'failed' && backroom.stateOf(pdf.id) === 'failed',
      'failed',
    );
    expect(backroom.reportsFor(unknown.id)).toEqual([
      {
        state: 'failed',
        retryable: false,
        error: 'No printer tcp://127.0.0.1:1 on the print agent at bench-pc',
      },
    ]);
    expect(backroom.reportsFor(pdf.id)[0]?.error).toMatch(/cannot print a PDF/);
    expect(zebra.prints).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')('prints ZPL to a CUPS queue through lp -o raw', async () => {
    // A stand-in for lp that keeps its arguments and stdin.
    const lp = path.join(dir, 'lp');
    await writeFile(lp, `#!/bin/sh\nprintf '%s\\n' "$@" > '${lp}.args'\ncat > '${lp}.data'\n`);
    await chmod(lp, 0o755);
    startAgent({
      printers: [{ uri: 'cups://Returns_Bench', name: 'Returns bench' }],
      lpCommand: lp,
      lpstatCommand: path.join(dir, 'no-lpstat'),
    });
    await waitFor(() => backroom.registrations.length === 1, 'register');
    expect(backroom.registrations[0]?.printers[0]).toMatchObject({
      uri: 'cups://Returns_Bench',
      status: { online: false, message: expect.stringMatching(/CUPS is not installed/) },
    });
    const job = backroom.enqueue({ printerUri: 'cups://Returns_Bench', content: LABEL });
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
    expect(await readFile(`${lp}.data`)).toEqual(Buffer.from(LABEL, 'utf8'));
    expect((await readFile(`${lp}.args`, 'utf8')).split('\n')).toEqual([
      '-d',
      'Returns_Bench',
      '-o',
      'raw',
      '-t',
      `Backroom job ${job.id}`,
      '',
    ]);
  });

  it('reports a job it cannot read as failed once, without a busy loop', async () => {
    backroom.handOutSentOnEveryPoll = true;
    backroom.reportProcessingDelayMs = 200;
    startAgent();
    const job = backroom.enqueue({
      printerUri: `tcp://127.0.0.1:${zebra.port}`,
      content: LABEL,
      format: 'epl' as 'zpl',
    });
    await waitFor(() => backroom.stateOf(job.id) === 'failed', 'failed');
    expect(backroom.reportsFor(job.id)).toEqual([
      { state: 'failed', retryable: false, error: expect.stringMatching(/cannot read the job \(format:/) },
    ]);
    expect(backroom.jobPolls).toBeLessThan(20);
    expect(zebra.prints).toEqual([]);
  });

  it('stops with a clear error when the token is refused', async () => {
    const { done } = startAgent({ token: 'not-the-right-token' });
    await expect(done).rejects.toBeInstanceOf(AuthError);
    await expect(done).rejects.toThrow(/refused this print agent's token \(401: Unknown print agent token\)/);
  });

  it('keeps trying while Backroom is down and registers as soon as it is up', async () => {
    // A port nothing listens on: take one from the OS, then free it.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const down = backroom;
    await down.stop();
    backroom = await FakeBackroom.start(port);
    await backroom.stop();
    const { lines } = startAgent({ serverUrl: `http://127.0.0.1:${port}` });
    await waitFor(
      () => lines.filter((l) => l.includes('Cannot reach Backroom')).length >= 3,
      'three failures',
    );
    await backroom.listen();
    const failedBeforeUp = lines.filter((l) => l.includes('Cannot reach Backroom')).length;
    await waitFor(() => backroom.registrations.length === 1, 'register once up');
    // Its next try (backoff capped at 100 ms here) registered: at most a try already under way failed after.
    expect(lines.filter((l) => l.includes('Cannot reach Backroom')).length).toBeLessThanOrEqual(
      failedBeforeUp + 1,
    );
    const job = backroom.enqueue({ printerUri: `tcp://127.0.0.1:${zebra.port}`, content: LABEL });
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
  });
});

describe('a job the agent was sending when it died, settled from the label counter', () => {
  const uri = () => `tcp://127.0.0.1:${zebra.port}`;
  /** The journal as a killed agent left it: the intent to send `id`, and nothing after. */
  const leaveIntent = (id: number, before: number, labels: number, source: 'sgd' | 'hqod' = 'sgd') =>
    writeFile(
      path.join(dir, 'journal.log'),
      `${JSON.stringify({ type: 'intent', id, printer: uri(), before, labels, source, at: new Date().toISOString() })}\n`,
    );

  it('the counter moved by its labels: reported printed without printing it again', async () => {
    zebra.labelCount = 10;
    const job = backroom.enqueue({ printerUri: uri(), content: LABEL });
    await leaveIntent(job.id, 9, 1);
    const { lines } = startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed report');
    expect(zebra.prints).toEqual([]);
    expect(backroom.reportsFor(job.id)).toEqual([{ state: 'printed' }]);
    expect(lines.join('\n')).toContain(
      `Job ${job.id} reached Packing Zebra before the agent stopped (label counter 9 → 10)`,
    );
    // The next job prints as usual.
    const next = backroom.enqueue({ printerUri: uri(), content: LABEL });
    await waitFor(() => backroom.stateOf(next.id) === 'printed', 'next printed');
    expect(zebra.labels).toHaveLength(1);
  });

  it('the counter did not move: the job prints, once', async () => {
    zebra.labelCount = 10;
    const job = backroom.enqueue({ printerUri: uri(), content: LABEL });
    await leaveIntent(job.id, 10, 1);
    const { lines } = startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed report');
    expect(zebra.prints).toEqual([Buffer.from(LABEL, 'utf8')]);
    expect(zebra.labelCount).toBe(11);
    expect(lines.join('\n')).toContain(
      `Job ${job.id} had not reached Packing Zebra before the agent stopped`,
    );
  });

  // Only some of a batch's labels printed: see agent.batch.test.ts (the rest print, not the whole batch).

  it('a printer with only the ~HQOD odometer: any movement means it printed', async () => {
    zebra.counter = 'hqod';
    zebra.labelCount = 40;
    const printed = backroom.enqueue({ printerUri: uri(), content: LABEL });
    await leaveIntent(printed.id, 39, 1, 'hqod');
    startAgent();
    await waitFor(() => backroom.stateOf(printed.id) === 'printed', 'printed report');
    expect(zebra.prints).toEqual([]);
    const next = backroom.enqueue({ printerUri: uri(), content: LABEL });
    await waitFor(() => backroom.stateOf(next.id) === 'printed', 'next printed');
    expect(zebra.labels).toHaveLength(1);
    const journal = await readFile(path.join(dir, 'journal.log'), 'utf8');
    expect(journal).toContain(`"type":"intent","id":${next.id}`);
    expect(journal).toContain('"source":"hqod"');
  });

  it('a printer with no counter: says so in its status and the log, and prints as before', async () => {
    zebra.counter = 'none';
    const { lines, config } = startAgent();
    await waitFor(() => backroom.registrations.length === 1, 'register');
    expect(backroom.registrations[0]?.printers[0]?.status?.labelCounter).toBe(false);
    expect(lines.join('\n')).toContain(
      'Packing Zebra gives no label counter: if the agent is killed in the moment after sending a label, that label prints again after the restart',
    );
    const job = backroom.enqueue({ printerUri: uri(), content: LABEL });
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed report');
    expect(zebra.prints).toEqual([Buffer.from(LABEL, 'utf8')]);
    expect(await readFile(config.journalPath, 'utf8')).not.toContain('intent');
  });
});
