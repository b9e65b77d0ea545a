import {
  DEFAULT_COUNTRY_CODE,
  type OneOffAddressInput,
  type OneOffBuyReply,
  type OneOffBuyRequest,
  type OneOffShipmentDto,
  type OneOffShipmentRequest,
  type OneOffVoidReply,
  OUNCES_PER_POUND,
} from '@backroom/shared';
import { and, eq } from 'drizzle-orm';
import {
  countries,
  type OneOffAddressRecord,
  oneOffShipments,
  states,
  warehouses,
  warehouseTypes,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import type { CarrierAddress } from './carrier';
import { providerShipmentReply } from './provider-json';
import { buyLabel, findLabel, rateShipment, voidLabel } from './shipping.service';
import type { ShippingLabel } from './shipping-label-row';

// One-off manual shipments (catalogue-admin.md §2.12, §4.7, §7): a parcel rated between two addresses of no
// order or return, bought and voided through the shipping core. The shipment crosses the API as the provider's
// JSON (EasyPost's shape, which the sandbox speaks too); Backroom keeps a one_off_shipments row that owns the
// label, so a label is bought once, found again and voided by the account that bought it.

type OneOffRow = typeof oneOffShipments.$inferSelect;

/** An address as sent, with its state's code and its country looked up (400 naming an unknown state). */
async function addressRecord(
  deps: AppDeps,
  address: OneOffAddressInput,
  field: 'shipFrom' | 'shipTo',
): Promise<OneOffAddressRecord> {
  const [state] = await deps.db
    .select({ code: states.code, country: countries.code })
    .from(states)
    .innerJoin(countries, eq(countries.id, states.countryId))
    .where(eq(states.id, address.stateId!));
  const country = address.country?.toUpperCase() || state?.country || DEFAULT_COUNTRY_CODE;
  if (!state || state.country !== country) {
    const message = state
      ? `State ${address.stateId} is not a state of ${country}.`
      : `There is no state ${address.stateId}.`;
    throw badRequest(`Invalid input. ${field}.stateId: ${message}`, [{ field: `${field}.stateId`, message }]);
  }
  return {
    name: address.name || null,
    company: address.company || null,
    addressLine1: address.addressLine1!,
    addressLine2: address.addressLine2 || null,
    city: address.city!,
    stateId: address.stateId!,
    state: state.code,
    postalCode: address.postalCode!,
    country,
    phone: address.phone || null,
    email: address.email || null,
  };
}

const carrierAddress = (a: OneOffAddressRecord): CarrierAddress => ({
  name: a.name,
  company: a.company,
  street1: a.addressLine1 ?? '',
  street2: a.addressLine2,
  city: a.city ?? '',
  state: a.state ?? '',
  postalCode: a.postalCode ?? '',
  country: a.country,
  phone: a.phone,
  email: a.email,
});

/** The Ship From warehouse: one of the account's that fulfils orders (§2.12's warehouse select). */
async function checkWarehouse(deps: AppDeps, auth: AuthContext, warehouseId: number) {
  const [warehouse] = await deps.db
    .select({ name: warehouses.name, isActive: warehouses.isActive, fulfils: warehouseTypes.hasFulfillment })
    .from(warehouses)
    .innerJoin(warehouseTypes, eq(warehouseTypes.id, warehouses.warehouseTypeId))
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.accountId, auth.accountId)));
  if (!warehouse) throw notFound(`Warehouse ${warehouseId} not found.`);
  if (!warehouse.fulfils || warehouse.isActive !== 1)
    throw conflict(`${warehouse.name} does not ship orders; choose a warehouse that fulfils orders.`);
}

/** The shipment as the calls answer it: its provider JSON (provider-json.ts) and Backroom's id of it. */
function shipmentReply(row: OneOffRow, label: ShippingLabel | undefined): OneOffShipmentDto {
  return {
    ...providerShipmentReply(row.providerShipmentId, row.providerJson, row.rates, label),
    oneOffShipmentId: row.id,
  };
}

