import { randomBytes, randomInt } from 'node:crypto';
import {
  centsToDecimal,
  makeFedexTracking,
  makeUpsTracking,
  makeUspsTracking,
  toCents,
  trackingBarcodeValue,
} from '@backroom/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { sandboxShipments } from '../../db/schema';
import { buildShippingLabel, renderZpl } from '../printing/labels';
import type {
  CarrierAdapter,
  CarrierAddress,
  CarrierParcel,
  CarrierRate,
  PurchasedLabel,
  RatedShipment,
  RateRequest,
  RefundStatus,
  Shipper,
  TrackingStatus,
  TrackingUpdate,
} from './carrier';
import { CarrierError } from './carrier-error';
import {
  addBusinessDays,
  deliveryDateOf,
  insuranceFeeCents,
  parcelPriceCents,
  SANDBOX_SERVICES,
  type SandboxService,
  sandboxZone,
  serviceTakes,
} from './sandbox-pricing';

/**
 * The sandbox carrier, Backroom's default: rates USPS, UPS and FedEx services offline with the sandbox tariff,
 * "buys" labels it draws itself with the label engine (ZPL and PDF) with tracking numbers in each carrier's
 * real format, refunds voided labels, and moves tracking on from the purchase time (pre-transit for 4 hours,
 * in transit, out for delivery from 6 hours before delivery, delivered on the promised day). Its books live in
 * `sandbox_shipments`, as a real carrier's live on its side: every server process sees the same carrier.
 */
export class SandboxCarrier implements CarrierAdapter {
  readonly kind = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async shippers(): Promise<Shipper[]> {
    return SANDBOX_SHIPPERS;
  }

  async rate(request: RateRequest): Promise<RatedShipment> {
    const id = `shp_sbx${randomBytes(12).toString('hex')}`;
    const now = this.now();
    const zone = sandboxZone(request.from, request.to);
    const wanted = new Set(
      request.shipperIds?.length ? request.shipperIds : SANDBOX_SHIPPERS.map((s) => s.id),
    );
    const rates: CarrierRate[] = [];
    for (const service of SANDBOX_SERVICES) {
      const shipperId = shipperIdOf(service.carrier);
      if (!wanted.has(shipperId) || !request.parcels.every((parcel) => serviceTakes(service, parcel)))
        continue;
      const days = service.days[zone - 1]!;
      rates.push({
        id: `rate_sbx${randomBytes(12).toString('hex')}`,
        carrier: service.carrier,
        service: service.service,
        rateCents: request.parcels.reduce((sum, parcel) => sum + parcelPriceCents(service, parcel, zone), 0),
        deliveryDate: deliveryDateOf(now, days),
        deliveryDays: days,
        shipperId,
      });
    }
    const stored: SandboxRequest = { ...request, zone, ratedAt: now.toISOString() };
    await this.db.insert(sandboxShipments).values({ id, request: { ...stored }, rates, createdAt: now });
    return { providerShipmentId: id, rates, providerJson: shipmentJson(id, stored, rates, null) };
  }

  async buy(input: {
    providerShipmentId: string;
    rateId: string;
    insuredCents: number;
    idempotencyKey: string;
  }) {
    const row = await this.find(input.providerShipmentId);
    const rate = (row.rates as CarrierRate[]).find((r) => r.id === input.rateId);
    if (!rate)
      throw new CarrierError(`Rate ${input.rateId} is not a rate of shipment ${row.id}.`, {
        uncertain: false,
        status: 400,
      });
    if (row.purchasedAt) return this.replay(row, input.idempotencyKey);
    const insuranceFee = insuranceFeeCents(input.insuredCents);
    for (let attempt = 0; ; attempt++) {
      try {
        const [bought] = await this.db
          .update(sandboxShipments)
          .set({
            rateId: rate.id,
            trackingNumber: newTrackingNumber(serviceOf(rate)),
            fee: centsToDecimal(rate.rateCents + insuranceFee),
            insured: centsToDecimal(input.insuredCents),
            insuranceFee: centsToDecimal(insuranceFee),
            idempotencyKey: input.idempotencyKey,
            purchasedAt: this.now(),
          })
          .where(and(eq(sandboxShipments.id, row.id), isNull(sandboxShipments.purchasedAt)))
          .returning();
        // Someone bought it between the read and the update: the same purchase again, or a refusal.
        return bought ? this.labelOf(bought) : this.replay(await this.find(row.id), input.idempotencyKey);
      } catch (error) {
        // A tracking number drawn twice (1 in 10^13): draw another.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  async findPurchase(providerShipmentId: string): Promise<PurchasedLabel | null> {
    const [row] = await this.db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.id, providerShipmentId));
    return row?.purchasedAt ? this.labelOf(row) : null;
  }

