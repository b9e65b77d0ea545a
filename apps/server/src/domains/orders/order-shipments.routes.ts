import {
  boughtShipmentSchema,
  orderShipmentSchema,
  orderShipmentsPatchSchema,
  orderShipmentsQuerySchema,
  shipmentBuyRequestSchema,
  shipmentPackRequestSchema,
  shipmentPrintJobSchema,
  shipmentPrintLabelSchema,
  shipmentRatesRequestSchema,
  shipmentVoidRequestSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { registerOrderShipmentDelivery } from './order-shipment-delivery';
import {
  buyOrderShipment,
  printOrderShipmentLabel,
  rateOrderShipment,
  voidOrderShipment,
} from './order-shipment-labels.service';
import { listOrderShipments, packShipment, patchShipments } from './order-shipments.service';

/**
 * Order shipments (orders-warehouse.md §7 Shipments), permission shipping: warehouse staff pack and ship
 * without the order-desk permission. Every call answers the shipments it touched (orderShipmentSchema).
 */
const V1 = '/api/v1/backroom/warehouse';
const tags = ['shipping'];
const shipments = envelopeOf(orderShipmentSchema);

export function orderShipmentRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerOrderShipmentDelivery();
  const r = typed(app);
  const config = { permission: 'shipping' } as const;

  r.get(
    `${V1}/shipments`,
    { config, schema: { tags, querystring: orderShipmentsQuerySchema, response: { 200: shipments } } },
    async (request) => ok(await listOrderShipments(deps, authOf(request), request.query.channelOrderId)),
  );

  r.patch(
    `${V1}/shipments`,
    { config, schema: { tags, body: orderShipmentsPatchSchema, response: { 200: shipments } } },
    async (request) => ok(await patchShipments(deps, authOf(request), request.body.shipments)),
  );

  r.post(
    `${V1}/shipment/package/rates`,
    { config, schema: { tags, body: shipmentRatesRequestSchema, response: { 200: shipments } } },
    async (request) => ok(await rateOrderShipment(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/shipments/package/pack`,
    { config, schema: { tags, body: shipmentPackRequestSchema, response: { 200: shipments } } },
    async (request) => ok(await packShipment(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/shipments/package/void`,
    { config, schema: { tags, body: shipmentVoidRequestSchema, response: { 200: shipments } } },
    async (request) => ok(await voidOrderShipment(deps, authOf(request), request.body.channelOrderShipment)),
  );

  r.post(
    `${V1}/shipment/package/buy`,
    {
      config,
      schema: { tags, body: shipmentBuyRequestSchema, response: { 200: envelopeOf(boughtShipmentSchema) } },
    },
    async (request) => ok(await buyOrderShipment(deps, authOf(request), request.body)),
  );

  r.post(
    `${V1}/shipment/printLabel`,
    {
      config,
      schema: { tags, body: shipmentPrintLabelSchema, response: { 200: envelopeOf(shipmentPrintJobSchema) } },
    },
    async (request) => ok([await printOrderShipmentLabel(deps, authOf(request), request.body)]),
  );
}
