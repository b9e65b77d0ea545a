import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Journal } from './journal';

let dir: string;
let file: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'print-agent-journal-'));
  file = path.join(dir, 'nested', 'journal.log');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('Journal', () => {
  it('remembers recorded ids across a reopen', async () => {
    const journal = await Journal.open(file);
    expect(journal.has(5)).toBe(false);
    await journal.record(5, 'tcp://p1:9100', new Date('2025-01-02T03:04:05Z'));
    await journal.record(5, 'tcp://p1:9100');
    await journal.record(6, 'cups://Q');
    expect(journal.has(5)).toBe(true);
    await journal.close();

    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines[0]).toBe('{"id":5,"printer":"tcp://p1:9100","at":"2025-01-02T03:04:05.000Z"}');
    expect(lines.slice(1).map((l) => l && (JSON.parse(l) as { id: number }).id)).toEqual([6, '']);
    const again = await Journal.open(file);
    expect(again.has(5) && again.has(6)).toBe(true);
    expect(again.size).toBe(2);
    await again.close();
  });

  it('survives a torn last line and keeps appending cleanly', async () => {
    const journal = await Journal.open(file);
    await journal.record(1, 'tcp://p1:9100');
    await journal.close();
    await appendFile(file, '{"id":2,"prin');

    const reopened = await Journal.open(file);
    expect(reopened.has(1)).toBe(true);
    expect(reopened.has(2)).toBe(false);
    await reopened.record(3, 'tcp://p1:9100');
    await reopened.close();

    const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { id: number }).id)).toEqual([1, 3]);
  });

  it('skips lines that are not journal entries', async () => {
    await (await Journal.open(file)).close();
    await appendFile(file, 'hello\n{"id":"x"}\n{"id":9,"printer":"cups://Q","at":"t"}\n\n');
    const journal = await Journal.open(file);
    expect(journal.size).toBe(1);
    expect(journal.has(9)).toBe(true);
    await journal.close();
  });

  it('stays small: keeps the newest entries when it grows', async () => {
    const journal = await Journal.open(file, { maxEntries: 3 });
    for (let id = 1; id <= 6; id++) await journal.record(id, 'tcp://p1:9100');
    // Reaching twice the limit rewrites the file with the newest three.
    expect([1, 2, 3].some((id) => journal.has(id))).toBe(false);
    expect([4, 5, 6].every((id) => journal.has(id))).toBe(true);
    await journal.record(7, 'tcp://p1:9100');
    await journal.close();
    const ids = (await readFile(file, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { id: number }).id);
    expect(ids).toEqual([4, 5, 6, 7]);
  });

  it('refuses to record once closed', async () => {
    const journal = await Journal.open(file);
    await journal.close();
    await expect(journal.record(1, 'tcp://p1:9100')).rejects.toThrow(/closed/);
  });

  it('keeps an intent pending per printer until the job is recorded or discarded, across reopens and compaction', async () => {
    const journal = await Journal.open(file, { maxEntries: 2 });
    await journal.intent({ id: 7, printer: 'tcp://p1:9100', before: 100, labels: 1, source: 'sgd' });
    await journal.intent({ id: 8, printer: 'tcp://p2:9100', before: 5, labels: 3, source: 'hqod' });
    await journal.record(7, 'tcp://p1:9100');
    expect(journal.pendingFor('tcp://p1:9100')).toBeUndefined();
    await journal.close();

    // The agent died after the intent for 8: it is still pending after a restart.
    const reopened = await Journal.open(file, { maxEntries: 2 });
    expect(reopened.has(7)).toBe(true);
    expect(reopened.pendingIntents()).toEqual([
      expect.objectContaining({ id: 8, printer: 'tcp://p2:9100', before: 5, labels: 3, source: 'hqod' }),
    ]);
    // Many printed jobs later (compactions included) it is still there.
    for (let id = 20; id < 30; id++) await reopened.record(id, 'tcp://p1:9100');
    await reopened.close();
    const compacted = await Journal.open(file, { maxEntries: 2 });
    expect(compacted.pendingFor('tcp://p2:9100')?.id).toBe(8);
    expect(compacted.has(29) && !compacted.has(20)).toBe(true);
    // Settled as not printed: gone, and the job is not taken for printed.
    await compacted.discard(8, 'tcp://p2:9100');
    await compacted.close();
    const last = await Journal.open(file, { maxEntries: 2 });
    expect(last.pendingIntents()).toEqual([]);
    expect(last.has(8)).toBe(false);
    await last.close();
  });
});