  async void(providerShipmentId: string): Promise<{ status: RefundStatus; refundCents: number }> {
    const row = await this.find(providerShipmentId);
    if (!row.purchasedAt)
      throw new CarrierError(`Shipment ${row.id} has no label to void.`, { uncertain: false, status: 400 });
    if (!row.refundStatus) {
      await this.db
        .update(sandboxShipments)
        .set({ refundStatus: 'refunded', refundedAt: this.now() })
        .where(and(eq(sandboxShipments.id, row.id), isNull(sandboxShipments.refundStatus)));
    }
    // The whole fee back, postage and insurance: nothing was mailed.
    return { status: 'refunded', refundCents: toCents(row.fee ?? '0') };
  }

  async track(trackingNumber: string): Promise<TrackingUpdate> {
    const [row] = await this.db
      .select()
      .from(sandboxShipments)
      .where(eq(sandboxShipments.trackingNumber, trackingNumber));
    if (!row?.purchasedAt)
      throw new CarrierError(`No sandbox label has tracking number ${trackingNumber}.`, {
        uncertain: false,
        status: 404,
      });
    const rate = (row.rates as CarrierRate[]).find((r) => r.id === row.rateId)!;
    const deliverAt = sandboxDeliveryTime(row.purchasedAt, rate.deliveryDays ?? 1);
    const status = row.refundStatus
      ? 'return_to_sender'
      : sandboxTrackingStatus(row.purchasedAt, deliverAt, this.now());
    return {
      trackingNumber,
      status,
      deliveredAt: status === 'delivered' ? deliverAt.toISOString() : null,
      estimatedDeliveryDate: deliverAt.toISOString(),
      providerJson: {
        object: 'Tracker',
        tracking_code: trackingNumber,
        carrier: rate.carrier,
        status,
        est_delivery_date: deliverAt.toISOString(),
      },
    };
  }

  private async find(id: string) {
    const [row] = await this.db.select().from(sandboxShipments).where(eq(sandboxShipments.id, id));
    if (!row) throw new CarrierError(`Sandbox shipment ${id} not found.`, { uncertain: false, status: 404 });
    return row;
  }

  /** A repeated purchase with the same key answers the first one; any other is refused. */
  private replay(row: SandboxRow, idempotencyKey: string): PurchasedLabel {
    if (row.idempotencyKey !== idempotencyKey) {
      throw new CarrierError(`Shipment ${row.id} was already purchased.`, { uncertain: false, status: 409 });
    }
    return this.labelOf(row);
  }

  /** The purchase as the carrier answers it, with the label drawn (the same every time it is asked). */
  private labelOf(row: SandboxRow): PurchasedLabel {
    const request = row.request as unknown as SandboxRequest;
    const rate = (row.rates as CarrierRate[]).find((r) => r.id === row.rateId)!;
    const service = serviceOf(rate);
    const trackingNumber = row.trackingNumber!;
    const layout = buildShippingLabel({
      from: request.from,
      to: request.to,
      carrier: rate.carrier,
      serviceName: readableService(service),
      trackingNumber,
      barcodeValue: trackingBarcodeValue(rate.carrier, trackingNumber, request.to.postalCode),
      weightOunce: request.parcels.reduce((sum, parcel) => sum + parcel.weightOunce, 0),
      shipDate: row.purchasedAt!.toISOString().slice(0, 10),
      reference: request.reference ?? null,
      footer: 'SANDBOX LABEL - NO POSTAGE PAID',
    });
    const labelZpl = renderZpl(layout);
    const feeCents = toCents(row.fee ?? '0');
    return {
      providerShipmentId: row.id,
      rateId: rate.id,
      trackingNumber,
      carrier: rate.carrier,
      service: rate.service,
      feeCents,
      insuranceCents: toCents(row.insuranceFee ?? '0'),
      labelZpl,
      // Drawn from the layout when it is downloaded (labelPdf): a PDF takes longer than buying the label.
      labelPdfBase64: '',
      labelLayout: layout,
      providerJson: shipmentJson(row.id, request, row.rates as CarrierRate[], {
        rate,
        trackingNumber,
        insuredCents: toCents(row.insured ?? '0'),
        purchasedAt: row.purchasedAt!,
      }),
    };
  }
}

type SandboxRow = typeof sandboxShipments.$inferSelect;
interface SandboxRequest extends RateRequest {
  zone: number;
  ratedAt: string;
}

const SANDBOX_SHIPPERS: Shipper[] = (['USPS', 'UPS', 'FedEx'] as const).map((carrier) => ({
  id: shipperIdOf(carrier),
  carrier,
  description: `${carrier} (sandbox)`,
  adapter: 'sandbox',
}));

