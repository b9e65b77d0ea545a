import type { AgentJob } from '@backroom/shared';
import type { PrinterConfig } from './config';
import { type CounterReading, type CounterSource, readLabelCounter } from './label-counter';
import { PrintError } from './print-error';
import { printCups, queryCupsStatus } from './printer-cups';
import { queryHostStatus, sendRaw } from './printer-tcp';
import { parsePrinterUri } from './printer-uri';
import { serialize } from './serialize';
import type { AgentPrinterStatus } from './zebra-status';

/** One configured printer: prints jobs and reads its status, one at a time (a Zebra takes one connection). */
export interface PrinterDriver {
  readonly uri: string;
  readonly name: string;
  print(job: AgentJob): Promise<void>;
  status(): Promise<AgentPrinterStatus | null>;
  /**
   * The printer's label counter with its idle state; null when the printer has none (CUPS queues, a Zebra
   * that answers neither way, anything that is not a Zebra). Throws a retryable PrintError while offline.
   */
  readCounter(): Promise<LabelCount | null>;
  /** How the counter is read, 'none' without one; undefined until the printer was first asked. */
  readonly counterSource: CounterSource | 'none' | undefined;
}

export interface LabelCount extends CounterReading {
  count: number;
  source: CounterSource;
}

export interface DriverOptions {
  connectTimeoutMs: number;
  statusTimeoutMs: number;
  lpCommand: string;
  lpstatCommand: string;
  /** TCP: after the last byte, how long to wait for the printer to close. */
  closeWaitMs?: number;
}

/**
 * The bytes to send for a ZPL job. Backroom's ZPL carries its own quantity (`^PQ`), so it goes once;
 * ZPL without `^PQ` is repeated `copies` times so the count is still right.
 */
export function zplBytes(job: Pick<AgentJob, 'content' | 'copies'>): Buffer {
  const once = Buffer.from(job.content, 'utf8');
  if (job.copies <= 1 || /\^PQ/i.test(job.content)) return once;
  return Buffer.concat(Array.from({ length: job.copies }, () => once));
}

export function createPrinterDriver(printer: PrinterConfig, options: DriverOptions): PrinterDriver {
  const target = parsePrinterUri(printer.uri);
  const exclusive = serialize();

  if (target.kind === 'tcp') {
    let source: CounterSource | 'none' | undefined;
    const queryOptions = { connectTimeoutMs: options.connectTimeoutMs, timeoutMs: options.statusTimeoutMs };
    return {
      uri: printer.uri,
      name: printer.name,
      get counterSource() {
        return source;
      },
      readCounter: () =>
        exclusive(async (): Promise<LabelCount | null> => {
          if (source === 'none') return null;
          if (source) {
            const reading = await readLabelCounter(target, source, queryOptions);
            if (reading.count === null)
              throw new PrintError(`${printer.name} did not tell its label count`, true);
            return { ...reading, count: reading.count, source };
          }
          // First time: the SGD variable, else the odometer, else this printer has no counter.
          for (const candidate of ['sgd', 'hqod'] as const) {
            const reading = await readLabelCounter(target, candidate, queryOptions);
            if (reading.count !== null) {
              source = candidate;
              return { ...reading, count: reading.count, source };
            }
          }
          source = 'none';
          return null;
        }),
      print: (job) =>
        exclusive(async () => {
          if (job.format !== 'zpl') {
            throw new PrintError(
              `${printer.name} takes raw ZPL over TCP and cannot print a ${job.format.toUpperCase()}; ` +
                'send PDFs to a CUPS printer',
              false,
            );
          }
          await sendRaw(target, zplBytes(job), {
            connectTimeoutMs: options.connectTimeoutMs,
            closeWaitMs: options.closeWaitMs,
          });
        }),
      status: () =>
        exclusive(() =>
          queryHostStatus(target, {
            connectTimeoutMs: options.connectTimeoutMs,
            timeoutMs: options.statusTimeoutMs,
          }),
        ),
    };
  }

  return {
    uri: printer.uri,
    name: printer.name,
    // `lp` hands the job to CUPS, which prints it later: there is no printer counter to check it against.
    counterSource: 'none',
    readCounter: async () => null,
    print: (job) =>
      exclusive(() => {
        const zpl = job.format === 'zpl';
        return printCups(
          {
            queue: target.queue,
            data: zpl ? zplBytes(job) : Buffer.from(job.content, 'base64'),
            raw: zpl,
            copies: zpl ? 1 : job.copies,
            title: `Backroom job ${job.id}`,
          },
          { lpCommand: options.lpCommand },
        );
      }),
    status: () =>
      exclusive(() =>
        queryCupsStatus(target.queue, {
          lpstatCommand: options.lpstatCommand,
          timeoutMs: options.statusTimeoutMs,
        }),
      ),
  };
}
