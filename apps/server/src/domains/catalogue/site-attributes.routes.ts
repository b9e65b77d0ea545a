import {
  idParam,
  productFacetSchema,
  productFacetsQuerySchema,
  productSchema,
  siteAttributesQuerySchema,
  siteAttributesSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { productFacetsOf, siteAttributesOf } from './site-attributes.service';
import { listFamily } from './use-cases';

/**
 * The attributes panel's site variant (catalogue-admin.md §2.5, §7 "Fetching required site attributes for a
 * product id … and fetching product facets (site id, channel id): paths and payloads not shown"), and the
 * product's family for its family table. {product} = backroom.
 */
const V0 = '/api/backroom';
const tags = ['catalogue'];
const productParams = z.object({ productId: idParam });

export function siteAttributeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.get(
    `${V0}/product/:productId/siteAttributes`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        params: productParams,
        querystring: siteAttributesQuerySchema,
        response: { 200: envelopeOf(siteAttributesSchema) },
      },
    },
    async (request) =>
      ok(await siteAttributesOf(deps, authOf(request), request.params.productId, request.query.siteId)),
  );
  r.get(
    `${V0}/product/facets`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        querystring: productFacetsQuerySchema,
        response: { 200: envelopeOf(productFacetSchema) },
      },
    },
    async (request) =>
      ok(await productFacetsOf(deps, authOf(request), request.query.siteId, request.query.channelId)),
  );
  r.get(
    `${V0}/product/:productId/family`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, params: productParams, response: { 200: envelopeOf(productSchema) } },
    },
    async (request) => ok(await listFamily(deps, authOf(request), request.params.productId)),
  );
}
