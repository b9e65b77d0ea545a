import { EventEmitter } from 'node:events';
import net from 'node:net';
import { ODOMETER_QUERY, SGD_LABEL_COUNT } from '../label-counter';
import { formatHostStatus, HOST_STATUS_COMMAND } from '../zebra-status';

export interface ZebraFlags {
  paperOut?: boolean;
  paused?: boolean;
  headUp?: boolean;
  ribbonOut?: boolean;
}

const QUERIES = [HOST_STATUS_COMMAND, SGD_LABEL_COUNT, ODOMETER_QUERY];

/**
 * A TCP listener on 127.0.0.1 that behaves like a Zebra on port 9100: it keeps the exact bytes of every
 * connection and answers `~HS` with `flags`. It prints each `^XA…^XZ` format the moment its `^XZ` arrives
 * (a format cut short is never printed) and counts the labels, which it tells as the SGD variable
 * `odometer.total_label_count` (`! U1 getvar`) and in its `~HQOD` odometer, as `counter` says. It can be
 * closed (printer offline) and opened again on the same port.
 */
export class FakeZebra extends EventEmitter<{ label: [string] }> {
  /** Bytes of each connection that carried a label (anything but the queries), in order. */
  readonly prints: Buffer[] = [];
  /** Every label printed (one per `^PQ` copy), as its format's text, in order. */
  readonly labels: string[] = [];
  /** Which counter the printer has: both ways (`sgd`), only the odometer (`hqod`, older firmware), none. */
  counter: 'sgd' | 'hqod' | 'none' = 'sgd';
  labelCount = 0;
  counterQueries = 0;
  statusQueries = 0;
  flags: ZebraFlags = {};
  /** When true the printer stays silent on `~HS`, as some models do in an error state. */
  silent = false;
  /** When true the printer keeps its side open after the last byte, as some print servers do. */
  holdOpen = false;
  /**
   * Time to print one label. 0: a label prints the moment its format arrives. Above 0 the formats wait in
   * the printer's buffer and print one after another (`~HS` tells how many wait), as a real printer's do.
   */
  labelMs = 0;
  /** Formats received and not yet printed (with `labelMs`); switching the printer off loses them. */
  private buffered: string[] = [];
  private printing: NodeJS.Timeout | null = null;
  port = 0;
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();

  static async start(): Promise<FakeZebra> {
    const zebra = new FakeZebra();
    await zebra.listen();
    return zebra;
  }

  get listening(): boolean {
    return this.server !== null;
  }

  async listen(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host: '127.0.0.1', port: this.port }, () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /** Stops listening and drops open connections: the printer is switched off. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.buffered = [];
    if (this.printing) clearTimeout(this.printing);
    this.printing = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  printedText(): string[] {
    return this.prints.map((b) => b.toString('utf8'));
  }

  /** Labels still to print from the buffer (each format's `^PQ` counted). */
  get labelsInBuffer(): number {
    return this.buffered.reduce((n, text) => n + Math.max(1, Number(/\^PQ(\d+)/i.exec(text)?.[1] ?? 1)), 0);
  }

  /** A format arrived: printed at once, or queued behind the others when printing takes time. */
  private receive(text: string): void {
    if (this.labelMs <= 0) {
      this.print(text);
      return;
    }
    this.buffered.push(text);
    if (!this.printing) this.printNext();
  }

  private printNext(): void {
    const next = this.buffered[0];
    if (next === undefined) {
      this.printing = null;
      return;
    }
    this.printing = setTimeout(
      () => {
        this.buffered.shift();
        this.print(next);
        this.printNext();
      },
      this.labelMs * Math.max(1, Number(/\^PQ(\d+)/i.exec(next)?.[1] ?? 1)),
    );
  }

  private print(text: string): void {
    const copies = Math.max(1, Number(/\^PQ(\d+)/i.exec(text)?.[1] ?? 1));
    for (let i = 0; i < copies; i++) {
      this.labelCount++;
      this.labels.push(text);
      this.emit('label', text);
    }
  }

  /** The next command that is complete in `seen` from `from` on: a query, or the start or end of a format. */
  private nextCommand(seen: string, from: number) {
    const upper = seen.toUpperCase();
    const found = [
      { kind: 'XA' as const, text: '^XA' },
      { kind: 'XZ' as const, text: '^XZ' },
      { kind: 'HS' as const, text: HOST_STATUS_COMMAND },
      { kind: 'SGD' as const, text: SGD_LABEL_COUNT },
      { kind: 'HQOD' as const, text: ODOMETER_QUERY },
    ]
      .map((c) => ({ ...c, start: upper.indexOf(c.text.toUpperCase(), from) }))
      .filter((c) => c.start >= 0)
      .sort((a, b) => a.start - b.start)[0];
    return found ? { kind: found.kind, start: found.start, end: found.start + found.text.length } : null;
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    let seen = ''; // what arrived so far, latin1
    let parsed = 0; // up to where the stream was read for queries and formats
    let format: number | null = null; // where the open ^XA began
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      seen += chunk.toString('latin1');
      // Commands and formats in the order they arrive, as the printer reads its buffer.
      for (;;) {
        const next = this.nextCommand(seen, parsed);
        if (!next) break;
        parsed = next.end;
        if (next.kind === 'XA') format = next.start;
        else if (next.kind === 'XZ' && format !== null) {
          this.receive(Buffer.from(seen.slice(format, next.end), 'latin1').toString('utf8'));
          format = null;
        } else if (next.kind === 'HS') {
          this.statusQueries++;
          if (!this.silent)
            socket.write(
              formatHostStatus({
                ...this.flags,
                formatsInBuffer: this.buffered.length,
                labelsRemaining: this.labelsInBuffer,
              }),
            );
        } else if (next.kind === 'SGD') {
          this.counterQueries++;
          socket.write(this.counter === 'sgd' ? `"${this.labelCount}"` : '"?"');
        } else if (next.kind === 'HQOD') {
          this.counterQueries++;
          if (this.counter !== 'none') socket.write(formatOdometer(this.labelCount));
        }
      }
    });
    const record = () => {
      const bytes = Buffer.concat(chunks);
      let rest = bytes.toString('latin1');
      for (const query of QUERIES) rest = rest.split(query).join('');
      if (rest.length > 0) this.prints.push(bytes);
    };
    socket.on('end', () => {
      record();
      if (!this.holdOpen) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
  }
}

/** A `~HQOD` answer as a Zebra frames it; this fake feeds one inch per label. */
export function formatOdometer(inches: number): string {
  return (
    '\x02\r\n  PRINT METERS\r\n' +
    `     TOTAL NONRESETTABLE:    ${inches} "\r\n` +
    `                            ${Math.round(inches * 2.54)} cm\r\n` +
    `     USER RESETTABLE CNTR1:  ${inches} "\r\n` +
    '\x03\r\n'
  );
}

/** Polls `check` every 10 ms until it is true; fails after `timeoutMs` so no test can hang. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
