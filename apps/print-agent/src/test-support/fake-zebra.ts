import net from 'node:net';
import { formatHostStatus, HOST_STATUS_COMMAND } from '../zebra-status';

export interface ZebraFlags {
  paperOut?: boolean;
  paused?: boolean;
  headUp?: boolean;
  ribbonOut?: boolean;
}

/**
 * A TCP listener on 127.0.0.1 that behaves like a Zebra on port 9100: it keeps the exact bytes of every
 * connection and answers `~HS` with `flags`. It can be closed (printer offline) and opened again on the
 * same port.
 */
export class FakeZebra {
  /** Bytes of each connection that carried a label (anything but a bare `~HS`), in order. */
  readonly prints: Buffer[] = [];
  statusQueries = 0;
  flags: ZebraFlags = {};
  /** When true the printer stays silent on `~HS`, as some models do in an error state. */
  silent = false;
  /** When true the printer keeps its side open after the last byte, as some print servers do. */
  holdOpen = false;
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
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  printedText(): string[] {
    return this.prints.map((b) => b.toString('utf8'));
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    let answered = false;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (!answered && Buffer.concat(chunks).includes(HOST_STATUS_COMMAND)) {
        answered = true;
        this.statusQueries++;
        if (!this.silent) socket.write(formatHostStatus(this.flags));
      }
    });
    const record = () => {
      const bytes = Buffer.concat(chunks);
      if (bytes.length > 0 && bytes.toString('latin1') !== HOST_STATUS_COMMAND) this.prints.push(bytes);
    };
    socket.on('end', () => {
      record();
      if (!this.holdOpen) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => this.sockets.delete(socket));
  }
}

/** Polls `check` every 10 ms until it is true; fails after `timeoutMs` so no test can hang. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
