import { centsToDecimal, MAX_INSURED_DOLLARS, visibleRates } from '@backroom/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shippingLabels, shippingQuotes } from '../../db/schema';
import type { LabelState } from '../../db/schema/shipping';
import type { AppDeps } from '../../deps';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import { renderPdf, renderZpl } from '../printing/labels';
import { zplOptionsFor } from '../printing/print.service';
import { enqueue, printerFor } from '../printing/print-queue';
import type { CarrierAdapter, CarrierAddress, CarrierRate, RateRequest, RefundStatus } from './carrier';
import { carrierFailure, type NoteWriter, purchaseLabel } from './label-purchase';
import { type LabelOwner, type ShippingLabel, toShippingLabel } from './shipping-label-row';

// The shipping core that order shipments, return labels and one-off shipments all go through
// (docs/shipping.md): rate, buy exactly once, void, find, print.

export type { LabelOwner, NoteWriter, ShippingLabel };

export interface RatedShipmentReply {
  providerShipmentId: string;
  adapter: 'sandbox' | 'easypost';
  /** Sorted ascending by price, Envelope services hidden, AmazonMws carriers relabelled '(AMZN)'. */
  rates: CarrierRate[];
  /** The provider's shipment JSON as it is (the spec's easypostJSON / rate-provider JSON). */
  providerJson: unknown;
}

/**
 * Rates for parcels between two addresses. Refuses an address or parcel a carrier cannot take with 400 naming
 * the field; a carrier failure is 502. The rated shipment is kept for the account: only its own can be bought.
 */
export async function rateShipment(
  deps: AppDeps,
  auth: AuthContext,
  input: RateRequest,
): Promise<RatedShipmentReply> {
  checkRateRequest(input);
  const adapter = deps.carriers.default;
  if (input.shipperIds?.length) {
    const known = new Set((await adapter.shippers()).map((shipper) => shipper.id));
    const unknown = input.shipperIds.find((id) => !known.has(id));
    if (unknown !== undefined) {
      throw badRequest(`Shipper ${unknown} is not a carrier account of this server.`, [
        { field: 'shipperIds', message: `There is no shipper ${unknown}.` },
      ]);
    }
  }
  let rated: Awaited<ReturnType<CarrierAdapter['rate']>>;
  try {
    rated = await adapter.rate(input);
  } catch (error) {
    throw carrierFailure(error, 'rate the shipment');
  }
  await deps.db.insert(shippingQuotes).values({
    accountId: auth.accountId,
    adapter: adapter.kind,
    providerShipmentId: rated.providerShipmentId,
    rates: rated.rates,
    request: { ...input },
    createdBy: auth.userId,
  });
  return {
    providerShipmentId: rated.providerShipmentId,
    adapter: adapter.kind,
    rates: visibleRates(rated.rates),
    providerJson: rated.providerJson,
  };
}

/**
 * Buys `rateId` of a shipment this account rated, for the owner, exactly once: while the owner has a live label
 * a call answers that label (no second charge); concurrent calls take turns on the owner's ledger row; a
 * purchase whose answer never came is looked up at the carrier before anything is bought. `note` writes the
 * system note on the owning order or return in the transaction that records the purchase.
 */
export async function buyLabel(
  deps: AppDeps,
  auth: AuthContext,
  input: {
    owner: LabelOwner;
    providerShipmentId: string;
    rateId: string;
    insuredCents: number;
    note?: NoteWriter;
  },
): Promise<ShippingLabel> {
  if (
    !Number.isSafeInteger(input.insuredCents) ||
    input.insuredCents < 0 ||
    input.insuredCents > MAX_INSURED_DOLLARS * 100
  ) {
    throw badRequest(`The insured value must be $0 to $${MAX_INSURED_DOLLARS}.`, [
      { field: 'insuredAmount', message: `Must be 0 to ${MAX_INSURED_DOLLARS}` },
    ]);
  }
  const [quote] = await deps.db
    .select()
    .from(shippingQuotes)
    .where(
      and(
        eq(shippingQuotes.accountId, auth.accountId),
        eq(shippingQuotes.providerShipmentId, input.providerShipmentId),
      ),
    );
  if (!quote) throw notFound(`Shipment ${input.providerShipmentId} not found.`);
  if (!(quote.rates as CarrierRate[]).some((rate) => rate.id === input.rateId)) {
    throw badRequest(`Rate ${input.rateId} is not a rate of shipment ${input.providerShipmentId}.`, [
      { field: 'rateId', message: 'Not a rate of this shipment' },
    ]);
  }
  const adapter = deps.carriers.byKind(quote.adapter);
  if (!adapter)
    throw conflict(
      `Shipment ${input.providerShipmentId} was rated with ${quote.adapter}, which is not configured.`,
    );
  return purchaseLabel(deps, auth, adapter, input);
}

/**
 * Voids the owner's live label: the refund is requested from the carrier and the ledger row keeps its status
 * and amount. Voiding a voided label answers it again (no second note).
 */
