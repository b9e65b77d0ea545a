import { readFile } from 'node:fs/promises';
import { hostname as osHostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { normalizePrinterUri, parsePrinterUri } from './printer-uri';

const printerSchema = z.object({
  uri: z.string().min(3).max(300),
  name: z.string().trim().min(1).max(120),
});

/** The config file; every field can also come from the environment (see README). */
export const configFileSchema = z
  .object({
    serverUrl: z.url(),
    token: z.string().trim().min(8, 'token looks too short; paste the whole token the admin screen showed'),
    printers: z.array(printerSchema).min(1, 'list at least one printer').max(200),
    journalPath: z.string().min(1).optional(),
    pollWaitSeconds: z.number().int().min(0).max(30).default(25),
    hostname: z.string().min(1).max(120).optional(),
    /** How long to wait for a TCP printer to accept a connection before calling it offline. */
    connectTimeoutMs: z.number().int().min(100).max(60_000).default(5_000),
    /** How long to wait for a Zebra's `~HS` answer. */
    statusTimeoutMs: z.number().int().min(100).max(30_000).default(2_000),
    lpCommand: z.string().min(1).default('lp'),
    lpstatCommand: z.string().min(1).default('lpstat'),
  })
  .strict();

export interface PrinterConfig {
  /** Normalised: `tcp://host:port` or `cups://queue`. */
  uri: string;
  name: string;
}

export interface AgentConfig {
  serverUrl: string;
  token: string;
  printers: PrinterConfig[];
  journalPath: string;
  pollWaitSeconds: number;
  hostname: string;
  connectTimeoutMs: number;
  statusTimeoutMs: number;
  lpCommand: string;
  lpstatCommand: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `BACKROOM_PRINTERS`: a JSON array like the file's, or `Name=uri;Name=uri` (a bare uri is its own name). */
export function parsePrintersEnv(value: string): { uri: string; name: string }[] {
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as { uri: string; name: string }[];
    } catch {
      throw new ConfigError('BACKROOM_PRINTERS is not valid JSON');
    }
  }
  return text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.lastIndexOf('=');
      if (eq < 0) return { uri: part, name: part };
      return { name: part.slice(0, eq).trim(), uri: part.slice(eq + 1).trim() };
    });
}

function envNumber(env: NodeJS.ProcessEnv, key: string): number | undefined {
  const raw = env[key];
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new ConfigError(`${key} must be a number, got "${raw}"`);
  return n;
}

/** `--config path` (or `--config=path`) from the command line. */
export function configPathFromArgs(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--config' || arg === '-c') return argv[i + 1];
    if (arg.startsWith('--config=')) return arg.slice('--config='.length);
  }
  return undefined;
}

/**
 * Reads the config file (if any) and lays the environment over it. The file is
 * `--config`, else `BACKROOM_AGENT_CONFIG`, else none: env alone is enough.
 */
export async function loadConfig(
  options: { argv?: readonly string[]; env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<AgentConfig> {
  const env = options.env ?? process.env;
  const cwd = options.cwd ?? process.cwd();
  const file = configPathFromArgs(options.argv ?? []) ?? env.BACKROOM_AGENT_CONFIG;
  let fromFile: Record<string, unknown> = {};
  let configDir = cwd;
  if (file) {
    const full = path.resolve(cwd, file);
    configDir = path.dirname(full);
    let text: string;
    try {
      text = await readFile(full, 'utf8');
    } catch (err) {
      throw new ConfigError(`Cannot read config file ${full}: ${(err as Error).message}`);
    }
    try {
      fromFile = JSON.parse(text) as Record<string, unknown>;
    } catch (err) {
      throw new ConfigError(`Config file ${full} is not valid JSON: ${(err as Error).message}`);
    }
  }
  const merged: Record<string, unknown> = { ...fromFile };
  if (env.BACKROOM_SERVER_URL) merged.serverUrl = env.BACKROOM_SERVER_URL;
  if (env.BACKROOM_AGENT_TOKEN) merged.token = env.BACKROOM_AGENT_TOKEN;
  if (env.BACKROOM_PRINTERS) merged.printers = parsePrintersEnv(env.BACKROOM_PRINTERS);
  if (env.BACKROOM_JOURNAL_PATH) merged.journalPath = env.BACKROOM_JOURNAL_PATH;
  const wait = envNumber(env, 'BACKROOM_POLL_WAIT_SECONDS');
  if (wait !== undefined) merged.pollWaitSeconds = wait;
  return resolveConfig(merged, configDir);
}

/** Validates a merged config object; relative paths are taken from `baseDir` (the config file's folder). */
export function resolveConfig(input: unknown, baseDir: string): AgentConfig {
  const parsed = configFileSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new ConfigError(`Invalid print agent configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const url = new URL(c.serverUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`serverUrl must start with https:// (or http://), got "${c.serverUrl}"`);
  }
  const printers: PrinterConfig[] = [];
  const seen = new Set<string>();
  for (const p of c.printers) {
    let uri: string;
    try {
      parsePrinterUri(p.uri);
      uri = normalizePrinterUri(p.uri);
    } catch (err) {
      throw new ConfigError((err as Error).message);
    }
    if (seen.has(uri)) throw new ConfigError(`Printer ${uri} is listed twice`);
    seen.add(uri);
    printers.push({ uri, name: p.name });
  }
  return {
    serverUrl: c.serverUrl.replace(/\/+$/, ''),
    token: c.token,
    printers,
    journalPath: path.resolve(baseDir, c.journalPath ?? 'print-agent-journal.log'),
    pollWaitSeconds: c.pollWaitSeconds,
    hostname: c.hostname ?? osHostname(),
    connectTimeoutMs: c.connectTimeoutMs,
    statusTimeoutMs: c.statusTimeoutMs,
    lpCommand: c.lpCommand,
    lpstatCommand: c.lpstatCommand,
  };
}
