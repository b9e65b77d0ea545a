import { spawn } from 'node:child_process';
import { PrintError } from './print-error';
import type { AgentPrinterStatus } from './zebra-status';

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs a command with `input` on stdin; rejects only when it cannot be started (e.g. ENOENT). */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { input?: Uint8Array; timeoutMs: number },
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      if (stdout.length < 8192) stdout += c.toString('utf8');
    });
    child.stderr.on('data', (c: Buffer) => {
      if (stderr.length < 8192) stderr += c.toString('utf8');
    });
    // lp may exit before reading all of stdin (bad queue); its exit code tells why, not EPIPE.
    child.stdin.on('error', () => {});
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
    child.stdin.end(options.input ?? new Uint8Array());
  });
}

export interface CupsJob {
  queue: string;
  data: Uint8Array;
  /** true for ZPL: CUPS passes the bytes through untouched (`-o raw`); false lets CUPS filter a PDF. */
  raw: boolean;
  copies: number;
  title: string;
}

export interface CupsOptions {
  lpCommand: string;
  timeoutMs?: number;
}

// lp's words when the CUPS scheduler itself is down or busy: worth another try later.
const CUPS_TRANSIENT = /scheduler not responding|unable to connect|connection refused|temporarily|busy/i;

export function lpArgs(job: CupsJob): string[] {
  const args = ['-d', job.queue];
  if (job.raw) args.push('-o', 'raw');
  if (job.copies > 1) args.push('-n', String(job.copies));
  args.push('-t', job.title);
  return args;
}

/** Hands a job to CUPS with `lp`, the document on stdin. */
export async function printCups(job: CupsJob, options: CupsOptions): Promise<void> {
  let result: CommandResult;
  try {
    result = await runCommand(options.lpCommand, lpArgs(job), {
      input: job.data,
      timeoutMs: options.timeoutMs ?? 60_000,
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new PrintError(
        `The CUPS command "${options.lpCommand}" was not found on this PC. Install the CUPS client ` +
          '(Debian/Ubuntu: apt install cups-client) or set lpCommand in the print agent config.',
        false,
      );
    }
    throw new PrintError(`Could not run "${options.lpCommand}": ${(err as Error).message}`, false);
  }
  if (result.timedOut)
    throw new PrintError(`CUPS did not take job within the time limit (queue ${job.queue})`, true);
  if (result.code !== 0) {
    const said = (result.stderr || result.stdout).trim() || `exit code ${result.code}`;
    throw new PrintError(`CUPS queue ${job.queue} refused the job: ${said}`, CUPS_TRANSIENT.test(said));
  }
}

/** Reads a queue's state from `lpstat -p`: a disabled (stopped) queue counts as paused. */
export function parseLpstat(queue: string, result: CommandResult): AgentPrinterStatus {
  const offline = (message: string): AgentPrinterStatus => ({
    online: false,
    paperOut: false,
    headOpen: false,
    paused: false,
    message: message.slice(0, 300),
  });
  const text = result.stdout.trim();
  if (result.code !== 0 || text === '') {
    return offline((result.stderr || text).trim() || `CUPS queue ${queue} not found`);
  }
  const lines = text.split('\n');
  const head = lines[0] ?? '';
  const disabled = /\bdisabled\b/i.test(head);
  const reason = lines
    .slice(1)
    .map((l) => l.trim())
    .filter((l) => l !== '' && l !== 'reason unknown')
    .join('; ');
  return {
    online: true,
    paperOut: false,
    headOpen: false,
    paused: disabled,
    message: disabled ? `CUPS queue ${queue} is stopped${reason ? `: ${reason}` : ''}` : reason || null,
  };
}

export async function queryCupsStatus(
  queue: string,
  options: { lpstatCommand: string; timeoutMs: number },
): Promise<AgentPrinterStatus | null> {
  try {
    const result = await runCommand(options.lpstatCommand, ['-p', queue], { timeoutMs: options.timeoutMs });
    if (result.timedOut) return null;
    return parseLpstat(queue, result);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return {
        online: false,
        paperOut: false,
        headOpen: false,
        paused: false,
        message: `CUPS is not installed on this PC ("${options.lpstatCommand}" not found)`,
      };
    }
    return null;
  }
}
