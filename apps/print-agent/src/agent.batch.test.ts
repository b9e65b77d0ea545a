// Batches (issue 18 §4): many labels in one job, one ZPL stream. Their progress comes from the printer's label
// counter; a batch a crash cut short prints only the labels the counter did not see, however often it is cut.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AgentOptions } from './agent';
import { sendRaw } from './printer-tcp';
import { type AgentHarness, openAgentHarness } from './test-support/agent-harness';
import type { FakeBackroom } from './test-support/fake-backroom';
import { type FakeZebra, waitFor } from './test-support/fake-zebra';

let dir: string;
let backroom: FakeBackroom;
let zebra: FakeZebra;
let harness: AgentHarness;

const bin = (n: number) => `BIN-${String(n).padStart(4, '0')}`;
/** A batch as Backroom renders one: a format per label, one stream. */
const batch = (from: number, count: number, pq = 1) =>
  Array.from({ length: count }, (_, i) => `^XA^FO20,20^BCN,60,Y,N,N^FD${bin(from + i)}^FS^PQ${pq}^XZ\n`).join(
    '',
  );
const printedBins = () => zebra.labels.map((l) => /\^FD(BIN-\d+)\^FS/.exec(l)?.[1] ?? 'unreadable');
const uri = () => `tcp://127.0.0.1:${zebra.port}`;

const startAgent = (options: Partial<AgentOptions> = {}) => harness.startAgent({}, options);

/** The journal as a killed agent left it: the intent to send (part of) job `id`, and nothing after. */
const leaveJournal = (...lines: object[]) =>
  writeFile(
    path.join(dir, 'journal.log'),
    lines
      .map((line) => `${JSON.stringify({ printer: uri(), at: new Date().toISOString(), ...line })}\n`)
      .join(''),
  );

beforeEach(async () => {
  harness = await openAgentHarness({
    printerName: 'Shelf Zebra',
    options: { progressPollMs: 20, progressStallMs: 1_000 },
  });
  ({ dir, backroom, zebra } = harness);
});

afterEach(() => harness.close());

describe('a batch: one job, one stream, its progress from the label counter', () => {
  it('sends the batch in one connection and reports its progress as the printer prints it', async () => {
    zebra.labelMs = 15;
    startAgent();
    const job = backroom.enqueue({ printerUri: uri(), content: batch(1, 40), labels: 40 });
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed', 10_000);
    expect(zebra.prints).toHaveLength(1);
    expect(printedBins()).toEqual(Array.from({ length: 40 }, (_, i) => bin(i + 1)));
    const counts = backroom.progress.filter((p) => p.id === job.id).map((p) => p.labelsPrinted);
    // Several counts on the way, rising, the last one the whole batch, and 'printed' only after it.
    expect(counts.length).toBeGreaterThan(2);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(counts.at(-1)).toBe(40);
    expect(counts[0]).toBeLessThan(40);
    expect(backroom.reportsFor(job.id)).toEqual([{ state: 'printed' }]);
  });
});

describe('a batch a crash cut short', () => {
  it('prints only the labels the counter did not see, then reports the batch printed', async () => {
    // Killed while sending a 10-label batch: the counter stood at 50 and moved by 4.
    zebra.labelCount = 54;
    const job = backroom.enqueue({ printerUri: uri(), content: batch(1, 10), labels: 10 });
    await leaveJournal({ type: 'intent', id: job.id, before: 50, labels: 10, source: 'sgd' });
    const { lines } = startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
    expect(printedBins()).toEqual([5, 6, 7, 8, 9, 10].map(bin));
    expect(zebra.labelCount).toBe(60);
    expect(lines).toContain(
      `Job ${job.id}: 4 of 10 labels printed before the agent stopped; the rest print when it comes (label counter 50 → 54)`,
    );
    expect(lines).toContain(`Job ${job.id}: 4 of 10 labels printed before; printing the other 6`);
    expect(backroom.progress.filter((p) => p.id === job.id).at(-1)?.labelsPrinted).toBe(10);
    // Journaled as printed: handed out again, it is reported without printing.
    const journal = await readFile(path.join(dir, 'journal.log'), 'utf8');
    expect(journal).toContain(`{"type":"partial","id":${job.id}`);
    expect(journal).toContain(`{"id":${job.id},"printer"`);
  });

  it('cut short twice (the rest cut short too): each label still prints once; a ^PQ format owes only its rest', async () => {
    // 4 formats of 3 labels (12). First crash after 5 labels; the resumed send (7 labels from counter 105)
    // cut after 4 more: 9 printed, the last 3 owed — the last format whole.
    zebra.labelCount = 109;
    const job = backroom.enqueue({ printerUri: uri(), content: batch(1, 4, 3), labels: 12 });
    await leaveJournal(
      { type: 'intent', id: job.id, before: 100, labels: 12, source: 'sgd' },
      { type: 'partial', id: job.id, done: 5 },
      { type: 'intent', id: job.id, before: 105, labels: 7, done: 5, source: 'sgd' },
    );
    startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
    expect(printedBins()).toEqual([bin(4), bin(4), bin(4)]);
    expect(zebra.prints.map((b) => b.toString())).toEqual([
      `^XA^FO20,20^BCN,60,Y,N,N^FD${bin(4)}^FS^PQ3^XZ\n`,
    ]);
    expect(zebra.labelCount).toBe(112);
  });

  it('cut short inside a format with a quantity: that format prints what it still owes', async () => {
    zebra.labelCount = 202;
    const job = backroom.enqueue({ printerUri: uri(), content: batch(1, 2, 3), labels: 6 });
    await leaveJournal({ type: 'intent', id: job.id, before: 200, labels: 6, source: 'sgd' });
    startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
    expect(printedBins()).toEqual([bin(1), bin(2), bin(2), bin(2)]);
  });

  it('a batch the printer still holds when the agent restarts: it waits for the printer, then reports it printed', async () => {
    // The killed agent had sent all 30 labels; the printer prints them from its buffer, 10 ms each.
    zebra.labelMs = 10;
    zebra.labelCount = 70;
    const job = backroom.enqueue({ printerUri: uri(), content: batch(1, 30), labels: 30 });
    await leaveJournal({ type: 'intent', id: job.id, before: 70, labels: 30, source: 'sgd' });
    await sendRaw({ host: '127.0.0.1', port: zebra.port }, Buffer.from(batch(1, 30)), {
      connectTimeoutMs: 500,
    });
    expect(zebra.labels.length).toBeLessThan(30);
    const { lines } = startAgent();
    await waitFor(() => backroom.stateOf(job.id) === 'printed', 'printed');
    expect(printedBins()).toEqual(Array.from({ length: 30 }, (_, i) => bin(i + 1)));
    expect(zebra.prints).toHaveLength(1);
    expect(lines.join('\n')).toContain(
      `Job ${job.id} reached Shelf Zebra before the agent stopped (label counter 70 → 100)`,
    );
  });
});
