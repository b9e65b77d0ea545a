import { type DivisionLabelType, normalizeUpc, PRINT_ZPL_FROM_URL_ERROR, paperById } from '@backroom/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { products, warehouseDivisions, warehouses } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import {
  buildDivisionLabel,
  buildReceivedItemLabel,
  buildTestLabel,
  inchesToDots,
  type Label,
  renderCalibrationZpl,
  renderPdf,
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

/** A shelf, row or zone prints at most this many labels in one request. */
const MAX_DIVISION_LABELS = 1000;

/**
 * POST print/divisionLabel: one label per barcode (up to 1,000), each a division of this account. With
 * `includeDescendants`, every division under them too, in barcode order; with `oneJob`, all of them as one
 * print job (one ZPL stream, one row in the Print Queue, retried as a whole).
 */
export async function printDivisionLabels(
  deps: AppDeps,
  auth: AuthContext,
  body: {
    serverPrinterId: number;
    barcode: string | string[];
    barcodeType: DivisionLabelType;
    copies: number;
    includeDescendants?: boolean;
    oneJob?: boolean;
  },
) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'divisionLabel');
  const asked = [
    ...new Set(
      (Array.isArray(body.barcode) ? body.barcode : [body.barcode]).map((b) => b.trim().toUpperCase()),
    ),
  ];
  const rows = await deps.db
    .select({
      id: warehouseDivisions.id,
      barcode: warehouseDivisions.barcode,
      warehouseName: warehouses.name,
    })
    .from(warehouseDivisions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDivisions.warehouseId))
    .where(and(eq(warehouseDivisions.accountId, auth.accountId), inArray(warehouseDivisions.barcode, asked)));
  const found = new Map(rows.map((r) => [r.barcode, r]));
  const missing = asked.filter((b) => !found.has(b));
  if (missing.length)
    throw notFound(
      `Division with barcode ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ' …' : ''} not found.`,
    );
  const divisions = body.includeDescendants
    ? await withDescendants(
        deps,
        auth.accountId,
        rows.map((r) => r.id),
      )
    : asked.map((barcode) => found.get(barcode)!);
  if (divisions.length > MAX_DIVISION_LABELS) {
    throw badRequest(
      `That is more than ${MAX_DIVISION_LABELS.toLocaleString('en-US')} labels: print a row or a shelf at a time.`,
    );
  }
  const options = zplOptionsFor(printer, body.copies);
  const labels = divisions.map(({ barcode, warehouseName }) => ({
    barcode,
    label: buildDivisionLabel(body.barcodeType, { barcode, warehouseName }),
  }));
  if (body.oneJob && labels.length > 1) {
    const first = labels[0]!;
    return enqueue(deps, auth, printer, [
      {
        labelKind: 'divisionLabel',
        description: `${labels.length} labels ${first.barcode} – ${labels.at(-1)!.barcode}`,
        format: 'zpl',
        content: labels.map(({ label }) => renderZpl(label, options)).join(''),
        // The preview shows the first label of the batch.
        label: first.label,
        copies: body.copies,
      },
    ]);
  }
  return enqueue(
    deps,
    auth,
    printer,
    labels.map(({ barcode, label }) => ({
      labelKind: 'divisionLabel',
      description: barcode,
      format: 'zpl',
      content: renderZpl(label, options),
      label,
      copies: body.copies,
    })),
  );
}

/** The divisions and every division under them (by their ancestor columns), in barcode order. */
function withDescendants(deps: AppDeps, accountId: number, ids: number[]) {
  const under = or(
    inArray(warehouseDivisions.id, ids),
    inArray(warehouseDivisions.warehouseZoneId, ids),
    inArray(warehouseDivisions.warehouseZoneRowId, ids),
    inArray(warehouseDivisions.warehouseZoneRowSectionId, ids),
    inArray(warehouseDivisions.warehouseZoneRowSectionShelfId, ids),
  );
  return deps.db
    .select({ barcode: warehouseDivisions.barcode, warehouseName: warehouses.name })
    .from(warehouseDivisions)
    .innerJoin(warehouses, eq(warehouses.id, warehouseDivisions.warehouseId))
    .where(and(eq(warehouseDivisions.accountId, accountId), under))
    .orderBy(warehouseDivisions.barcode)
    .limit(MAX_DIVISION_LABELS + 1);
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
  // "Calibrate is enabled only when a paper is chosen": every paper can be calibrated. An office printer's
  // sheet paper gets a test page (margins and scale are checked by eye); thermal stock, labels or a
  // continuous receipt roll, gets the printer's own media set-up and calibration commands.
  if (paper.type === 'PDF' && paper.paperLength > 0) {
    const testPage = await renderPdf([calibrationTestPage(paper, printer.commonName)]);
    return enqueue(deps, auth, printer, [
      {
        labelKind: 'calibration',
        description: `Test page for ${paper.name}`,
        format: 'pdf',
        content: Buffer.from(testPage).toString('base64'),
      },
    ]);
  }
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

/**
 * POST print/testLabel: the printer's test print, a label the label engine draws for the paper it is loaded
 * with, sent as any label is (through the queue to its print server), so a printed test label proves the
 * whole path: print server, printer, paper.
 */
export async function printTestLabel(deps: AppDeps, auth: AuthContext, body: { serverPrinterId: number }) {
  const { printer } = await printerFor(deps, auth, body.serverPrinterId, 'calibration');
  const paper = paperById(printer.paperId);
  if (!paper)
    throw badRequest(`${printer.commonName} has no paper chosen. Choose its paper before a test print.`);
  const label = buildTestLabel(paper, { id: printer.id, commonName: printer.commonName });
  const description = `Test print on ${paper.name}`;
  if (paper.type === 'PDF') {
    const pdf = await renderPdf([label]);
    return enqueue(deps, auth, printer, [
      {
        labelKind: 'calibration',
        description,
        format: 'pdf',
        content: Buffer.from(pdf).toString('base64'),
        label,
      },
    ]);
  }
  return enqueue(deps, auth, printer, [
    {
      labelKind: 'calibration',
      description,
      format: 'zpl',
      content: renderZpl(label, zplOptionsFor(printer)),
      label,
    },
  ]);
}

/** A sheet with a frame an inch in from each edge and the paper's name: how an office printer is checked. */
function calibrationTestPage(
  paper: { name: string; paperWidth: number; paperLength: number },
  printerName: string,
): Label {
  const inch = inchesToDots(1);
  const width = inchesToDots(paper.paperWidth);
  const height = inchesToDots(paper.paperLength);
  return {
    widthIn: paper.paperWidth,
    heightIn: paper.paperLength,
    elements: [
      { kind: 'box', x: inch, y: inch, width: width - 2 * inch, height: height - 2 * inch, thickness: 4 },
      {
        kind: 'text',
        x: inch,
        y: inch + 40,
        width: width - 2 * inch,
        text: 'Calibration test page',
        fontSize: 60,
        bold: true,
        align: 'center',
      },
      {
        kind: 'text',
        x: inch,
        y: inch + 140,
        width: width - 2 * inch,
        text: `${paper.name} on ${printerName}`,
        fontSize: 36,
        align: 'center',
      },
      {
        kind: 'text',
        x: inch,
        y: inch + 200,
        width: width - 2 * inch,
        text: 'The frame should sit 1 inch from every edge.',
        fontSize: 30,
        align: 'center',
      },
    ],
  };
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
