import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for EasyPost's API (v2), answering with EasyPost's documented JSON shapes: carrier accounts,
 * shipments with rates, buy (with insurance and fees), label format conversion, refunds and trackers, plus the
 * label files its postage labels point at. It keeps what it was asked, so tests can see every call, and can be
 * told to hold a buy's answer past the client's timeout after recording the purchase.
 */
export class FakeEasyPost {
  readonly apiKey = `EZTK${randomBytes(8).toString('hex')}`;
  readonly calls: { method: string; path: string; body: unknown }[] = [];
  readonly shipments = new Map<string, Record<string, unknown>>();
  /** Milliseconds to wait before answering a buy, after the purchase is recorded. */
  buyDelayMs = 0;
  /** The status the next trackers report. */
  trackerStatus = 'in_transit';
  private server: Server | undefined;
  private base = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return `${this.base}/v2/`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }

  count(method: string, pattern: RegExp): number {
    return this.calls.filter((c) => c.method === method && pattern.test(c.path)).length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : {};
    const url = new URL(req.url ?? '/', this.base);
    this.calls.push({ method: req.method ?? 'GET', path: url.pathname, body });
    if (url.pathname.startsWith('/files/')) return this.file(url.pathname, res);
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    if (auth !== `${this.apiKey}:`) {
      return send(res, 401, {
        error: { code: 'APIKEY.INACTIVE', message: 'This api key is no longer active.', errors: [] },
      });
    }
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /v2/carrier_accounts') return send(res, 200, CARRIER_ACCOUNTS);
    if (route === 'POST /v2/shipments') return send(res, 201, this.createShipment(body.shipment));
    const shipmentCall = /^(GET|POST) \/v2\/shipments\/(shp_\w+)(\/\w+)?$/.exec(route);
    if (shipmentCall) {
      const [, method, id, action = ''] = shipmentCall;
      return this.withShipment(res, id!, (s) => this.shipmentCall(res, s, `${method} ${action}`, body, url));
    }
    if (route === 'POST /v2/trackers')
      return send(res, 201, this.tracker(body.tracker.tracking_code, body.tracker.carrier));
    send(res, 404, {
      error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.', errors: [] },
    });
  }

  private shipmentCall(
    res: ServerResponse,
    s: Record<string, unknown>,
    call: string,
    body: { rate: { id: string }; insurance?: string },
    url: URL,
  ) {
    if (call === 'GET ') return send(res, 200, s);
    if (call === 'POST /buy') return void this.buy(res, s, body);
    if (call === 'GET /label') {
      if (!s.postage_label)
        return send(res, 422, error('SHIPMENT.POSTAGE.REQUIRED', 'Shipment has no label.'));
      const format = String(url.searchParams.get('file_format')).toLowerCase();
      (s.postage_label as Record<string, unknown>)[`label_${format}_url`] =
        `${this.base}/files/${s.id}.${format}`;
      return send(res, 200, s);
    }
    if (call === 'POST /refund') {
      if (!s.postage_label)
        return send(res, 422, error('SHIPMENT.REFUND.UNAVAILABLE', 'No postage to refund.'));
      s.refund_status = 'submitted';
      return send(res, 200, s);
    }
    send(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
  }

  private withShipment(res: ServerResponse, id: string, then: (s: Record<string, unknown>) => void) {
    const shipment = this.shipments.get(id);
    if (!shipment)
      return send(res, 404, {
        error: {
          code: 'SHIPMENT.NOT_FOUND',
          message: 'The requested resource could not be found.',
          errors: [],
        },
      });
    then(shipment);
  }

  private createShipment(params: Record<string, unknown>) {
    const id = `shp_${randomBytes(16).toString('hex')}`;
    const rate = (carrier: string, service: string, price: string, days: number, account: string) => ({
      id: `rate_${randomBytes(16).toString('hex')}`,
      object: 'Rate',
      mode: 'test',
      service,
      carrier,
      rate: price,
      currency: 'USD',
      retail_rate: null,
      list_rate: price,
      delivery_days: days,
      delivery_date: null,
      delivery_date_guaranteed: false,
      est_delivery_days: days,
      shipment_id: id,
      carrier_account_id: account,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
    const shipment = {
      id,
      object: 'Shipment',
      mode: 'test',
      reference: params.reference ?? null,
      status: 'unknown',
      created_at: new Date().toISOString(),
      from_address: {
        id: `adr_${randomBytes(8).toString('hex')}`,
        object: 'Address',
        ...(params.from_address as object),
      },
      to_address: {
        id: `adr_${randomBytes(8).toString('hex')}`,
        object: 'Address',
        ...(params.to_address as object),
      },
      parcel: {
        id: `prcl_${randomBytes(8).toString('hex')}`,
        object: 'Parcel',
        ...(params.parcel as object),
      },
      options: params.options ?? {},
      rates: [
        rate('USPS', 'Priority', '9.40', 2, 'ca_usps'),
        rate('USPS', 'GroundAdvantage', '6.10', 4, 'ca_usps'),
        rate('UPS', 'Ground', '11.25', 3, 'ca_ups'),
        rate('FedEx', 'FEDEX_ENVELOPE Envelope', '4.00', 1, 'ca_fedex'),
        rate('AmazonMws', 'UPS Ground', '8.75', 3, 'ca_amazon'),
      ],
      selected_rate: null,
      postage_label: null,
      tracking_code: null,
      insurance: null,
      fees: [],
      refund_status: null,
      messages: [],
    };
    this.shipments.set(id, shipment);
    return shipment;
  }

  private async buy(
    res: ServerResponse,
    shipment: Record<string, unknown>,
    body: { rate: { id: string }; insurance?: string },
  ) {
    if (shipment.postage_label) {
      return send(res, 422, {
        error: {
          code: 'SHIPMENT.POSTAGE.EXISTS',
          message: 'Postage already exists for this shipment.',
          errors: [],
        },
      });
    }
    const rate = (shipment.rates as { id: string; rate: string; carrier: string }[]).find(
      (r) => r.id === body.rate?.id,
    );
    if (!rate)
      return send(res, 422, {
        error: { code: 'SHIPMENT.RATE.INVALID', message: 'Rate not found.', errors: [] },
      });
    const insurance = body.insurance ? Number(body.insurance) : 0;
    const insuranceFee = insurance > 0 ? (Math.round(insurance * 0.5) / 100).toFixed(2) : null;
    Object.assign(shipment, {
      selected_rate: rate,
      tracking_code: rate.carrier === 'UPS' ? '1ZSBX4A70370000017' : '9400100000000000000017',
      insurance: insurance > 0 ? insurance.toFixed(2) : null,
      postage_label: {
        id: `pl_${randomBytes(16).toString('hex')}`,
        object: 'PostageLabel',
        label_date: new Date().toISOString(),
        label_resolution: 203,
        label_size: '4x6',
        label_type: 'default',
        label_file_type: 'application/zpl',
        label_url: `${this.base}/files/${shipment.id}.png`,
        label_zpl_url: `${this.base}/files/${shipment.id}.zpl`,
        label_pdf_url: null,
        label_epl2_url: null,
      },
      fees: [
        { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
        { object: 'Fee', type: 'PostageFee', amount: rate.rate, charged: true, refunded: false },
        ...(insuranceFee
          ? [{ object: 'Fee', type: 'InsuranceFee', amount: insuranceFee, charged: true, refunded: false }]
          : []),
      ],
    });
    // Recorded; the answer may still be held past the client's patience.
    if (this.buyDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.buyDelayMs));
    if (!res.destroyed) send(res, 200, shipment);
  }

  private tracker(trackingCode: string, carrier: string) {
    const delivered = this.trackerStatus === 'delivered';
    return {
      id: `trk_${randomBytes(16).toString('hex')}`,
      object: 'Tracker',
      mode: 'test',
      tracking_code: trackingCode,
      status: this.trackerStatus,
      status_detail: delivered ? 'arrived_at_destination' : 'in_transit',
      carrier,
      est_delivery_date: '2026-03-06T17:00:00Z',
      tracking_details: [
        {
          object: 'TrackingDetail',
          message: 'Pre-Shipment Info Sent to USPS',
          status: 'pre_transit',
          datetime: '2026-03-02T15:00:00Z',
        },
        ...(delivered
          ? [
              {
                object: 'TrackingDetail',
                message: 'Delivered',
                status: 'delivered',
                datetime: '2026-03-05T18:21:00Z',
              },
            ]
          : []),
      ],
      fees: [],
      public_url: `https://track.easypost.com/${trackingCode}`,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
  }

  private file(pathname: string, res: ServerResponse) {
    const name = pathname.slice('/files/'.length);
    if (name.endsWith('.zpl')) {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`^XA^FO50,50^A0N,40,40^FD${name}^FS^XZ`);
    } else if (name.endsWith('.pdf')) {
      res
        .writeHead(200, { 'content-type': 'application/pdf' })
        .end(Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`));
    } else res.writeHead(404).end();
  }
}

/** The X-Hmac-Signature EasyPost sends with an event body signed with `secret`. */
export function easypostSignature(body: string, secret: string): string {
  return `hmac-sha256-hex=${createHmac('sha256', Buffer.from(secret.normalize('NFKD'), 'utf8'))
    .update(body, 'utf8')
    .digest('hex')}`;
}

const CARRIER_ACCOUNTS = [
  {
    id: 'ca_usps',
    object: 'CarrierAccount',
    type: 'UspsAccount',
    readable: 'USPS',
    description: 'USPS Account',
    reference: null,
  },
  {
    id: 'ca_ups',
    object: 'CarrierAccount',
    type: 'UpsAccount',
    readable: 'UPS',
    description: 'UPS Account',
    reference: null,
  },
  {
    id: 'ca_amazon',
    object: 'CarrierAccount',
    type: 'AmazonMwsAccount',
    readable: 'Amazon MWS',
    description: 'Amazon Buy Shipping',
    reference: null,
  },
];

const error = (code: string, message: string) => ({ error: { code, message, errors: [] } });

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(json));
}
