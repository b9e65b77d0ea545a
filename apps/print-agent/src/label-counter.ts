import net from 'node:net';
import type { PrintError } from './print-error';
import { offlineError, type TcpTarget } from './printer-tcp';
import { HOST_STATUS_COMMAND, hostStatusFrames, parseHostStatus } from './zebra-status';

/**
 * A Zebra's own count of labels printed, the evidence that settles "did the label go out before the agent
 * died?". Two ways to read it:
 * - `sgd`: the Set-Get-Do variable `odometer.total_label_count` (`! U1 getvar`), labels printed since the
 *   printer was made; it moves by exactly one per label;
 * - `hqod`: `~HQOD`, the printer's odometer, where the SGD variable is missing (older firmware). It counts
 *   media length, not labels, so it only says whether anything was printed since.
 */
export type CounterSource = 'sgd' | 'hqod';

export const SGD_LABEL_COUNT = '! U1 getvar "odometer.total_label_count"\r\n';
export const ODOMETER_QUERY = '~HQOD';

export interface CounterReading {
  /** The counter; null when the printer answered but gave no usable value for this source. */
  count: number | null;
  /** From the `~HS` asked with it: nothing left in the buffer and no label being printed. Null: no answer. */
  idle: boolean | null;
}

/** The SGD answer to a getvar: the first double-quoted string outside the `~HS` frames. */
export function parseSgdCount(raw: string): number | null | undefined {
  // Drop the STX…ETX frames (the ~HS answer) by their character codes.
  let outside = '';
  let inFrame = false;
  for (const ch of raw) {
    if (ch === '\x02') inFrame = true;
    else if (ch === '\x03') inFrame = false;
    else if (!inFrame) outside += ch;
  }
  const match = /"([^"]*)"/.exec(outside);
  if (!match) return undefined; // not (yet) answered
  const value = match[1]!.trim();
  return /^\d+$/.test(value) ? Number(value) : null; // '?' or '' : the printer has no such variable
}

/**
 * The `~HQOD` answer (a framed "PRINT METERS" block): the non-resettable total. Undefined while the frame has
 * not arrived; null when it has and carries no total.
 */
export function parseOdometer(frame: string | undefined): number | null | undefined {
  if (frame === undefined) return undefined;
  const match = /NONRESETTABLE:\s*(\d+)/i.exec(frame);
  return match ? Number(match[1]) : null;
}

/** Reads `~HS` and the counter on one short connection. Unreachable: a retryable PrintError. */
export function readLabelCounter(
  target: TcpTarget,
  source: CounterSource,
  options: { connectTimeoutMs: number; timeoutMs: number },
): Promise<CounterReading> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let answer = '';
    let answerTimer: NodeJS.Timeout | undefined;
    const socket = net.connect({ host: target.host, port: target.port });
    const parse = () => {
      const frames = hostStatusFrames(answer);
      const hs = frames.length >= 3 ? parseHostStatus(answer) : null;
      const idle = hs ? hs.formatsInBuffer === 0 && hs.labelsRemaining === 0 : null;
      const count = source === 'sgd' ? parseSgdCount(answer) : parseOdometer(frames[3]);
      return { idle, count, complete: frames.length >= 3 && count !== undefined };
    };
    const done = (err?: PrintError) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(answerTimer);
      socket.destroy();
      if (err) return reject(err);
      const { idle, count } = parse();
      resolve({ idle, count: count ?? null });
    };
    const connectTimer = setTimeout(
      () => done(offlineError(target, { code: 'ETIMEDOUT' })),
      options.connectTimeoutMs,
    );
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      answerTimer = setTimeout(() => done(), options.timeoutMs);
      socket.write(HOST_STATUS_COMMAND + (source === 'sgd' ? SGD_LABEL_COUNT : ODOMETER_QUERY));
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (parse().complete || answer.length > 8192) done();
    });
    socket.on('error', (err) => done(answerTimer ? undefined : offlineError(target, err)));
    socket.once('close', () => done(answerTimer ? undefined : offlineError(target, { code: 'ECONNRESET' })));
  });
}

/** Counting a ZPL job's labels is shared with Backroom, which shows a batch's total in the Print Queue. */
export { labelsInZpl } from '@backroom/shared';
