export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LEVELS)[number];

export function isLogLevel(value: string): value is LogLevel {
  return (LEVELS as readonly string[]).includes(value);
}

/** One line per event with a timestamp: what journald or a Windows service wrapper keeps. */
export function createLogger(level: LogLevel = 'info', write: (line: string) => void = console.log): Logger {
  const min = LEVELS.indexOf(level);
  const at = (l: LogLevel) => (message: string) => {
    if (LEVELS.indexOf(l) >= min)
      write(`${new Date().toISOString()} ${l.toUpperCase().padEnd(5)} ${message}`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };
