import { AGENT_VERSION, PrintAgent } from './agent';
import { ConfigError, loadConfig } from './config';
import { createLogger, isLogLevel } from './log';

// Exit codes a service manager can tell apart: 2 = fix the config or token first, restarting will not help.
const EXIT_CONFIG = 2;

async function main(): Promise<number> {
  const level = process.env.LOG_LEVEL ?? 'info';
  const log = createLogger(isLogLevel(level) ? level : 'info');
  let config: Awaited<ReturnType<typeof loadConfig>>;
  try {
    config = await loadConfig({ argv: process.argv.slice(2) });
  } catch (err) {
    log.error(err instanceof ConfigError ? err.message : String(err));
    return EXIT_CONFIG;
  }
  log.info(`Backroom print agent ${AGENT_VERSION} on ${config.hostname}, server ${config.serverUrl}`);
  for (const p of config.printers) log.info(`Printer "${p.name}": ${p.uri}`);
  if (new URL(config.serverUrl).protocol === 'http:') {
    log.warn('serverUrl is plain http: the token and labels cross the network unencrypted');
  }

  const agent = new PrintAgent({ config, log });
  let signals = 0;
  const onSignal = (name: string) => {
    signals++;
    if (signals > 1) process.exit(1);
    log.info(`${name}: finishing the label in progress, then stopping`);
    agent.stop();
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  try {
    await agent.run();
    log.info('Stopped');
    return 0;
  } catch (err) {
    log.error(err instanceof Error ? err.message : String(err));
    return EXIT_CONFIG;
  }
}

process.exitCode = await main();
