import { formatNoteDate, productConditionById } from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import { inboundReturnItems, inboundReturns, inventoryLocationItems, products, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { buildReceivedItemLabel, buildReturnBarcodeLabel, type Label, renderZpl } from '../printing/labels';
import { zplOptionsFor } from '../printing/print.service';
import { enqueue, printerFor } from '../printing/print-queue';
import type { PrinterRow } from '../printing/printing.repository';

// The manage-inbound-return screen's labels (returns.md §2 printers, §7, §9 papers): the 2.25" x 1" return
// barcode and the 4" x 2.5" PGU label (the received-item label) of a unit. Each goes
// through the print queue to a printer loaded with paper for its label kind.

async function queue(
  deps: AppDeps,
  auth: AuthContext,
  printerId: number | PrinterRow,
  kind: 'inboundReturnLabel' | 'pguLabel',
  label: Label,
  description: string,
) {
  const printer =
    typeof printerId === 'number' ? (await printerFor(deps, auth, printerId, kind)).printer : printerId;
  return enqueue(deps, auth, printer, [
    {
      labelKind: kind,
      description,
      format: 'zpl',
      content: renderZpl(label, zplOptionsFor(printer)),
      label,
    },
  ]);
}

/** POST print/inboundReturn { serverPrinterId, paperId, inboundReturnId }: the return's /IBR-{id}/ label. */
export async function printInboundReturn(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; paperId?: number | null; inboundReturnId: number },
) {
  const [found] = await deps.db
    .select({ id: inboundReturns.id })
    .from(inboundReturns)
    .where(and(eq(inboundReturns.id, body.inboundReturnId), eq(inboundReturns.accountId, auth.accountId)));
  if (!found) throw notFound(`Return #${body.inboundReturnId} not found.`);
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'inboundReturnLabel');
  if (body.paperId && printer.paperId !== body.paperId) {
    throw badRequest(`${printer.commonName} is not loaded with paper ${body.paperId}.`);
  }
  const label = buildReturnBarcodeLabel({ inboundReturnId: found.id });
  return queue(deps, auth, printer, 'inboundReturnLabel', label, `Return #${found.id} label`);
}

/** The PGU label: the received-item label of one unit received from a return (product, grade, return, when, who). */
export async function printPgu(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; inventoryLocationItemId: number },
) {
  const [row] = await deps.db
    .select({
      unit: inventoryLocationItems,
      sku: products.sku,
      name: products.name,
      upc: products.upc,
      productConditionId: products.productConditionId,
      inboundReturnId: inboundReturnItems.inboundReturnId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(inventoryLocationItems)
    .innerJoin(products, eq(products.id, inventoryLocationItems.productId))
    .leftJoin(inboundReturnItems, eq(inboundReturnItems.id, inventoryLocationItems.returnItemId))
    .leftJoin(users, eq(users.id, inventoryLocationItems.receivedBy))
    .where(
      and(
        eq(inventoryLocationItems.id, body.inventoryLocationItemId),
        eq(inventoryLocationItems.accountId, auth.accountId),
      ),
    );
  if (!row) throw notFound(`Unit ${body.inventoryLocationItemId} not found.`);
  const utcOffset = auth.accounts.find((account) => account.id === auth.accountId)?.utcOffset ?? '+00:00';
  const label = buildReceivedItemLabel({
    sku: row.sku,
    name: row.name,
    upc: row.upc,
    conditionName: productConditionById(row.productConditionId)?.name ?? null,
    inboundReturnId: row.inboundReturnId,
    receivedAt: row.unit.receivedAt ? formatNoteDate(row.unit.receivedAt, utcOffset) : null,
    receivedBy: row.firstName ? `${row.firstName} ${row.lastName}` : null,
  });
  return queue(deps, auth, body.serverPrinterId, 'pguLabel', label, `PGU ${row.sku} #${row.unit.id}`);
}
