import {
  formatMoney,
  hasValidShippingAddress,
  packageProblems,
  type ReturnShipmentBuy,
  type ReturnShipmentDto,
  type ReturnShipmentRate,
  type ReturnShipmentsNew,
  returnLabelFileName,
  toCents,
} from '@backroom/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, inboundReturnShipments, inboundReturns } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import {
  carrierAddressOf,
  warehouseAddressSubject,
  warehouseCarrierAddress,
} from '../shipping/carrier-addresses';
import { labelsOfOwners } from '../shipping/owner-labels';
import { buyLabel, labelPdf, rateShipment } from '../shipping/shipping.service';
import {
  copyOrderAddress,
  copyWarehouseAddress,
  receivingWarehouse,
  senderAddress,
} from './return-addresses';
import { addReturnSystemNote, lockReturn } from './return-panel-rows';
import { findReturnShipmentRecords, type ReturnShipmentRow, returnShipmentReplies } from './return-shipments';

// Return labels (returns.md §Add shipment modal, §Shipment panel, §4 Shipments, §5, §7): existing labels
// added by tracking number and cost, or a new label rated from the customer to the chosen warehouse and bought
// exactly once through the shipping core; its PDF downloaded under the return's and the label's ids. Every
// addition and purchase leaves a system note on the return.

/** A system note for a label change; the return's version moves too, as the shipments are part of it. */
async function noteOnReturn(tx: Db, auth: AuthContext, inboundReturnId: number, text: string) {
  await addReturnSystemNote(tx, auth, inboundReturnId, text);
  await tx
    .update(inboundReturns)
    .set({ modifiedAt: new Date() })
    .where(eq(inboundReturns.id, inboundReturnId));
}

/**
 * POST …/returns/shipments/new: 'Add an Existing Label' (each tracking number with its cost: an external
 * label, shown as a label at once) or 'Create a New Label' (no tracking numbers: one shipment to rate and buy,
 * from the order's ship-to address to the chosen warehouse). Answers the shipments made.
 */
export async function addReturnShipments(
  deps: AppDeps,
  auth: AuthContext,
  body: ReturnShipmentsNew,
): Promise<ReturnShipmentDto[]> {
  const ids = await deps.db.transaction(async (tx) => {
    const inboundReturn = await lockReturn(tx, auth.accountId, body.inboundReturnId);
    if (body.channelOrderReturnId && body.channelOrderReturnId !== inboundReturn.channelOrderReturnId)
      throw conflict(
        `Channel order return ${body.channelOrderReturnId} is not the channel's return of return #${inboundReturn.id}.`,
      );
    const warehouse = await receivingWarehouse(tx, auth.accountId, body.destinationAddressId);
    const destination = { warehouseId: warehouse.id, addressId: await copyWarehouseAddress(tx, warehouse) };
    if (body.trackingNumbers.length) {
      const made = await tx
        .insert(inboundReturnShipments)
        .values(
          body.trackingNumbers.map((label) => ({
            accountId: auth.accountId,
            inboundReturnId: inboundReturn.id,
            trackingNumber: label.trackingNumber,
            carrierFeeBilled: (toCents(label.carrierFeeBilled) / 100).toFixed(2),
            isExternalShipment: 1,
            ...destination,
          })),
        )
        .returning({ id: inboundReturnShipments.id });
      const listed = body.trackingNumbers
        .map((label) => `${label.trackingNumber} (${formatMoney(toCents(label.carrierFeeBilled))})`)
        .join(', ');
      await noteOnReturn(
        tx,
        auth,
        inboundReturn.id,
        `Existing label${made.length === 1 ? '' : 's'} added: ${listed}.`,
      );
      return made.map((row) => row.id);
    }
    const [made] = await tx
      .insert(inboundReturnShipments)
      .values({
        accountId: auth.accountId,
        inboundReturnId: inboundReturn.id,
        sourceAddressId: await copyOrderAddress(tx, auth.accountId, inboundReturn.channelOrderReturnId),
        ...destination,
      })
      .returning({ id: inboundReturnShipments.id });
    await noteOnReturn(
      tx,
      auth,
      inboundReturn.id,
      `New return label started (shipment ${made!.id}) to ${warehouse.name}.`,
    );
    return [made!.id];
  });
  return returnShipmentReplies(deps.db, auth.accountId, body.inboundReturnId, ids);
}

