/** Where a printer is: a raw TCP socket (Zebra, JetDirect) or a CUPS queue on this PC. */
export type PrinterTarget = { kind: 'tcp'; host: string; port: number } | { kind: 'cups'; queue: string };

/** The raw printing port of Zebra and every JetDirect-style printer. */
export const DEFAULT_TCP_PORT = 9100;

const TCP_RE = /^tcp:\/\/(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::(\d{1,5}))?\/?$/i;
// CUPS forbids spaces, '/', '#' and quotes in queue names.
const CUPS_RE = /^cups:\/\/([^\s/#'"\\]{1,127})\/?$/i;

/** Parses `tcp://host[:port]` or `cups://queue`; throws an Error that says what is wrong. */
export function parsePrinterUri(uri: string): PrinterTarget {
  const text = uri.trim();
  const tcp = TCP_RE.exec(text);
  if (tcp) {
    const host = (tcp[1] ?? '').replace(/^\[|\]$/g, '');
    const port = tcp[2] === undefined ? DEFAULT_TCP_PORT : Number(tcp[2]);
    if (port < 1 || port > 65_535) throw new Error(`Printer "${uri}": port must be 1 to 65535`);
    return { kind: 'tcp', host, port };
  }
  const cups = CUPS_RE.exec(text);
  if (cups) return { kind: 'cups', queue: cups[1] ?? '' };
  throw new Error(`Printer "${uri}": expected tcp://host:port (e.g. tcp://10.0.0.31:9100) or cups://queue`);
}

/** The one spelling the agent reports, so `tcp://p1` and `tcp://p1:9100` are the same printer to the server. */
export function formatPrinterUri(target: PrinterTarget): string {
  if (target.kind === 'cups') return `cups://${target.queue}`;
  const host = target.host.includes(':') ? `[${target.host}]` : target.host;
  return `tcp://${host.toLowerCase()}:${target.port}`;
}

export function normalizePrinterUri(uri: string): string {
  return formatPrinterUri(parsePrinterUri(uri));
}
