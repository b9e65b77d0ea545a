import { type Printer, paperById } from '@backroom/shared';
import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { printers, printJobs, printServers, warehouses } from '../../db/schema';

export type PrinterRow = typeof printers.$inferSelect;
export type PrintServerRow = typeof printServers.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;

/** An agent is online while heartbeats arrive; three missed ones make it offline. */
export const HEARTBEAT_SECONDS = 20;
const OFFLINE_AFTER_MS = 3 * HEARTBEAT_SECONDS * 1000;

export function isServerOnline(
  server: Pick<PrintServerRow, 'kind' | 'lastHeartbeatAt' | 'isActive'>,
  now = Date.now(),
) {
  if (server.isActive !== 1) return false;
  if (server.kind === 'builtin') return true;
  return server.lastHeartbeatAt !== null && now - server.lastHeartbeatAt.getTime() < OFFLINE_AFTER_MS;
}

export function toPrinterDto(printer: PrinterRow, server: PrintServerRow): Printer {
  const online = isServerOnline(server) && (printer.status?.online ?? true);
  return {
    id: printer.id,
    commonName: printer.commonName,
    isActive: printer.isActive,
    isOffline: online ? 0 : 1,
    paperId: printer.paperId,
    paper: paperById(printer.paperId),
    uri: printer.uri,
    config: { uri: printer.uri, peel: printer.config.peel ?? false, cut: printer.config.cut ?? false },
    status: printer.status ?? null,
    sortOrder: printer.sortOrder,
    server: {
      id: server.id,
      commonName: server.commonName,
      kind: server.kind,
      warehouseId: server.warehouseId,
      isOnline: isServerOnline(server),
      lastHeartbeatAt: server.lastHeartbeatAt?.toISOString() ?? null,
    },
  };
}

export function listPrinters(
  db: Db,
  accountId: number,
  options: { warehouseId?: number; includeInactive?: boolean } = {},
) {
  const where: (SQL | undefined)[] = [eq(printers.accountId, accountId)];
  if (!options.includeInactive) where.push(eq(printers.isActive, 1));
  if (options.warehouseId)
    where.push(
      or(eq(printServers.warehouseId, options.warehouseId), sql`${printServers.warehouseId} is null`),
    );
  return db
    .select({ printer: printers, server: printServers })
    .from(printers)
    .innerJoin(printServers, eq(printServers.id, printers.serverId))
    .where(and(...where))
    .orderBy(asc(printers.sortOrder), asc(printers.commonName), asc(printers.id));
}

export function findPrinter(db: Db, accountId: number, id: number) {
  return db
    .select({ printer: printers, server: printServers })
    .from(printers)
    .innerJoin(printServers, eq(printServers.id, printers.serverId))
    .where(and(eq(printers.accountId, accountId), eq(printers.id, id)))
    .then((rows) => rows[0]);
}

export function findServer(db: Db, accountId: number, id: number) {
  return db
    .select()
    .from(printServers)
    .where(and(eq(printServers.accountId, accountId), eq(printServers.id, id)))
    .then((rows) => rows[0]);
}

export function findServerByTokenHash(db: Db, tokenHash: string) {
  return db
    .select()
    .from(printServers)
    .where(
      and(
        eq(printServers.tokenHash, tokenHash),
        eq(printServers.kind, 'agent'),
        eq(printServers.isActive, 1),
      ),
    )
    .then((rows) => rows[0]);
}

export function listServers(db: Db, accountId: number) {
  return db
    .select({ server: printServers, warehouseName: warehouses.name })
    .from(printServers)
    .leftJoin(warehouses, eq(warehouses.id, printServers.warehouseId))
    .where(eq(printServers.accountId, accountId))
    .orderBy(asc(printServers.commonName), asc(printServers.id));
}

export function listJobs(
  db: Db,
  accountId: number,
  filters: { printerId?: number; states?: PrintJobRow['state'][]; limit: number; beforeId?: number },
) {
  const where: (SQL | undefined)[] = [eq(printJobs.accountId, accountId)];
  if (filters.printerId) where.push(eq(printJobs.printerId, filters.printerId));
  if (filters.states?.length) where.push(inArray(printJobs.state, filters.states));
  if (filters.beforeId) where.push(lt(printJobs.id, filters.beforeId));
  return db
    .select({
      job: {
        id: printJobs.id,
        printerId: printJobs.printerId,
        serverId: printJobs.serverId,
        state: printJobs.state,
        format: printJobs.format,
        labelKind: printJobs.labelKind,
        description: printJobs.description,
        copies: printJobs.copies,
        labels: printJobs.labels,
        labelsPrinted: printJobs.labelsPrinted,
        attempts: printJobs.attempts,
        error: printJobs.error,
        previewPath: printJobs.previewPath,
        createdAt: printJobs.createdAt,
        sentAt: printJobs.sentAt,
        printedAt: printJobs.printedAt,
      },
      printerName: printers.commonName,
    })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(and(...where))
    .orderBy(desc(printJobs.id))
    .limit(filters.limit);
}

export function findJob(db: Db, accountId: number, id: number) {
  return db
    .select()
    .from(printJobs)
    .where(and(eq(printJobs.accountId, accountId), eq(printJobs.id, id)))
    .then((rows) => rows[0]);
}