/** The return's shipment, or 404 naming both. */
async function returnShipmentOf(db: Db, inboundReturnId: number, shipmentId: number) {
  const [record] = await findReturnShipmentRecords(db, inboundReturnId, [shipmentId]);
  if (!record) throw notFound(`Shipment ${shipmentId} not found on return #${inboundReturnId}.`);
  return record;
}

/** A label exists (returns.md §4: a tracking number or isPurchased) or the shipment is voided: 409. */
function checkNoLabel(shipment: ReturnShipmentRow) {
  if (shipment.isVoided)
    throw new AppError(409, `Shipment ${shipment.id} is voided.`, undefined, 'shipment_voided');
  if (shipment.trackingNumber || shipment.isPurchased)
    throw new AppError(
      409,
      `Shipment ${shipment.id} already has a label (tracking ${shipment.trackingNumber}).`,
      undefined,
      'shipment_has_label',
    );
}

const invalid = (code: 'invalid_address' | 'invalid_package', message: string) =>
  new AppError(409, message, undefined, code);

/**
 * POST …/returns/shipment/rate { shipment }: rates from the sender to the destination warehouse for the
 * package the panel shows; the package, sender and destination are saved with the rates (nothing is saved
 * when rating is refused). Rates are cheapest first with no Envelope services (the shipping core).
 */
export async function rateReturnShipment(
  deps: AppDeps,
  auth: AuthContext,
  { shipment: body }: ReturnShipmentRate,
) {
  const { shipment, source } = await returnShipmentOf(deps.db, body.inboundReturnId, body.id);
  checkNoLabel(shipment);
  const parcel = {
    packageLengthInch: body.packageLengthInch,
    packageWidthInch: body.packageWidthInch,
    packageHeightInch: body.packageHeightInch,
    packageWeightOunce: body.packageWeightOunce,
  };
  if (packageProblems(parcel).length)
    throw invalid(
      'invalid_package',
      'Give each side of the package more than 1 inch and a weight of at least 1 ounce.',
    );
  const sender = body.sourceAddress ? await senderAddress(deps.db, body.sourceAddress) : source;
  if (!sender || !hasValidShippingAddress(sender))
    throw invalid(
      'invalid_address',
      "The sender's address needs address line 1, city, postal code, a state and a country.",
    );
  const warehouse = await receivingWarehouse(
    deps.db,
    auth.accountId,
    body.warehouseId ?? shipment.warehouseId,
  );
  if (!hasValidShippingAddress(warehouseAddressSubject(warehouse)))
    throw invalid(
      'invalid_address',
      `The address of ${warehouse.name} is incomplete: it cannot receive a label.`,
    );
  const rated = await rateShipment(deps, auth, {
    from: carrierAddressOf(sender),
    to: warehouseCarrierAddress(warehouse),
    parcels: [
      {
        lengthInch: body.packageLengthInch,
        widthInch: body.packageWidthInch,
        heightInch: body.packageHeightInch,
        weightOunce: body.packageWeightOunce,
      },
    ],
    shipperIds: body.shipperIds?.length ? body.shipperIds : undefined,
    reference: `Return #${body.inboundReturnId}`,
  });
  await deps.db.transaction(async (tx) => {
    await lockReturn(tx, auth.accountId, body.inboundReturnId);
    const [current] = await tx
      .select()
      .from(inboundReturnShipments)
      .where(eq(inboundReturnShipments.id, shipment.id))
      .for('update');
    checkNoLabel(current!);
    let sourceAddressId = current!.sourceAddressId;
    if (body.sourceAddress) {
      const fields = { ...(await senderAddress(tx, body.sourceAddress)), accountId: auth.accountId };
      if (sourceAddressId) await tx.update(addresses).set(fields).where(eq(addresses.id, sourceAddressId));
      else
        sourceAddressId = (await tx.insert(addresses).values(fields).returning({ id: addresses.id }))[0]!.id;
    }
    const destination =
      warehouse.id === current!.warehouseId && current!.addressId
        ? {}
        : { warehouseId: warehouse.id, addressId: await copyWarehouseAddress(tx, warehouse) };
    await tx
      .update(inboundReturnShipments)
      .set({
        ...destination,
        sourceAddressId,
        packageLengthInch: String(body.packageLengthInch),
        packageWidthInch: String(body.packageWidthInch),
        packageHeightInch: String(body.packageHeightInch),
        packageWeightOunce: String(body.packageWeightOunce),
        rateShipmentId: rated.providerShipmentId,
        providerJson: rated.providerJson,
        rates: rated.rates,
        ratedAt: new Date(),
        hasRatesAttempted: 1,
        selectedRateId: null,
      })
      .where(eq(inboundReturnShipments.id, shipment.id));
  });
  return returnShipmentReplies(deps.db, auth.accountId, body.inboundReturnId, [shipment.id]);
}

