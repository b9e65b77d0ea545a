import { canPrintProductBarcodeLabel, PAPER_ID, toCents } from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import {
  buildMiniPackageLabel,
  buildProductBarcodeLabel,
  buildRetailProductLabel,
  type Label,
  renderZpl,
} from '../printing/labels';
import { enqueue, printerFor } from '../printing/print-queue';

async function productOf(deps: AppDeps, auth: AuthContext, productId: number) {
  const [product] = await deps.db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, auth.accountId)));
  if (!product) throw notFound(`Product ${productId} not found.`);
  return product;
}

/** "A product barcode label prints only when upc is longer than 10 characters, sku longer than 4, name non-empty." */
function checkPrintable(p: { upc: string; sku: string; name: string }) {
  if (!canPrintProductBarcodeLabel({ upc: p.upc, sku: p.sku, name: p.name, hasProductLabelPrinter: true })) {
    throw badRequest(
      `${p.sku || 'This product'} cannot get a barcode label: it needs a UPC of more than 10 digits, a SKU of more than 4 characters and a name.`,
    );
  }
}

async function queue(
  deps: AppDeps,
  auth: AuthContext,
  printerId: number,
  kind: 'productBarcodeLabel' | 'retailBarcodeLabel' | 'miniPackage',
  label: Label,
  description: string,
) {
  const { printer } = await printerFor(deps, auth, printerId, kind === 'miniPackage' ? 'document' : kind);
  // The mini package label has no label kind of its own: its paper is the rule (catalogue-admin.md §5 Labels, paper 37).
  if (kind === 'miniPackage' && printer.paperId !== PAPER_ID.miniPackageLabel) {
    throw badRequest(`${printer.commonName} is not loaded with the mini package label paper.`);
  }
  return enqueue(deps, auth, printer, [
    {
      labelKind: kind === 'miniPackage' ? 'productBarcodeLabel' : kind,
      description,
      format: 'zpl',
      content: renderZpl(label),
      label,
    },
  ]);
}

/** POST print/printProductPackageLabel: the 3" x 1" product barcode label from the values given. */
export function printProductPackageLabel(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; barcode: string; labelSku: string; labelTitle: string },
) {
  checkPrintable({ upc: body.barcode, sku: body.labelSku, name: body.labelTitle });
  const label = buildProductBarcodeLabel({
    barcode: body.barcode,
    sku: body.labelSku,
    name: body.labelTitle,
  });
  return queue(deps, auth, body.serverPrinterId, 'productBarcodeLabel', label, `${body.labelSku} barcode`);
}

export async function printRetailProductLabel(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; productId: number },
) {
  const product = await productOf(deps, auth, body.productId);
  checkPrintable({ upc: product.upc ?? '', sku: product.sku, name: product.name });
  const label = buildRetailProductLabel({
    name: product.name,
    barcode: product.upc!,
    priceCents: toCents(product.priceSale) || null,
  });
  return queue(deps, auth, body.serverPrinterId, 'retailBarcodeLabel', label, `${product.sku} retail label`);
}

export async function printMiniPackageLabel(
  deps: AppDeps,
  auth: AuthContext,
  body: { serverPrinterId: number; productId: number },
) {
  const product = await productOf(deps, auth, body.productId);
  checkPrintable({ upc: product.upc ?? '', sku: product.sku, name: product.name });
  const label = buildMiniPackageLabel({ barcode: product.upc!, sku: product.sku, name: product.name });
  return queue(deps, auth, body.serverPrinterId, 'miniPackage', label, `${product.sku} package label`);
}
