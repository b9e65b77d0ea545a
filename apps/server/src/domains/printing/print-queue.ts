import { isPrinterAllowedForLabelKind, type LabelKindKey, labelsInZpl, paperById } from '@backroom/shared';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { printJobs, printServers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import type { Label } from './labels';
import * as repo from './printing.repository';

/** A queued job nobody printed within this long is expired rather than printed by surprise later. */
export const JOB_EXPIRY_MS = 24 * 3_600_000;
/** After this many hand-outs a job that keeps failing stays failed until someone retries it. */
export const MAX_ATTEMPTS = 30;
/** A job handed out and not reported within this long is handed out again (the agent's journal stops a reprint). */
export const SENT_LEASE_MS = 90_000;

export interface NewJob {
  labelKind: LabelKindKey | 'calibration' | 'document';
  description: string;
  format: 'zpl' | 'pdf';
  content: string;
  label?: Label | null;
  copies?: number;
}

/** The labels a job makes: counted from its ZPL (formats × quantity, copies included); a PDF's copies. */
export function labelsOf(job: Pick<NewJob, 'format' | 'content' | 'copies'>): number {
  return job.format === 'zpl' ? labelsInZpl(job.content, job.copies ?? 1) : (job.copies ?? 1);
}

/** The printer a print call names, checked: in this account, active, and loaded with paper for the label kind. */
export async function printerFor(
  deps: AppDeps,
  auth: AuthContext,
  printerId: number,
  kind: NewJob['labelKind'],
) {
  const found = await repo.findPrinter(deps.db, auth.accountId, printerId);
  if (!found) throw notFound(`Printer ${printerId} not found.`);
  if (found.printer.isActive !== 1) throw conflict(`${found.printer.commonName} is deactivated.`);
  if (
    kind !== 'calibration' &&
    kind !== 'document' &&
    !isPrinterAllowedForLabelKind(kind, paperById(found.printer.paperId))
  ) {
    const paper = paperById(found.printer.paperId);
    throw badRequest(
      paper
        ? `${found.printer.commonName} is loaded with ${paper.name}, which is not a paper for this label.`
        : `${found.printer.commonName} has no paper chosen. Choose its paper in Printer Settings first.`,
    );
  }
  return found;
}

/**
 * Queues jobs for one printer in one insert, and wakes its print server with the same transaction: a
 * print server waiting in any server process hears of the jobs once they are committed.
 */
export async function enqueue(deps: AppDeps, auth: AuthContext, printer: repo.PrinterRow, jobs: NewJob[]) {
  if (jobs.length === 0) return [];
  const rows = await deps.events.transaction(deps.db, async (tx, publish) => {
    const inserted = await tx
      .insert(printJobs)
      .values(
        jobs.map((job) => ({
          accountId: auth.accountId,
          printerId: printer.id,
          serverId: printer.serverId,
          format: job.format,
          content: job.content,
          label: job.label ?? null,
          labelKind: job.labelKind,
          description: job.description,
          copies: job.copies ?? 1,
          labels: labelsOf(job),
          createdBy: auth.userId,
        })),
      )
      .returning({
        id: printJobs.id,
        state: printJobs.state,
        description: printJobs.description,
        labels: printJobs.labels,
      });
    deps.printSignals.notify(printer.serverId, publish);
    return inserted;
  });
  return rows.map((row) => ({ ...row, printerId: printer.id }));
}

/**
 * A failed, expired or voided job goes back in the queue, a batch as a whole: every one of its labels prints
 * again (its count starts over). The row is locked, so two clicks queue it once.
 */
export async function retryJob(deps: AppDeps, auth: AuthContext, id: number) {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const [job] = await tx
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.accountId, auth.accountId), eq(printJobs.id, id)))
      .for('update');
    if (!job) throw notFound(`Print job ${id} not found.`);
    if (job.state !== 'failed' && job.state !== 'expired' && job.state !== 'voided') {
      throw conflict(`Print job ${id} is ${job.state}; only failed, expired or voided jobs can be retried.`);
    }
    await tx
      .update(printJobs)
      .set({
        state: 'queued',
        error: null,
        attempts: 0,
        labelsPrinted: 0,
        createdAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(printJobs.id, id));
    deps.printSignals.notify(job.serverId, publish);
    return { id, state: 'queued' as const };
  });
}