/**
 * POST …/returns/shipment/buy: buys one of the shipment's current rates exactly once (insured for the whole
 * dollars asked, 0 to 5000), with a note on the return written with the ledger row.
 */
export async function buyReturnShipment(deps: AppDeps, auth: AuthContext, body: ReturnShipmentBuy) {
  const { shipment } = await returnShipmentOf(deps.db, body.inboundReturnId, body.inboundReturnShipmentId);
  checkNoLabel(shipment);
  const rate = shipment.rates?.find((r) => r.id === body.selectedRateId);
  if (!rate || !shipment.rateShipmentId)
    throw new AppError(
      409,
      `Rate ${body.selectedRateId} is not one of shipment ${shipment.id}'s current rates; calculate shipping again.`,
      undefined,
      'rates_outdated',
    );
  await buyLabel(deps, auth, {
    owner: { kind: 'returnShipment', id: shipment.id },
    providerShipmentId: shipment.rateShipmentId,
    rateId: rate.id,
    insuredCents: body.insuredAmount * 100,
    note: async (tx, label) => {
      await tx
        .update(inboundReturnShipments)
        .set({
          isPurchased: 1,
          trackingNumber: label.trackingNumber,
          carrierFeeBilled: (label.feeCents / 100).toFixed(2),
          carrierName: label.carrier,
          serviceName: label.service,
          selectedRateId: rate.id,
        })
        .where(eq(inboundReturnShipments.id, shipment.id));
      await noteOnReturn(
        tx,
        auth,
        body.inboundReturnId,
        `Return label purchased for shipment ${shipment.id}: ${label.carrier} ${label.service}, tracking ${label.trackingNumber}, fee ${formatMoney(label.feeCents)}${label.insuredCents ? ` (insured for ${formatMoney(label.insuredCents)})` : ''}.`,
      );
    },
  });
  return returnShipmentReplies(deps.db, auth.accountId, body.inboundReturnId, [shipment.id]);
}

/** GET …/returns/{id}/labels/{labelId}: a label of one of the return's shipments, as its PDF. */
export async function returnLabelPdf(
  deps: AppDeps,
  auth: AuthContext,
  inboundReturnId: number,
  labelId: number,
) {
  const records = await findReturnShipmentRecords(deps.db, inboundReturnId);
  const labels = await labelsOfOwners(
    deps.db,
    auth.accountId,
    'returnShipment',
    records.map((r) => r.shipment.id),
  );
  const label = [...labels.values()].find((l) => l.id === labelId);
  if (!label) throw notFound(`Label ${labelId} not found on return #${inboundReturnId}.`);
  return { fileName: returnLabelFileName(inboundReturnId, labelId), pdf: await labelPdf(label) };
}
