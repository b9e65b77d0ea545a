import type { AgentJob } from '@backroom/shared';
import type { PrinterConfig } from './config';
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
    return {
      uri: printer.uri,
      name: printer.name,
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
