import { toCents } from '@backroom/shared';
import EasyPostClient from '@easypost/api';
import type {
  CarrierAdapter,
  CarrierAddress,
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

// The EasyPost adapter, on when EASYPOST_API_KEY is set, through EasyPost's official client. A shipment is
// created with its addresses and parcel and answered with its rates; buying names one rate (with insurance);
// the label comes as ZPL (the shipment's label format) and as PDF (a label format conversion), both fetched
// from EasyPost's files; a refund is requested to void; a Tracker follows a tracking number. EasyPost keeps
// the shipment, so a purchase whose answer was lost is found again by retrieving it (findPurchase).

/** The JSON shapes this adapter reads (EasyPost's Shipment, Rate, PostageLabel, Fee, Tracker, CarrierAccount). */
interface EpRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  carrier_account_id: string;
  delivery_days: number | null;
  delivery_date: string | null;
}
interface EpShipment {
  id: string;
  rates?: EpRate[];
  selected_rate?: EpRate | null;
  tracking_code?: string | null;
  insurance?: string | null;
  postage_label?: {
    label_zpl_url?: string | null;
    label_pdf_url?: string | null;
    label_url?: string | null;
  } | null;
  fees?: { type: string; amount: string; charged?: boolean; refunded?: boolean }[];
  refund_status?: string | null;
  messages?: { carrier?: string; message?: string }[];
}
interface EpTracker {
  tracking_code: string;
  status: string;
  est_delivery_date?: string | null;
  tracking_details?: { status: string; datetime: string }[];
}
interface EpCarrierAccount {
  id: string;
  type?: string;
  readable?: string | null;
  description?: string | null;
}

/** The services of the client this adapter uses (its typings declare them static; they live on the client). */
interface Client {
  Shipment: {
    create(params: object): Promise<EpShipment>;
    retrieve(id: string): Promise<EpShipment>;
    buy(id: string, rateId: string, insurance?: string | null): Promise<EpShipment>;
    convertLabelFormat(id: string, format: string): Promise<EpShipment>;
    refund(id: string): Promise<EpShipment>;
  };
  Tracker: { create(params: object): Promise<EpTracker> };
  CarrierAccount: { all(params?: object): Promise<EpCarrierAccount[]> };
  Utils: { validateWebhook(body: Buffer, headers: object, secret: string): object };
}

export interface EasyPostOptions {
  apiKey: string;
  /** The API's address ending in /v2/ (default EasyPost's own). */
  baseUrl?: string;
  timeoutMs: number;
}

export class EasyPostCarrier implements CarrierAdapter {
  readonly kind = 'easypost' as const;
  private readonly client: Client;
  private shipperCache: { at: number; shippers: Shipper[] } | null = null;

  constructor(private readonly options: EasyPostOptions) {
    this.client = new EasyPostClient(options.apiKey, {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      // The client keeps a timeout option without applying it: each request gets one here.
      requestMiddleware: (request: { timeout(t: object): unknown }) => {
        request.timeout({ response: options.timeoutMs, deadline: options.timeoutMs });
        return request;
      },
    }) as unknown as Client;
  }

  /** EasyPost's HMAC check of a webhook body (X-Hmac-Signature); throws when it does not match. */
  validateWebhook(body: Buffer, headers: object, secret: string): object {
    return this.client.Utils.validateWebhook(body, headers, secret);
  }

  async shippers(): Promise<Shipper[]> {
    // Carrier accounts change rarely; a minute's cache keeps the shipments screen from asking every time.
    if (this.shipperCache && Date.now() - this.shipperCache.at < 60_000) return this.shipperCache.shippers;
    const accounts = await call('list the carrier accounts', () => this.client.CarrierAccount.all());
    const shippers = accounts.map((account) => ({
      id: account.id,
      carrier: account.readable ?? account.type ?? 'Carrier',
      description: account.description || account.readable || account.id,
      adapter: 'easypost' as const,
    }));
    this.shipperCache = { at: Date.now(), shippers };
    return shippers;
  }

  async rate(request: RateRequest): Promise<RatedShipment> {
    if (request.parcels.length !== 1) {
      throw new CarrierError('EasyPost rates one parcel per shipment.', { uncertain: false, status: 400 });
    }
    const parcel = request.parcels[0]!;
    const shipment = await call('create the shipment', () =>
      this.client.Shipment.create({
        from_address: addressOf(request.from),
        to_address: addressOf(request.to),
        parcel: {
          length: parcel.lengthInch,
          width: parcel.widthInch,
          height: parcel.heightInch,
          weight: parcel.weightOunce,
        },
        ...(request.shipperIds?.length ? { carrier_accounts: request.shipperIds } : {}),
        ...(request.reference ? { reference: request.reference } : {}),
        options: { label_format: 'ZPL', label_size: '4x6' },
      }),
    );
    return {
      providerShipmentId: shipment.id,
      rates: (shipment.rates ?? []).map(rateOf),
      providerJson: plain(shipment),
    };
  }

  async buy(input: {
    providerShipmentId: string;
    rateId: string;
    insuredCents: number;
  }): Promise<PurchasedLabel> {
    const insurance = input.insuredCents > 0 ? (input.insuredCents / 100).toFixed(2) : null;
    const bought = await call('buy the label', () =>
      this.client.Shipment.buy(input.providerShipmentId, input.rateId, insurance),
    );
    return this.purchaseOf(bought);
  }

  async findPurchase(providerShipmentId: string): Promise<PurchasedLabel | null> {
    const shipment = await call('look the shipment up', () =>
      this.client.Shipment.retrieve(providerShipmentId),
    );
    return shipment.tracking_code && shipment.postage_label ? this.purchaseOf(shipment) : null;
  }

