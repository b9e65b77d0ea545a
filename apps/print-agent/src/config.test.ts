import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, configPathFromArgs, loadConfig, parsePrintersEnv, resolveConfig } from './config';
import { normalizePrinterUri, parsePrinterUri } from './printer-uri';

describe('parsePrinterUri', () => {
  it.each([
    ['tcp://10.0.0.31:9100', { kind: 'tcp', host: '10.0.0.31', port: 9100 }],
    ['tcp://10.0.0.31', { kind: 'tcp', host: '10.0.0.31', port: 9100 }],
    ['TCP://zebra-packing.local:6101/', { kind: 'tcp', host: 'zebra-packing.local', port: 6101 }],
    ['tcp://[fe80::1]:9100', { kind: 'tcp', host: 'fe80::1', port: 9100 }],
    ['cups://Zebra_ZD421', { kind: 'cups', queue: 'Zebra_ZD421' }],
    [' cups://Returns-Bench@2 ', { kind: 'cups', queue: 'Returns-Bench@2' }],
  ])('%s', (uri, expected) => {
    expect(parsePrinterUri(uri)).toEqual(expected);
  });

  it.each([
    'http://10.0.0.31',
    'tcp://',
    'tcp://10.0.0.31:0',
    'tcp://10.0.0.31:70000',
    'tcp://host name',
    'cups://',
    'cups://a queue',
    'cups://a/b',
    '10.0.0.31:9100',
  ])('rejects %s', (uri) => {
    expect(() => parsePrinterUri(uri)).toThrow(/Printer/);
  });

  it('spells every printer one way', () => {
    expect(normalizePrinterUri('tcp://Zebra1')).toBe('tcp://zebra1:9100');
    expect(normalizePrinterUri('tcp://[FE80::1]')).toBe('tcp://[fe80::1]:9100');
    expect(normalizePrinterUri('cups://Zebra_ZD421/')).toBe('cups://Zebra_ZD421');
  });
});

describe('parsePrintersEnv', () => {
  it('reads Name=uri pairs and bare uris', () => {
    expect(
      parsePrintersEnv('Packing 1=tcp://10.0.0.31; Returns=cups://Zebra_ZD421;tcp://10.0.0.32:9100;'),
    ).toEqual([
      { name: 'Packing 1', uri: 'tcp://10.0.0.31' },
      { name: 'Returns', uri: 'cups://Zebra_ZD421' },
      { name: 'tcp://10.0.0.32:9100', uri: 'tcp://10.0.0.32:9100' },
    ]);
  });

  it('reads a JSON array', () => {
    expect(parsePrintersEnv('[{"uri":"tcp://p1","name":"P1"}]')).toEqual([{ uri: 'tcp://p1', name: 'P1' }]);
    expect(() => parsePrintersEnv('[{"uri":')).toThrow(ConfigError);
  });
});

describe('configPathFromArgs', () => {
  it.each([
    [['--config', 'a.json'], 'a.json'],
    [['--config=b.json'], 'b.json'],
    [['-c', 'c.json'], 'c.json'],
    [[], undefined],
  ])('%j', (argv, expected) => {
    expect(configPathFromArgs(argv)).toBe(expected);
  });
});

describe('resolveConfig', () => {
  const base = {
    serverUrl: 'https://backroom.example.com/',
    token: 'abcdefgh12345678',
    printers: [{ uri: 'tcp://10.0.0.31', name: 'Packing' }],
  };

  it('fills defaults and normalises', () => {
    const c = resolveConfig(base, '/etc/backroom');
    expect(c).toMatchObject({
      serverUrl: 'https://backroom.example.com',
      printers: [{ uri: 'tcp://10.0.0.31:9100', name: 'Packing' }],
      journalPath: path.resolve('/etc/backroom', 'print-agent-journal.log'),
      pollWaitSeconds: 25,
      connectTimeoutMs: 5000,
      lpCommand: 'lp',
    });
    expect(c.hostname.length).toBeGreaterThan(0);
  });

  it.each([
    [{ ...base, serverUrl: 'backroom' }, /serverUrl/],
    [{ ...base, serverUrl: 'ftp://backroom' }, /https/],
    [{ ...base, token: 'short' }, /token/],
    [{ ...base, printers: [] }, /at least one printer/],
    [{ ...base, printers: [{ uri: 'lpt1', name: 'X' }] }, /expected tcp:\/\/host:port/],
    [
      {
        ...base,
        printers: [
          { uri: 'tcp://p1', name: 'A' },
          { uri: 'tcp://p1:9100', name: 'B' },
        ],
      },
      /listed twice/,
    ],
    [{ ...base, pollWaitSeconds: 31 }, /pollWaitSeconds/],
    [{ ...base, colour: 'red' }, /colour/],
  ])('rejects %j', (input, message) => {
    expect(() => resolveConfig(input, '/')).toThrow(message);
  });
});

describe('loadConfig', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'print-agent-config-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads the file and lets the environment override it', async () => {
    const file = path.join(dir, 'agent.json');
    await writeFile(
      file,
      JSON.stringify({
        serverUrl: 'https://file.example.com',
        token: 'file-token-123456',
        printers: [{ uri: 'cups://Zebra', name: 'Zebra' }],
        journalPath: 'state/journal.log',
      }),
    );
    const c = await loadConfig({
      argv: ['--config', file],
      env: { BACKROOM_AGENT_TOKEN: 'env-token-123456', BACKROOM_POLL_WAIT_SECONDS: '10' },
      cwd: '/',
    });
    expect(c).toMatchObject({
      serverUrl: 'https://file.example.com',
      token: 'env-token-123456',
      printers: [{ uri: 'cups://Zebra', name: 'Zebra' }],
      journalPath: path.join(dir, 'state/journal.log'),
      pollWaitSeconds: 10,
    });
  });

  it('works from the environment alone', async () => {
    const c = await loadConfig({
      argv: [],
      env: {
        BACKROOM_SERVER_URL: 'http://127.0.0.1:3000',
        BACKROOM_AGENT_TOKEN: 'env-token-123456',
        BACKROOM_PRINTERS: 'Bench=tcp://127.0.0.1:9100',
        BACKROOM_JOURNAL_PATH: path.join(dir, 'j.log'),
      },
      cwd: dir,
    });
    expect(c.printers).toEqual([{ uri: 'tcp://127.0.0.1:9100', name: 'Bench' }]);
    expect(c.journalPath).toBe(path.join(dir, 'j.log'));
  });

  it('says what is wrong with a bad file', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(file, '{ "serverUrl": ');
    await expect(loadConfig({ argv: ['--config', file], env: {} })).rejects.toThrow(/not valid JSON/);
    await expect(loadConfig({ argv: ['--config', path.join(dir, 'none.json')], env: {} })).rejects.toThrow(
      /Cannot read config file/,
    );
    await expect(loadConfig({ argv: [], env: { BACKROOM_POLL_WAIT_SECONDS: 'soon' } })).rejects.toThrow(
      /BACKROOM_POLL_WAIT_SECONDS must be a number/,
    );
    await expect(loadConfig({ argv: [], env: {} })).rejects.toThrow(/serverUrl[\s\S]*token[\s\S]*printers/);
  });
});