function shipperIdOf(carrier: SandboxService['carrier']): string {
  return `ca_sandbox_${carrier.toLowerCase()}`;
}

function serviceOf(rate: Pick<CarrierRate, 'carrier' | 'service'>): SandboxService {
  return SANDBOX_SERVICES.find((s) => s.carrier === rate.carrier && s.service === rate.service)!;
}

/** 'GroundAdvantage' -> 'Ground Advantage', '2ndDayAir' -> '2nd Day Air', 'FEDEX_2_DAY' -> '2 Day'. */
export function readableService(service: Pick<SandboxService, 'service'>): string {
  const words = service.service
    .replace(/^FEDEX_/, '')
    .split('_')
    .flatMap((part) => part.split(/(?<=[a-z])(?=[A-Z])|(?<=[a-z])(?=\d)/));
  return words
    .map((w) => (w === w.toUpperCase() && w.length > 2 ? w.charAt(0) + w.slice(1).toLowerCase() : w))
    .join(' ');
}

const ALNUM = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function newTrackingNumber(service: SandboxService): string {
  if (service.carrier === 'UPS') {
    const shipper = `SB${Array.from({ length: 4 }, () => ALNUM[randomInt(36)]).join('')}`;
    return makeUpsTracking(shipper, service.trackingCode, randomInt(10_000_000));
  }
  if (service.carrier === 'USPS') {
    const channel = service.service === 'Express' ? '92' : '94';
    return makeUspsTracking(
      channel,
      service.trackingCode,
      900_000_000 + randomInt(100_000_000),
      randomInt(10_000_000),
    );
  }
  return makeFedexTracking(service.trackingCode, randomInt(100_000_000_000_000));
}

/** When a sandbox label is delivered: `days` business days after its purchase, at 17:00 UTC. */
export function sandboxDeliveryTime(purchasedAt: Date, days: number): Date {
  const date = addBusinessDays(purchasedAt, days);
  date.setUTCHours(17);
  return date;
}

/** Pre-transit for 4 hours after purchase, in transit, out for delivery from 6 hours before, then delivered. */
export function sandboxTrackingStatus(purchasedAt: Date, deliverAt: Date, now: Date): TrackingStatus {
  const t = now.getTime();
  if (t >= deliverAt.getTime()) return 'delivered';
  if (t >= deliverAt.getTime() - 6 * 3_600_000) return 'out_for_delivery';
  if (t >= purchasedAt.getTime() + 4 * 3_600_000) return 'in_transit';
  return 'pre_transit';
}

const addressJson = (a: CarrierAddress) => ({
  object: 'Address',
  name: a.name,
  company: a.company,
  street1: a.street1,
  street2: a.street2,
  city: a.city,
  state: a.state,
  zip: a.postalCode,
  country: a.country,
  phone: a.phone,
  email: a.email,
});

const parcelJson = (p: CarrierParcel) => ({
  object: 'Parcel',
  length: p.lengthInch,
  width: p.widthInch,
  height: p.heightInch,
  weight: p.weightOunce,
});

/** The shipment in EasyPost's JSON shape, so the one-off screens read it whichever adapter made it. */
function shipmentJson(
  id: string,
  request: SandboxRequest,
  rates: CarrierRate[],
  purchase: { rate: CarrierRate; trackingNumber: string; insuredCents: number; purchasedAt: Date } | null,
) {
  const rateJson = (r: CarrierRate) => ({
    id: r.id,
    object: 'Rate',
    shipment_id: id,
    carrier: r.carrier,
    carrier_account_id: r.shipperId,
    service: r.service,
    rate: centsToDecimal(r.rateCents),
    currency: 'USD',
    delivery_days: r.deliveryDays,
    delivery_date: r.deliveryDate,
    est_delivery_days: r.deliveryDays,
  });
  return {
    id,
    object: 'Shipment',
    mode: 'test',
    reference: request.reference ?? null,
    created_at: request.ratedAt,
    from_address: addressJson(request.from),
    to_address: addressJson(request.to),
    parcel: parcelJson(request.parcels[0]!),
    parcels: request.parcels.map(parcelJson),
    rates: rates.map(rateJson),
    selected_rate: purchase ? rateJson(purchase.rate) : null,
    tracking_code: purchase?.trackingNumber ?? null,
    insurance: purchase && purchase.insuredCents > 0 ? centsToDecimal(purchase.insuredCents) : null,
    // The shipping service points these at its own label download once the ledger row exists.
    postage_label: purchase
      ? {
          object: 'PostageLabel',
          label_date: purchase.purchasedAt.toISOString(),
          label_size: '4x6',
          label_pdf_url: null,
          label_zpl_url: null,
        }
      : null,
    refund_status: null,
  };
}