/** POST /api/v1/shipping/oneOffShipment: rates the parcel and keeps the shipment; data[0] is its provider JSON. */
export async function rateOneOffShipment(
  deps: AppDeps,
  auth: AuthContext,
  body: OneOffShipmentRequest,
): Promise<OneOffShipmentDto> {
  if (body.warehouseId) await checkWarehouse(deps, auth, body.warehouseId);
  const shipFrom = await addressRecord(deps, body.shipFrom, 'shipFrom');
  const shipTo = await addressRecord(deps, body.shipTo, 'shipTo');
  const parcels = body.parcels.map((p) => ({
    name: p.name || null,
    width: p.width,
    height: p.height,
    length: p.length,
    weight: p.weight,
  }));
  const rated = await rateShipment(deps, auth, {
    from: carrierAddress(shipFrom),
    to: carrierAddress(shipTo),
    parcels: parcels.map((p) => ({
      lengthInch: p.length,
      widthInch: p.width,
      heightInch: p.height,
      weightOunce: Math.round(p.weight * OUNCES_PER_POUND * 100) / 100,
    })),
    shipperIds: body.shipperIds?.length ? body.shipperIds : undefined,
    reference: 'One-off shipment',
  });
  const [row] = await deps.db
    .insert(oneOffShipments)
    .values({
      accountId: auth.accountId,
      warehouseId: body.warehouseId ?? null,
      shipFrom,
      shipTo,
      parcels,
      notes: body.notes || null,
      providerShipmentId: rated.providerShipmentId,
      providerJson: rated.providerJson,
      rates: rated.rates,
      createdBy: auth.userId,
    })
    .returning();
  return shipmentReply(row!, undefined);
}

/** The account's one-off shipment of a provider shipment id, or 404. */
async function oneOffOf(deps: AppDeps, auth: AuthContext, providerShipmentId: string) {
  const [row] = await deps.db
    .select()
    .from(oneOffShipments)
    .where(
      and(
        eq(oneOffShipments.accountId, auth.accountId),
        eq(oneOffShipments.providerShipmentId, providerShipmentId),
      ),
    );
  if (!row) throw notFound(`Shipment ${providerShipmentId} not found.`);
  return row;
}

/**
 * POST …/oneOffShipment/buy: buys `rateId` of the shipment once (a double click or a retry answers the label
 * already bought); data[0] has the shipment with its tracking code and postage label, and the total fee.
 */
export async function buyOneOffShipment(
  deps: AppDeps,
  auth: AuthContext,
  body: OneOffBuyRequest,
): Promise<OneOffBuyReply> {
  const row = await oneOffOf(deps, auth, body.easypostJSON.id);
  const last = await findLabel(deps, auth, { kind: 'oneOff', id: row.id });
  if (last?.state === 'voided')
    throw new AppError(
      409,
      `Shipment ${row.providerShipmentId} was voided; calculate the rates again to buy a new label.`,
      undefined,
      'shipment_voided',
    );
  if (last && last.rateId !== body.rateId)
    throw new AppError(
      409,
      `Shipment ${row.providerShipmentId} already has a label (tracking ${last.trackingNumber}).`,
      undefined,
      'shipment_has_label',
    );
  if (!row.rates.some((rate) => rate.id === body.rateId))
    throw new AppError(
      409,
      `Rate ${body.rateId} is not one of shipment ${row.providerShipmentId}'s rates; calculate the rates again.`,
      undefined,
      'rates_outdated',
    );
  const label = await buyLabel(deps, auth, {
    owner: { kind: 'oneOff', id: row.id },
    providerShipmentId: row.providerShipmentId,
    rateId: body.rateId,
    insuredCents: body.insuredAmount * 100,
  });
  return { easypostJSON: shipmentReply(row, label), totalFee: label.feeCents / 100, labelId: label.id };
}

/** POST …/oneOffShipment/void: voids the shipment's label; data[0].totalRefund is the refund asked for. */
export async function voidOneOffShipment(
  deps: AppDeps,
  auth: AuthContext,
  shipmentId: string,
): Promise<OneOffVoidReply> {
  const row = await oneOffOf(deps, auth, shipmentId);
  const last = await findLabel(deps, auth, { kind: 'oneOff', id: row.id });
  if (!last) throw new AppError(409, `Shipment ${shipmentId} has no label to void.`, undefined, 'conflict');
  if (last.state === 'voided')
    throw new AppError(409, `Shipment ${shipmentId} is already voided.`, undefined, 'shipment_voided');
  const voided = await voidLabel(deps, auth, { kind: 'oneOff', id: row.id });
  return { id: shipmentId, totalRefund: voided.refundCents / 100, refundStatus: voided.status };
}