/**
 * A job that is not being printed is voided, a batch as a whole: it is never handed out again. A job a
 * print server holds ('sent') may be printing that moment and cannot be called back.
 */
export async function voidJob(deps: AppDeps, auth: AuthContext, id: number) {
  return deps.db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.accountId, auth.accountId), eq(printJobs.id, id)))
      .for('update');
    if (!job) throw notFound(`Print job ${id} not found.`);
    if (job.state === 'sent')
      throw conflict(`Print job ${id} is with the print server now and cannot be voided.`);
    if (job.state === 'printed') throw conflict(`Print job ${id} is printed already.`);
    if (job.state === 'voided') return { id, state: 'voided' as const };
    await tx
      .update(printJobs)
      .set({ state: 'voided', error: null, updatedAt: new Date() })
      .where(eq(printJobs.id, id));
    return { id, state: 'voided' as const };
  });
}

/**
 * A batch's progress from its print server: how many labels the printer's counter says are out. Only a job
 * the server holds moves, and only forward (reports can cross on the wire); capped at the job's labels.
 */
export async function reportProgress(deps: AppDeps, serverId: number, jobId: number, labelsPrinted: number) {
  const [job] = await deps.db
    .update(printJobs)
    .set({
      labelsPrinted: sql`least(${printJobs.labels}, greatest(${printJobs.labelsPrinted}, ${labelsPrinted}))`,
      updatedAt: new Date(),
    })
    .where(and(eq(printJobs.id, jobId), eq(printJobs.serverId, serverId), eq(printJobs.state, 'sent')))
    .returning({
      id: printJobs.id,
      state: printJobs.state,
      labels: printJobs.labels,
      labelsPrinted: printJobs.labelsPrinted,
    });
  if (job) return job;
  const [found] = await deps.db
    .select({
      id: printJobs.id,
      state: printJobs.state,
      labels: printJobs.labels,
      labelsPrinted: printJobs.labelsPrinted,
    })
    .from(printJobs)
    .where(and(eq(printJobs.id, jobId), eq(printJobs.serverId, serverId)));
  if (!found) throw notFound(`Print job ${jobId} not found.`);
  return found;
}

/**
 * Queued or sent jobs older than the expiry are expired; answers the ids of those it expired. One statement:
 * a job two callers find at once is expired by one of them only.
 */
export function expireOldJobs(deps: AppDeps): Promise<{ id: number }[]> {
  return deps.db
    .update(printJobs)
    .set({ state: 'expired', error: 'Not printed within 24 hours.', updatedAt: new Date() })
    .where(
      and(
        inArray(printJobs.state, ['queued', 'sent']),
        lt(printJobs.createdAt, new Date(Date.now() - JOB_EXPIRY_MS)),
      ),
    )
    .returning({ id: printJobs.id });
}

/**
 * The built-in print server's next jobs, marked sent before anything is printed: `skip locked` lets another
 * server process claiming at the same moment take other jobs, never these, so no job prints twice. A job
 * claimed by a process that died mid-print is claimed again once its lease ran out. Unlike an agent's
 * hand-outs these are not counted as attempts: the built-in printers print or fail on the spot.
 */
export function claimBuiltinJobs(deps: AppDeps, limit = 25) {
  return deps.db.transaction(async (tx) => {
    const jobs = await tx
      .select({ job: printJobs })
      .from(printJobs)
      .innerJoin(printServers, eq(printServers.id, printJobs.serverId))
      .where(
        and(
          eq(printServers.kind, 'builtin'),
          or(
            eq(printJobs.state, 'queued'),
            and(eq(printJobs.state, 'sent'), lt(printJobs.sentAt, new Date(Date.now() - SENT_LEASE_MS))),
          ),
        ),
      )
      .orderBy(printJobs.id)
      .limit(limit)
      .for('update', { of: printJobs, skipLocked: true });
    if (jobs.length === 0) return [];
    await tx
      .update(printJobs)
      .set({ state: 'sent', sentAt: new Date(), updatedAt: new Date() })
      .where(
        inArray(
          printJobs.id,
          jobs.map(({ job }) => job.id),
        ),
      );
    return jobs.map(({ job }) => job);
  });
}

