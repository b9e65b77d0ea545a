import type { AgentJob, AgentPrinter } from '@backroom/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { printers, printServers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { releaseSentJobs, takeJobsForServer } from './print-queue';
import type { PrintServerRow } from './printing.repository';

/**
 * Records the agent's printers (new ones are added, known ones get their status) and a heartbeat, and hands
 * out again what the agent held before it restarted. One transaction: a refusal leaves nothing behind.
 */
export async function register(
  deps: AppDeps,
  server: PrintServerRow,
  body: { agentVersion: string; hostname: string; printers: AgentPrinter[] },
) {
  return deps.db.transaction(async (tx) => {
    await tx
      .update(printServers)
      .set({
        agentVersion: body.agentVersion,
        hostname: body.hostname,
        lastHeartbeatAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(printServers.id, server.id));
    if (body.printers.length > 0) {
      await tx
        .insert(printers)
        .values(
          body.printers.map((p) => ({
            accountId: server.accountId,
            serverId: server.id,
            commonName: p.name,
            uri: p.uri,
            status: p.status,
          })),
        )
        .onConflictDoNothing({ target: [printers.serverId, printers.uri] });
    }
    await updateStatuses(tx, server, body.printers);
    await releaseSentJobs({ ...deps, db: tx }, server.id);
    return tx
      .select({ id: printers.id, uri: printers.uri })
      .from(printers)
      .where(eq(printers.serverId, server.id))
      .orderBy(printers.id);
  });
}

async function updateStatuses(db: Db, server: PrintServerRow, list: AgentPrinter[]) {
  for (const p of list) {
    await db
      .update(printers)
      .set({ status: p.status, updatedAt: new Date() })
      .where(and(eq(printers.serverId, server.id), eq(printers.uri, p.uri)));
  }
}

/** Liveness and fresh printer statuses, in one transaction. */
export async function heartbeat(deps: AppDeps, server: PrintServerRow, list: AgentPrinter[]) {
  await deps.db.transaction(async (tx) => {
    await tx.update(printServers).set({ lastHeartbeatAt: new Date() }).where(eq(printServers.id, server.id));
    await updateStatuses(tx, server, list);
  });
}

/**
 * Long-poll: answers at once when jobs wait, else when some are queued (through any server process), else
 * [] after `waitSeconds` or at once when this process shuts down (the agent polls the next one). Two agents polling for one print server (or one agent polling two processes)
 * never get the same job: `takeJobsForServer` claims with `skip locked`, and the one that finds nothing left
 * after a wake-up waits on.
 */
export async function waitForJobs(
  deps: AppDeps,
  server: PrintServerRow,
  waitSeconds: number,
  signal: AbortSignal,
): Promise<AgentJob[]> {
  await deps.db
    .update(printServers)
    .set({ lastHeartbeatAt: new Date() })
    .where(eq(printServers.id, server.id));
  const deadline = Date.now() + waitSeconds * 1000;
  // A request that went away, or this process shutting down: answer with what there is, at once.
  const stop = AbortSignal.any([signal, deps.printSignals.closing]);
  let jobs: Awaited<ReturnType<typeof takeJobsForServer>> = [];
  for (;;) {
    // Listening before looking: a job queued while we look still wakes us.
    const listening = new AbortController();
    const woken = deps.printSignals.wait(
      server.id,
      Math.max(0, deadline - Date.now()),
      AbortSignal.any([stop, listening.signal]),
    );
    jobs = await takeJobsForServer(deps, server.id);
    const done = jobs.length > 0 || stop.aborted || Date.now() >= deadline;
    if (done) listening.abort();
    await woken;
    if (done) break;
  }
  if (jobs.length === 0) return [];
  const uris = await deps.db
    .select({ id: printers.id, uri: printers.uri })
    .from(printers)
    .where(inArray(printers.id, [...new Set(jobs.map((j) => j.printerId))]));
  const uriOf = new Map(uris.map((u) => [u.id, u.uri]));
  return jobs.map((job) => ({
    id: job.id,
    printerId: job.printerId,
    printerUri: uriOf.get(job.printerId)!,
    format: job.format,
    content: job.content,
    copies: job.copies,
    labels: job.labels,
    attempts: job.attempts,
  }));
}
