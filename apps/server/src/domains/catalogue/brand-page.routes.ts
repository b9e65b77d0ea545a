import {
  idParam,
  inventoryQuantityPatchSchema,
  inventorySummarySchema,
  productQueueCreateSchema,
  productQueueProductsQuerySchema,
  productQueueSchema,
  productSchema,
  productSiteCategoryPatchSchema,
  productSiteCategorySchema,
  siteCategoryChangeSchema,
  siteCategorySchema,
  siteCategorySearchSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { patchInventoryAvailable } from './inventory-edit.service';
import * as queues from './product-queues.service';
import * as siteCategories from './site-categories.service';

/**
 * The brand page's own calls beyond the spec's table (catalogue-admin.md §2.2–§2.4, §4.1, §7): a location's
 * available quantity, product queues and the marketplace category of products. {product} = backroom.
 */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const tags = ['catalogue'];
const queueIdParam = z.object({ id: idParam });

export function brandPageRoutes(app: FastifyInstance, deps: AppDeps): void {
  inventoryQuantityRoutes(app, deps);
  productQueueRoutes(app, deps);
  siteCategoryRoutes(app, deps);
}

function inventoryQuantityRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  // §4.1 "Inventory edit of quantityAvailable", from the editor's Inventory section.
  r.patch(
    `${V0}/product/inventory`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        body: inventoryQuantityPatchSchema,
        response: { 200: envelopeOf(inventorySummarySchema) },
      },
    },
    async (request) => ok(await patchInventoryAvailable(deps, authOf(request), request.body)),
  );
}

/** §2.2, §7 Product queues: the saved selections of products, and each queue's products. */
function productQueueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.get(
    `${V0}/productQueues`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, response: { 200: envelopeOf(productQueueSchema) } },
    },
    async (request) => ok(await queues.listQueues(deps, authOf(request))),
  );

  r.put(
    `${V0}/productQueue`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: productQueueCreateSchema, response: { 200: envelopeOf(productQueueSchema) } },
    },
    async (request) => ok(await queues.createQueue(deps, authOf(request), request.body)),
  );

  r.delete(
    `${V0}/productQueue/:id`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, params: queueIdParam, response: { 200: envelopeOf(z.object({ id: z.number() })) } },
    },
    async (request) => ok(await queues.deleteQueue(deps, authOf(request), request.params.id)),
  );

  // §7 "GET on the active queue's own address | query eager=true, brandId, isActive": brand list rows.
  r.get(
    `${V0}/productQueue/:id/products`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        params: queueIdParam,
        querystring: productQueueProductsQuerySchema,
        response: { 200: envelopeOf(productSchema) },
      },
    },
    async (request) =>
      ok(await queues.listQueueProducts(deps, authOf(request), request.params.id, request.query)),
  );
}

/** §2.4 The marketplace category of products: search, change, a product's categories. */
function siteCategoryRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  r.post(
    `${V1}/listing/siteCategory/search`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: siteCategorySearchSchema, response: { 200: envelopeOf(siteCategorySchema) } },
    },
    async (request) => ok(await siteCategories.searchSiteCategories(deps, request.body)),
  );

  // §2.4 marketplace category 'Change': every selected product at once, all or nothing.
  r.patch(
    `${V1}/listing/siteCategory`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        body: productSiteCategoryPatchSchema,
        response: {
          200: envelopeOf(siteCategoryChangeSchema),
        },
      },
    },
    async (request) =>
      ok(await siteCategories.changeProductSiteCategory(deps, authOf(request), request.body)),
  );

  r.get(
    `${V1}/product/:id/siteCategories`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        params: queueIdParam,
        response: { 200: envelopeOf(productSiteCategorySchema) },
      },
    },
    async (request) =>
      ok(await siteCategories.productSiteCategoriesOf(deps, authOf(request), request.params.id)),
  );
}
