import type { AgentPrinter } from '@backroom/shared';

/** What a Zebra's `~HS` (host status) answer tells the agent. */
export interface ZebraHostStatus {
  paperOut: boolean;
  paused: boolean;
  headUp: boolean;
  ribbonOut: boolean;
  bufferFull: boolean;
  underTemperature: boolean;
  overTemperature: boolean;
  /** Label formats waiting in the printer's receive buffer. */
  formatsInBuffer: number;
  labelsRemaining: number;
}

export type AgentPrinterStatus = NonNullable<AgentPrinter['status']>;

const STX = '\x02';
const ETX = '\x03';

/** The command that asks for host status; Zebras answer it even between label formats. */
export const HOST_STATUS_COMMAND = '~HS';

/** The STX…ETX framed strings in `raw`, in order; an unterminated last frame is left out. */
export function hostStatusFrames(raw: string): string[] {
  const frames: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf(STX, at);
    if (start < 0) break;
    const end = raw.indexOf(ETX, start + 1);
    if (end < 0) break;
    frames.push(raw.slice(start + 1, end));
    at = end + 1;
  }
  return frames;
}

/** True once all three strings of a `~HS` answer arrived, so a reader can stop waiting. */
export function isCompleteHostStatus(raw: string): boolean {
  return hostStatusFrames(raw).length >= 3;
}

function flag(value: string | undefined): boolean | null {
  const v = value?.trim();
  if (v === '1') return true;
  if (v === '0') return false;
  return null;
}

function count(value: string | undefined): number | null {
  const v = value?.trim() ?? '';
  return /^\d+$/.test(v) ? Number(v) : null;
}

/**
 * Parses the answer to `~HS` (ZPL II manual, "Host Status Return"):
 *   string 1 `aaa,b,c,dddd,eee,f,g,h,iii,j,k,l`: b paper out, c pause, eee formats in buffer, f buffer full,
 *            k under temperature, l over temperature;
 *   string 2 `mmm,n,o,p,q,r,s,t,uuuuuuuu,v,www`: o head up, p ribbon out, uuuuuuuu labels remaining;
 *   string 3 `xxxx,y` (password, static RAM) carries nothing the agent needs.
 * Returns null when the first two strings are missing or their flags are not 0/1, so a garbled answer is
 * never mistaken for "all fine".
 */
export function parseHostStatus(raw: string): ZebraHostStatus | null {
  const [first, second] = hostStatusFrames(raw);
  if (first === undefined || second === undefined) return null;
  const s1 = first.split(',');
  const s2 = second.split(',');
  if (s1.length < 12 || s2.length < 11) return null;
  const paperOut = flag(s1[1]);
  const paused = flag(s1[2]);
  const headUp = flag(s2[2]);
  const ribbonOut = flag(s2[3]);
  if (paperOut === null || paused === null || headUp === null || ribbonOut === null) return null;
  return {
    paperOut,
    paused,
    headUp,
    ribbonOut,
    bufferFull: flag(s1[5]) ?? false,
    underTemperature: flag(s1[10]) ?? false,
    overTemperature: flag(s1[11]) ?? false,
    formatsInBuffer: count(s1[4]) ?? 0,
    labelsRemaining: count(s2[8]) ?? 0,
  };
}

/** The protocol's printer status for a Zebra that answered `~HS`; the message names what a person must fix. */
export function toAgentStatus(hs: ZebraHostStatus): AgentPrinterStatus {
  const problems: string[] = [];
  if (hs.headUp) problems.push('Print head is open');
  if (hs.paperOut) problems.push('Out of paper');
  if (hs.ribbonOut) problems.push('Out of ribbon');
  if (hs.paused) problems.push('Paused');
  if (hs.overTemperature) problems.push('Print head too hot');
  if (hs.underTemperature) problems.push('Print head too cold');
  if (hs.bufferFull) problems.push('Receive buffer full');
  return {
    online: true,
    paperOut: hs.paperOut,
    headOpen: hs.headUp,
    paused: hs.paused,
    message: problems.length > 0 ? problems.join('; ') : null,
  };
}

/** Builds a `~HS` answer the way a Zebra frames it; used by tests and the fake printer. */
export function formatHostStatus(flags: {
  paperOut?: boolean;
  paused?: boolean;
  headUp?: boolean;
  ribbonOut?: boolean;
  /** Formats received and not yet printed, and the labels they still make. */
  formatsInBuffer?: number;
  labelsRemaining?: number;
}): string {
  const b = (v: boolean | undefined) => (v ? '1' : '0');
  const formats = String(Math.min(999, flags.formatsInBuffer ?? 0)).padStart(3, '0');
  const remaining = String(Math.min(99_999_999, flags.labelsRemaining ?? 0)).padStart(8, '0');
  const s1 = `030,${b(flags.paperOut)},${b(flags.paused)},1218,${formats},0,0,0,000,0,0,0`;
  const s2 = `001,0,${b(flags.headUp)},${b(flags.ribbonOut)},0,2,6,0,${remaining},1,000`;
  const s3 = '1234,0';
  return [s1, s2, s3].map((s) => `${STX}${s}${ETX}\r\n`).join('');
}
