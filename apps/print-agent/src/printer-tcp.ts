import net from 'node:net';
import { PrintError } from './print-error';
import {
  type AgentPrinterStatus,
  HOST_STATUS_COMMAND,
  isCompleteHostStatus,
  parseHostStatus,
  toAgentStatus,
} from './zebra-status';

export interface TcpTarget {
  host: string;
  port: number;
}

export interface TcpOptions {
  connectTimeoutMs: number;
  /** Longest pause while writing before the printer counts as stalled. */
  idleTimeoutMs?: number;
  /** After our last byte, how long to wait for the printer to close its side before we do. */
  closeWaitMs?: number;
}

// Every one of these means "not reachable now", which a later attempt may not hit.
const OFFLINE_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed while sending',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EHOSTDOWN: 'host down',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
};

export function offlineError(target: TcpTarget, err: unknown): PrintError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  const why = OFFLINE_CODES[code] ?? (err instanceof Error ? err.message : String(err));
  return new PrintError(`Printer ${target.host}:${target.port} is offline (${why})`, true);
}

/**
 * Writes `data` to a raw printer port and closes. Resolves once every byte was handed to the network and
 * the printer closed (or `closeWaitMs` passed); rejects with a retryable PrintError when the printer cannot
 * be reached or the connection breaks before all bytes went out.
 */
export function sendRaw(target: TcpTarget, data: Uint8Array, options: TcpOptions): Promise<void> {
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const closeWaitMs = options.closeWaitMs ?? 500;
  return new Promise((resolve, reject) => {
    let settled = false;
    let flushed = false;
    let closeTimer: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: target.host, port: target.port });
    const settle = (err?: PrintError) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(closeTimer);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    const connectTimer = setTimeout(
      () => settle(offlineError(target, Object.assign(new Error(), { code: 'ETIMEDOUT' }))),
      options.connectTimeoutMs,
    );
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      socket.setTimeout(idleTimeoutMs, () =>
        settle(
          flushed
            ? undefined
            : new PrintError(`Printer ${target.host}:${target.port} stopped taking data`, true),
        ),
      );
      socket.end(data, () => {
        flushed = true;
        closeTimer = setTimeout(() => settle(), closeWaitMs);
      });
    });
    // Discard whatever the printer says so its replies never fill our receive buffer.
    socket.on('data', () => {});
    socket.on('error', (err) => settle(flushed ? undefined : offlineError(target, err)));
    socket.once('close', () => settle(flushed ? undefined : offlineError(target, { code: 'ECONNRESET' })));
  });
}

/**
 * Asks a Zebra for `~HS` on its own short connection. Unreachable: online false with the reason.
 * Reachable but no usable answer (not a Zebra, or a model that stays silent in some error states): null,
 * which the protocol reads as "could not be read".
 */
export function queryHostStatus(
  target: TcpTarget,
  options: { connectTimeoutMs: number; timeoutMs: number },
): Promise<AgentPrinterStatus | null> {
  return new Promise((resolve) => {
    let settled = false;
    let answer = '';
    let answerTimer: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: target.host, port: target.port });
    const done = (status: AgentPrinterStatus | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(answerTimer);
      socket.destroy();
      resolve(status);
    };
    const fromAnswer = () => {
      const hs = parseHostStatus(answer);
      return hs ? toAgentStatus(hs) : null;
    };
    const offline = (err: unknown): AgentPrinterStatus => ({
      online: false,
      paperOut: false,
      headOpen: false,
      paused: false,
      message: offlineError(target, err).message,
    });
    const connectTimer = setTimeout(() => done(offline({ code: 'ETIMEDOUT' })), options.connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      answerTimer = setTimeout(() => done(fromAnswer()), options.timeoutMs);
      socket.write(HOST_STATUS_COMMAND);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (isCompleteHostStatus(answer)) done(fromAnswer());
      // A chatty peer must not grow the buffer without bound.
      else if (answer.length > 4096) done(null);
    });
    socket.on('error', (err) => done(answerTimer ? fromAnswer() : offline(err)));
    socket.once('close', () => done(answerTimer ? fromAnswer() : offline({ code: 'ECONNRESET' })));
  });
}