/** An agent that registers again has restarted: whatever it held is handed out again at once. */
export async function releaseSentJobs(deps: AppDeps, serverId: number) {
  await deps.db
    .update(printJobs)
    .set({ state: 'queued', updatedAt: new Date() })
    .where(and(eq(printJobs.serverId, serverId), eq(printJobs.state, 'sent')));
}

/**
 * Hands a server its jobs: every queued one, and every sent one whose lease ran out unreported (an agent
 * that vanished mid-job; its journal stops a second print). Marks them sent; `skip locked` keeps two agents
 * (or one agent polling two server processes) from being handed the same job. A job the agent is still
 * working on is not handed out again, so a long-poll never returns at once for it.
 */
export async function takeJobsForServer(deps: AppDeps, serverId: number, limit = 50) {
  return deps.db.transaction(async (tx) => {
    const jobs = await tx
      .select()
      .from(printJobs)
      .where(
        and(
          eq(printJobs.serverId, serverId),
          or(
            eq(printJobs.state, 'queued'),
            and(eq(printJobs.state, 'sent'), lt(printJobs.sentAt, new Date(Date.now() - SENT_LEASE_MS))),
          ),
        ),
      )
      .orderBy(printJobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (jobs.length === 0) return [];
    await tx
      .update(printJobs)
      .set({
        state: 'sent',
        sentAt: new Date(),
        attempts: sql`${printJobs.attempts} + 1`,
        updatedAt: new Date(),
      })
      .where(
        inArray(
          printJobs.id,
          jobs.map((j) => j.id),
        ),
      );
    return jobs;
  });
}

/**
 * What became of a job, as its print server reports it. A retryable failure puts the job back in the queue
 * and wakes the agent's long-poll (in whichever server process it waits) with the same commit, like a new
 * job: the agent holds it until its printer is back rather than waiting out a poll.
 */
export async function reportJob(
  deps: AppDeps,
  serverId: number,
  jobId: number,
  report: {
    state: 'printed' | 'failed';
    error?: string | null;
    retryable?: boolean;
    previewPath?: string | null;
    labelsPrinted?: number;
  },
) {
  return deps.events.transaction(deps.db, async (tx, publish) => {
    const [job] = await tx
      .select()
      .from(printJobs)
      .where(and(eq(printJobs.id, jobId), eq(printJobs.serverId, serverId)))
      .for('update');
    if (!job) throw notFound(`Print job ${jobId} not found.`);
    if (job.state === 'printed') return { id: jobId, state: job.state }; // a repeated report changes nothing
    // Voided while the agent held it: a late 'printed' is the truth and is kept, a failure changes nothing.
    if (job.state === 'voided' && report.state !== 'printed') return { id: jobId, state: job.state };
    const now = new Date();
    const requeue = report.state === 'failed' && report.retryable === true && job.attempts < MAX_ATTEMPTS;
    const state: repo.PrintJobRow['state'] =
      report.state === 'printed' ? 'printed' : requeue ? 'queued' : 'failed';
    await tx
      .update(printJobs)
      .set({
        state,
        error: report.state === 'failed' ? (report.error ?? 'Printing failed.') : null,
        printedAt: state === 'printed' ? now : null,
        // Printed: every label is out. A failure keeps what the counter said (a batch cut short), never less.
        labelsPrinted:
          state === 'printed'
            ? job.labels
            : Math.min(job.labels, Math.max(job.labelsPrinted, report.labelsPrinted ?? 0)),
        previewPath: report.previewPath ?? job.previewPath,
        updatedAt: now,
      })
      .where(eq(printJobs.id, jobId));
    if (state === 'queued') deps.printSignals.notify(serverId, publish);
    return { id: jobId, state };
  });
}
