import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AgentOptions, PrintAgent } from '../agent';
import { resolveConfig } from '../config';
import { FakeBackroom } from './fake-backroom';
import { FakeZebra } from './fake-zebra';

/**
 * One test's world: a fake Backroom, a fake Zebra, a journal folder, and the agents started against them
 * (short timeouts and backoffs so a test takes milliseconds). `close` stops every agent, then the fakes.
 */
export interface AgentHarness {
  dir: string;
  backroom: FakeBackroom;
  zebra: FakeZebra;
  /** `config` overrides the agent's config file; `options` its constructor's. */
  startAgent(
    config?: Record<string, unknown>,
    options?: Partial<AgentOptions>,
  ): { agent: PrintAgent; done: Promise<void>; lines: string[]; config: ReturnType<typeof resolveConfig> };
  stopAgents(): Promise<void>;
  close(): Promise<void>;
}

export async function openAgentHarness({
  printerName,
  options: defaults = {},
}: {
  printerName: string;
  /** Constructor options every agent of this test file gets. */
  options?: Partial<AgentOptions>;
}): Promise<AgentHarness> {
  const dir = await mkdtemp(path.join(tmpdir(), 'print-agent-'));
  const backroom = await FakeBackroom.start();
  const zebra = await FakeZebra.start();
  const running: { agent: PrintAgent; done: Promise<void> }[] = [];
  const stopAgents = async () => {
    for (const { agent, done } of running.splice(0)) {
      agent.stop();
      await done.catch(() => {});
    }
  };
  return {
    dir,
    backroom,
    zebra,
    startAgent(overrides = {}, options = {}) {
      const config = resolveConfig(
        {
          serverUrl: backroom.url,
          token: backroom.token,
          printers: [{ uri: `tcp://127.0.0.1:${zebra.port}`, name: printerName }],
          journalPath: 'journal.log',
          pollWaitSeconds: 1,
          connectTimeoutMs: 500,
          statusTimeoutMs: 300,
          hostname: 'bench-pc',
          ...overrides,
        },
        dir,
      );
      const lines: string[] = [];
      const log = {
        debug: () => {},
        info: (m: string) => lines.push(m),
        warn: (m: string) => lines.push(m),
        error: (m: string) => lines.push(m),
      };
      const agent = new PrintAgent({
        config,
        log,
        backoff: { baseMs: 20, maxMs: 100, jitter: 0 },
        minHeartbeatMs: 10,
        closeWaitMs: 200,
        repollDelayMs: 50,
        ...defaults,
        ...options,
      });
      const entry = { agent, done: agent.run(), lines, config };
      running.push(entry);
      return entry;
    },
    stopAgents,
    async close() {
      await stopAgents();
      await backroom.stop();
      await zebra.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
