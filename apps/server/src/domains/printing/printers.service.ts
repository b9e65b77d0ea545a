import { createHash, randomBytes } from 'node:crypto';
import { PAPER_ID, type PrinterPatch, type PrintServer, paperById } from '@backroom/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { printers, printServers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { findWarehouse } from '../warehouse/warehouse.repository';
import * as repo from './printing.repository';

export const hashAgentToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The built-in print server's printers: one per common paper, so every label kind has somewhere to go. */
const BUILTIN_PRINTERS = [
  { commonName: 'Bench Label Printer', uri: 'builtin://bench', paperId: PAPER_ID.miniDivisionLabel },
  { commonName: 'Large Label Printer', uri: 'builtin://large', paperId: PAPER_ID.pguLabel },
  { commonName: 'Shelf Strip Printer', uri: 'builtin://shelf-strip', paperId: PAPER_ID.thinDivisionLabel },
  { commonName: 'Product Barcode Printer', uri: 'builtin://product', paperId: PAPER_ID.productBarcodeLabel },
  { commonName: 'Retail Label Printer', uri: 'builtin://retail', paperId: PAPER_ID.retailProductLabel },
  { commonName: 'Shipping Label Printer', uri: 'builtin://shipping', paperId: PAPER_ID.shipLabel },
  { commonName: 'Receipt Printer', uri: 'builtin://receipt', paperId: PAPER_ID.receipt },
  // returns.md §2: the 2.25" x 1" return barcode label.
  { commonName: 'Return Label Printer', uri: 'builtin://return', paperId: PAPER_ID.returnBarcodeLabel },
];

/**
 * Every account has the built-in print server; made the first time the account's printers are asked for.
 * Concurrent first requests race: the partial unique index lets exactly one insert win.
 */
export async function ensureBuiltinServer(db: Db, accountId: number) {
  // Reads go through the connection they are given: on PGlite a query on `db` inside a transaction would
  // wait for that very transaction.
  const find = (conn: Db) =>
    conn
      .select()
      .from(printServers)
      .where(and(eq(printServers.accountId, accountId), eq(printServers.kind, 'builtin')))
      .then((rows) => rows[0]);
  const existing = await find(db);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [server] = await tx
      .insert(printServers)
      .values({ accountId, commonName: 'Built-in Print Server', kind: 'builtin' })
      .onConflictDoNothing({ target: printServers.accountId, where: sql`${printServers.kind} = 'builtin'` })
      .returning();
    if (!server) return (await find(tx))!;
    await tx
      .insert(printers)
      .values(BUILTIN_PRINTERS.map((p, i) => ({ ...p, accountId, serverId: server.id, sortOrder: i + 1 })));
    return server;
  });
}

export async function listPrinters(
  deps: AppDeps,
  auth: AuthContext,
  options: { warehouseId?: number; includeInactive?: boolean },
) {
  await ensureBuiltinServer(deps.db, auth.accountId);
  const rows = await repo.listPrinters(deps.db, auth.accountId, options);
  return rows.map(({ printer, server }) => repo.toPrinterDto(printer, server));
}

/** PATCH …/warehouse/printer: only the fields sent change; a deactivated printer leaves the lists. */
export async function patchPrinter(deps: AppDeps, auth: AuthContext, body: PrinterPatch) {
  const found = await repo.findPrinter(deps.db, auth.accountId, body.id);
  if (!found) throw notFound(`Printer ${body.id} not found.`);
  if (body.paperId != null && !paperById(body.paperId))
    throw badRequest(`Paper ${body.paperId} does not exist.`);
  if (body.server && body.server.id !== found.server.id)
    throw badRequest(`Printer ${body.id} is not on print server ${body.server.id}.`);
  await deps.db.transaction(async (tx) => {
    const { uri, ...config } = body.config ?? {};
    await tx
      .update(printers)
      .set({
        ...(body.commonName !== undefined ? { commonName: body.commonName } : {}),
        ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
        ...(body.paperId !== undefined ? { paperId: body.paperId } : {}),
        ...(uri !== undefined ? { uri } : {}),
        config: { ...found.printer.config, ...config },
        updatedAt: new Date(),
      })
      .where(eq(printers.id, body.id));
    if (body.server?.commonName !== undefined) {
      await tx
        .update(printServers)
        .set({ commonName: body.server.commonName, updatedAt: new Date() })
        .where(eq(printServers.id, found.server.id));
    }
  });
  const after = (await repo.findPrinter(deps.db, auth.accountId, body.id))!;
  return repo.toPrinterDto(after.printer, after.server);
}

function serverDto(server: repo.PrintServerRow, token?: string): PrintServer {
  return {
    id: server.id,
    commonName: server.commonName,
    kind: server.kind,
    warehouseId: server.warehouseId,
    isActive: server.isActive,
    isOnline: repo.isServerOnline(server),
    hostname: server.hostname,
    agentVersion: server.agentVersion,
    lastHeartbeatAt: server.lastHeartbeatAt?.toISOString() ?? null,
    ...(token ? { token } : {}),
  };
}

export async function listServers(deps: AppDeps, auth: AuthContext) {
  await ensureBuiltinServer(deps.db, auth.accountId);
  const rows = await repo.listServers(deps.db, auth.accountId);
  return rows.map(({ server, warehouseName }) => ({ ...serverDto(server), warehouseName }));
}

/**
 * PATCH …/warehouse/server: without an id, creates a print agent's server and answers its token once;
 * with one, changes it (and issues a new token when asked).
 */
export async function patchServer(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    id?: number;
    commonName?: string;
    warehouseId?: number | null;
    isActive?: 0 | 1;
    regenerateToken?: boolean;
  },
) {
  if (body.warehouseId && !(await findWarehouse(deps.db, auth.accountId, body.warehouseId))) {
    throw notFound(`Warehouse ${body.warehouseId} not found.`);
  }
  const token =
    body.id === undefined || body.regenerateToken
      ? `bra_${randomBytes(24).toString('base64url')}`
      : undefined;
  if (body.id === undefined) {
    if (!body.commonName)
      throw badRequest('Invalid input. commonName: Required', [{ field: 'commonName', message: 'Required' }]);
    const [server] = await deps.db
      .insert(printServers)
      .values({
        accountId: auth.accountId,
        commonName: body.commonName,
        warehouseId: body.warehouseId ?? null,
        kind: 'agent',
        tokenHash: hashAgentToken(token!),
        isActive: body.isActive ?? 1,
      })
      .returning();
    return serverDto(server!, token);
  }
  const existing = await repo.findServer(deps.db, auth.accountId, body.id);
  if (!existing) throw notFound(`Print server ${body.id} not found.`);
  if (token && existing.kind === 'builtin') throw badRequest('The built-in print server needs no token.');
  const [server] = await deps.db
    .update(printServers)
    .set({
      ...(body.commonName !== undefined ? { commonName: body.commonName } : {}),
      ...(body.warehouseId !== undefined ? { warehouseId: body.warehouseId } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      ...(token ? { tokenHash: hashAgentToken(token) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(printServers.id, body.id))
    .returning();
  return serverDto(server!, token);
}