export async function voidLabel(
  deps: AppDeps,
  auth: AuthContext,
  owner: LabelOwner,
  note?: NoteWriter,
): Promise<{ label: ShippingLabel; refundCents: number; status: RefundStatus }> {
  const [row] = await ownerRows(deps, auth, owner).limit(1);
  if (!row) throw notFound(`No label was bought for ${ownerText(owner)}.`);
  if (row.state === 'pending')
    throw conflict(`A label for ${ownerText(owner)} is being bought; try again in a moment.`);
  if (row.state === 'voided')
    throw conflict(`The label for ${ownerText(owner)} (${row.trackingNumber}) is already voided.`);
  const adapter = deps.carriers.byKind(row.adapter);
  if (!adapter) throw conflict(`Label ${row.id} was bought with ${row.adapter}, which is not configured.`);
  let refund: { status: RefundStatus; refundCents: number };
  try {
    refund = await adapter.void(row.providerShipmentId);
  } catch (error) {
    throw carrierFailure(error, 'void the label');
  }
  const label = await deps.db.transaction(async (tx) => {
    const [voided] = await tx
      .update(shippingLabels)
      .set({
        state: 'voided',
        refundStatus: refund.status,
        refund: centsToDecimal(refund.refundCents),
        voidedAt: new Date(),
        voidedBy: auth.userId,
      })
      .where(and(eq(shippingLabels.id, row.id), eq(shippingLabels.state, 'bought')))
      .returning();
    if (!voided) return null; // voided by someone else meanwhile: their note stands
    const label = toShippingLabel(voided);
    await note?.(tx as unknown as Db, label);
    return label;
  });
  const final =
    label ??
    toShippingLabel((await deps.db.select().from(shippingLabels).where(eq(shippingLabels.id, row.id)))[0]!);
  return { label: final, refundCents: final.refundCents, status: final.refundStatus ?? refund.status };
}

/** The owner's live label, or else its last voided one, or undefined. */
export async function findLabel(
  deps: AppDeps,
  auth: AuthContext,
  owner: LabelOwner,
): Promise<ShippingLabel | undefined> {
  const [row] = await ownerRows(deps, auth, owner, ['bought', 'voided']).limit(1);
  return row ? toShippingLabel(row) : undefined;
}

/** A label of the account by its ledger id (404 otherwise; a purchase still under way is not a label yet). */
export async function labelById(deps: AppDeps, auth: AuthContext, labelId: number): Promise<ShippingLabel> {
  const [row] = await deps.db
    .select()
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.id, labelId),
        eq(shippingLabels.accountId, auth.accountId),
        inArray(shippingLabels.state, ['bought', 'voided']),
      ),
    );
  if (!row) throw notFound(`Label ${labelId} not found.`);
  return toShippingLabel(row);
}

/** The label as a PDF: the carrier's file, or drawn from the layout of a label the sandbox drew. */
export async function labelPdf(label: ShippingLabel): Promise<Buffer> {
  if (label.labelPdfBase64) return Buffer.from(label.labelPdfBase64, 'base64');
  if (label.labelLayout) return Buffer.from(await renderPdf([label.labelLayout]));
  throw notFound(`Label ${label.id} has no PDF.`);
}

/**
 * Queues a label on a printer loaded with shipping label paper (label kind 'shippingLabel', 4x6). A label the
 * sandbox drew is rendered for the printer's resolution and previewed as a PNG; a carrier's ZPL goes as it is.
 */
export async function printLabel(
  deps: AppDeps,
  auth: AuthContext,
  labelId: number,
  serverPrinterId: number,
): Promise<{ jobId: number }> {
  const label = await labelById(deps, auth, labelId);
  if (label.state === 'voided') throw conflict(`Label ${labelId} (${label.trackingNumber}) is voided.`);
  const { printer } = await printerFor(deps, auth, serverPrinterId, 'shippingLabel');
  const content = label.labelLayout ? renderZpl(label.labelLayout, zplOptionsFor(printer)) : label.labelZpl;
  const [job] = await enqueue(deps, auth, printer, [
    {
      labelKind: 'shippingLabel',
      description: `${label.carrier} ${label.trackingNumber}`,
      format: 'zpl',
      content,
      label: label.labelLayout,
    },
  ]);
  return { jobId: job!.id };
}

/** The owner's rows in `states`, the live one first, then the newest. */
function ownerRows(
  deps: AppDeps,
  auth: AuthContext,
  owner: LabelOwner,
  states: LabelState[] = ['pending', 'bought', 'voided'],
) {
  return deps.db
    .select()
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.accountId, auth.accountId),
        eq(shippingLabels.ownerKind, owner.kind),
        eq(shippingLabels.ownerId, owner.id),
        inArray(shippingLabels.state, states),
      ),
    )
    .orderBy(sql`${shippingLabels.state} = 'voided'`, desc(shippingLabels.id));
}

const OWNER_TEXT: Record<LabelOwner['kind'], string> = {
  orderShipment: 'shipment',
  returnShipment: 'return shipment',
  oneOff: 'one-off shipment',
};
const ownerText = (owner: LabelOwner) => `${OWNER_TEXT[owner.kind]} ${owner.id}`;

/** What a carrier needs of an address and a parcel; each missing or impossible value named. */
function checkRateRequest(input: RateRequest) {
  const fields: { field: string; message: string }[] = [];
  for (const side of ['from', 'to'] as const) {
    const address: CarrierAddress | undefined = input[side];
    for (const key of ['street1', 'city', 'state', 'postalCode', 'country'] as const) {
      if (!address?.[key]?.trim()) fields.push({ field: `${side}.${key}`, message: 'Required' });
    }
  }
  if (!input.parcels?.length) fields.push({ field: 'parcels', message: 'At least one parcel' });
  input.parcels?.forEach((parcel, i) => {
    for (const key of ['lengthInch', 'widthInch', 'heightInch', 'weightOunce'] as const) {
      if (!(Number.isFinite(parcel[key]) && parcel[key] > 0))
        fields.push({ field: `parcels[${i}].${key}`, message: 'Must be above 0' });
    }
  });
  if (fields.length) {
    throw badRequest(
      `Cannot rate the shipment: ${fields.map((f) => `${f.field} ${f.message.toLowerCase()}`).join(', ')}.`,
      fields,
    );
  }
}
