import { type DivisionLabelType, normalizeUpc, PRINT_ZPL_FROM_URL_ERROR, paperById } from '@backroom/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { products, warehouseDivisions, warehouses } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import {
  buildDivisionLabel,
  buildReceivedItemLabel,
  renderCalibrationZpl,
  renderZpl,
  type ZplOptions,
} from './labels';
import { enqueue, printerFor } from './print-queue';
import type { PrinterRow } from './printing.repository';

/** ZPL options from the printer itself: its paper's dpi and speed, its Peel / Cut switches. */
export function zplOptionsFor(printer: PrinterRow, copies = 1): ZplOptions {
  const paper = paperById(printer.paperId);
  return {
    dpi: paper?.printDPI ?? 203,
    printRate: paper?.printRate ?? 14,
    copies,
    ...(printer.config.cut
      ? { printMode: 'cut' as const }
      : printer.config.peel
        ? { printMode: 'peel' as const }
        : {}),
  };
}

/** POST print/divisionLabel: one label per barcode (up to 1,000), each a division of this account. */
export async function printDivisionLabels(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    serverPrinterId: number;
    barcode: string | string[];
    barcodeType: DivisionLabelType;
    copies: number;
  },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'divisionLabel');
  const barcodes = [
    ...new Set(
      (Array.isArray(body.barcode) ? body.barcode : [body.barcode]).map((b) => b.trim().toUpperCase()),
    ),
  ];
  const rows = await deps.db
    .select({
      barcode: warehouseDivisions.barcode,
      name: warehouseDivisions.displayName,
      warehouseName: warehouses.name,
    })
    .from(warehouseDivisions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDivisions.warehouseId))
    .where(
      and(eq(warehouseDivisions.accountId, auth.accountId), inArray(warehouseDivisions.barcode, barcodes)),
    );
  const found = new Map(rows.map((r) => [r.barcode, r]));
  const missing = barcodes.filter((b) => !found.has(b));
  if (missing.length)
    throw notFound(
      `Division with barcode ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''} not found.`,
    );
  const options = zplOptionsFor(printer, body.copies);
  return enqueue(
    deps,
    auth,
    printer,
    barcodes.map((barcode) => {
      const label = buildDivisionLabel(body.barcodeType, {
        barcode,
        warehouseName: found.get(barcode)!.warehouseName,
      });
      return {
        labelKind: 'divisionLabel',
        description: barcode,
        format: 'zpl',
        content: renderZpl(label, options),
        label,
        copies: body.copies,
      };
    }),
  );
}

/** POST print/receiving: the received-item label of the product a barcode (UPC or SKU) names. */
export async function printReceivingLabel(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    serverPrinterId: number;
    barcode: string;
    barcodeOptions?: { title?: string; subtitle?: string; copies?: number };
  },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'pguLabel');
  const text = body.barcode.trim();
  const [product] = await deps.db
    .select()
    .from(products)
    .where(
      and(
        eq(products.accountId, auth.accountId),
        or(
          /^\d{8,16}$/.test(text) ? eq(products.normalizedUpc, normalizeUpc(text)) : undefined,
          sql`upper(${products.sku}) = ${text.toUpperCase()}`,
        ),
      ),
    )
    .limit(1);
  if (!product) throw notFound(`No product with barcode ${text}.`);
  const copies = body.barcodeOptions?.copies ?? 1;
  const label = buildReceivedItemLabel({
    sku: product.sku,
    name: body.barcodeOptions?.title ?? product.name,
    upc: product.upc,
    conditionName: body.barcodeOptions?.subtitle ?? null,
    receivedBy: `${auth.user.firstName} ${auth.user.lastName}`,
  });
  return enqueue(deps, auth, printer, [
    {
      labelKind: 'pguLabel',
      description: `${product.sku} received`,
      format: 'zpl',
      content: renderZpl(label, zplOptionsFor(printer, copies)),
      label,
      copies,
    },
  ]);
}

/** POST print/calibrate/paper/zpl: real media set-up and calibration commands for the chosen paper. */
export async function printCalibration(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    serverPrinterId: number;
    paper: number;
    options?: {
      media?: 'gap' | 'mark' | 'continuous';
      thermal?: 'direct' | 'transfer';
      darkness?: number;
      save?: boolean;
    };
  },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'calibration');
  const paper = paperById(body.paper);
  if (!paper) throw badRequest(`Paper ${body.paper} does not exist.`);
  if (paper.type !== 'ZPL') throw badRequest(`${paper.name} is not thermal label paper.`);
  const content = renderCalibrationZpl(paper, {
    ...(body.options?.media ? { mediaType: body.options.media } : {}),
    ...(body.options?.thermal ? { thermal: body.options.thermal } : {}),
    ...(body.options?.darkness !== undefined ? { darkness: body.options.darkness } : {}),
    ...(body.options?.save !== undefined ? { save: body.options.save } : {}),
  });
  return enqueue(deps, auth, printer, [
    { labelKind: 'calibration', description: `Calibrate for ${paper.name}`, format: 'zpl', content },
  ]);
}

export async function printDocument(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; name: string; format: 'zpl' | 'pdf'; content: string; copies: number },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'document');
  if (body.format === 'zpl' && !/\^XA/i.test(body.content))
    throw badRequest('ZPL content must contain a label format (^XA … ^XZ).');
  if (
    body.format === 'pdf' &&
    !Buffer.from(body.content.slice(0, 8), 'base64').toString('latin1').startsWith('%PDF')
  ) {
    throw badRequest('PDF content must be a base64 PDF document.');
  }
  return enqueue(deps, auth, printer, [
    {
      labelKind: 'document',
      description: body.name,
      format: body.format,
      content: body.content,
      copies: body.copies,
    },
  ]);
}

/** POST warehouse/label/printZPLFromURL: fetches a carrier's ZPL label and prints it as it is. */
export async function printZplFromUrl(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; labelURL: string },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'shippingLabel');
  const host = new URL(body.labelURL).host.toLowerCase();
  if (!deps.config.zplUrlHosts.includes(host)) {
    throw badRequest(PRINT_ZPL_FROM_URL_ERROR, [
      { field: 'labelURL', message: `Labels are not fetched from ${host}.` },
    ]);
  }
  let zpl: string;
  try {
    const response = await fetch(body.labelURL, { signal: AbortSignal.timeout(15_000), redirect: 'follow' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    zpl = await response.text();
    if (!/\^XA/i.test(zpl) || zpl.length > 2_000_000) throw new Error('not a ZPL document');
  } catch (error) {
    throw new AppError(502, PRINT_ZPL_FROM_URL_ERROR, [
      { field: 'labelURL', message: error instanceof Error ? error.message : String(error) },
    ]);
  }
  return enqueue(deps, auth, printer, [
    { labelKind: 'shippingLabel', description: body.labelURL.slice(0, 120), format: 'zpl', content: zpl },
  ]);
}