  async void(providerShipmentId: string): Promise<{ status: RefundStatus; refundCents: number }> {
    const shipment = await call('void the label', () => this.client.Shipment.refund(providerShipmentId));
    const status: RefundStatus =
      shipment.refund_status === 'refunded'
        ? 'refunded'
        : shipment.refund_status === 'submitted'
          ? 'submitted'
          : 'rejected';
    return { status, refundCents: status === 'rejected' ? 0 : feeOf(shipment) };
  }

  async track(trackingNumber: string, carrier: string): Promise<TrackingUpdate> {
    // EasyPost answers the existing Tracker of a tracking number rather than making a second one.
    const tracker = await call('track the label', () =>
      this.client.Tracker.create({ tracking_code: trackingNumber, carrier: carrierCode(carrier) }),
    );
    return trackingUpdateOf(tracker);
  }

  /** A bought shipment as a purchase: its label files fetched (ZPL as bought, PDF by a format conversion). */
  private async purchaseOf(shipment: EpShipment): Promise<PurchasedLabel> {
    const rate = shipment.selected_rate;
    if (!rate || !shipment.tracking_code || !shipment.postage_label) {
      throw new CarrierError(`EasyPost shipment ${shipment.id} has no label.`, { uncertain: true });
    }
    let pdfUrl = shipment.postage_label.label_pdf_url;
    let json = shipment;
    if (!pdfUrl) {
      json = await call('convert the label to PDF', () =>
        this.client.Shipment.convertLabelFormat(shipment.id, 'PDF'),
      );
      pdfUrl = json.postage_label?.label_pdf_url;
    }
    const zplUrl = json.postage_label?.label_zpl_url ?? shipment.postage_label.label_zpl_url;
    if (!zplUrl || !pdfUrl)
      throw new CarrierError(`EasyPost gave no ZPL and PDF label for ${shipment.id}.`, { uncertain: true });
    const [zpl, pdf] = await Promise.all([this.download(zplUrl), this.download(pdfUrl)]);
    const insuranceFee = (json.fees ?? [])
      .filter((fee) => fee.type === 'InsuranceFee')
      .reduce((sum, fee) => sum + toCents(fee.amount), 0);
    return {
      providerShipmentId: shipment.id,
      rateId: rate.id,
      trackingNumber: shipment.tracking_code,
      carrier: rate.carrier,
      service: rate.service,
      feeCents: feeOf(json),
      insuranceCents: insuranceFee,
      labelZpl: zpl.toString('utf8'),
      labelPdfBase64: pdf.toString('base64'),
      labelLayout: null,
      providerJson: plain(json),
    };
  }

  private async download(url: string): Promise<Buffer> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new CarrierError(`Could not fetch the label file: ${(error as Error).message}`, {
        uncertain: true,
        cause: error,
      });
    }
  }
}

/** The client's model objects as plain JSON, as stored and handed on. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value));

const addressOf = (a: CarrierAddress) => ({
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

const rateOf = (r: EpRate): CarrierRate => ({
  id: r.id,
  carrier: r.carrier,
  service: r.service,
  rateCents: toCents(r.rate),
  deliveryDate: r.delivery_date ?? null,
  deliveryDays: r.delivery_days ?? null,
  shipperId: r.carrier_account_id,
});

/** What the shipment cost: its charged fees (postage, label, insurance) or else the selected rate. */
function feeOf(shipment: EpShipment): number {
  const charged = (shipment.fees ?? []).filter((fee) => fee.charged !== false);
  if (charged.length) return charged.reduce((sum, fee) => sum + toCents(fee.amount), 0);
  return shipment.selected_rate ? toCents(shipment.selected_rate.rate) : 0;
}

/** Our carrier names to EasyPost's carrier codes. */
const carrierCode = (carrier: string) => carrier.replace(/\s*\(AMZN\)$/, '');

const TRACKING_STATUSES: readonly TrackingStatus[] = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'return_to_sender',
  'failure',
];

/** A Tracker as a tracking update: delivered at the time of its delivered detail. */
export function trackingUpdateOf(tracker: EpTracker): TrackingUpdate {
  const status = (TRACKING_STATUSES as readonly string[]).includes(tracker.status)
    ? (tracker.status as TrackingStatus)
    : 'unknown';
  const delivered = [...(tracker.tracking_details ?? [])]
    .reverse()
    .find((detail) => detail.status === 'delivered');
  return {
    trackingNumber: tracker.tracking_code,
    status,
    deliveredAt: status === 'delivered' ? (delivered?.datetime ?? new Date().toISOString()) : null,
    estimatedDeliveryDate: tracker.est_delivery_date ?? null,
    providerJson: plain(tracker),
  };
}

/**
 * Runs a client call, turning its failures into CarrierErrors: EasyPost's 4xx answers are refusals (nothing
 * happened); a timeout, a dropped connection or a 5xx may have done the work, so they are uncertain.
 */
async function call<T>(doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as {
      statusCode?: number;
      status?: number;
      code?: string;
      message?: string;
      timeout?: number;
    };
    const status = e.statusCode ?? e.status ?? null;
    const refused = status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
    const neverSent = e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND';
    const message = e.timeout
      ? `EasyPost did not answer within ${e.timeout} ms`
      : (e.message ?? String(error));
    throw new CarrierError(`Could not ${doing}: ${message}`, {
      uncertain: !refused && !neverSent,
      status,
      cause: error,
    });
  }
}
