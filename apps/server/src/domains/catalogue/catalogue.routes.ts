import {
  attributeSaveSchema,
  attributeSchema,
  barcodeAssignSchema,
  brandCreateSchema,
  brandProductsQuerySchema,
  bundleItemsPatchSchema,
  idParam,
  printProductLabelSchema,
  printProductPackageLabelSchema,
  productPatchListSchema,
  productSearchSchema,
  productsByIdsQuerySchema,
  siteCategorySuggestionsSchema,
  text,
  textSearchSchema,
  usedVariantCreateSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { brandPageRoutes } from './brand-page.routes';
import * as catalogue from './catalogue.service';
import * as labels from './product-labels.service';
import * as productsService from './use-cases';
import * as usedVariants from './used-variants.service';

/** catalogue-admin.md §7 Brand products, Search, Attributes, Site category suggestions; {product} = backroom. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const tags = ['catalogue'];
const loose = z.looseObject({});
const brandIdParams = z.object({ brandId: idParam });
/** "Cache: 2.5 minutes for brand and purchasing statuses" (catalogue-admin.md §9). */
const CACHE_150 = 'private, max-age=150';

export function catalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  brandPageRoutes(app, deps);

  r.get(
    `${V0}/account/brand/:brandId`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: brandIdParams, response: { 200: envelopeOf(loose) } },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_150);
      return ok(await catalogue.getBrand(deps, authOf(request), request.params.brandId));
    },
  );

  r.get(
    `${V0}/account/brands`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        querystring: z.object({ eager: text().max(200).optional() }),
        response: { 200: envelopeOf(loose) },
      },
    },
    async (request) => ok(await catalogue.listBrands(deps, authOf(request))),
  );

  r.patch(
    `${V0}/brands`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: brandCreateSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) => ok(await catalogue.createBrand(deps, authOf(request), request.body.name)),
  );

  r.get(
    `${V0}/brand/:brandId/products`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        params: brandIdParams,
        querystring: brandProductsQuerySchema,
        response: { 200: envelopeOf(loose) },
      },
    },
    async (request) =>
      ok(
        await productsService.listBrandProducts(
          deps,
          authOf(request),
          request.params.brandId,
          request.query.isActive,
        ),
      ),
  );

  r.get(
    `${V0}/products`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, querystring: productsByIdsQuerySchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) =>
      ok(await productsService.listProductsByIds(deps, authOf(request), request.query.productIds)),
  );

  r.get(
    `${V0}/product/:productId`,
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        params: z.object({ productId: idParam }),
        response: { 200: envelopeOf(loose) },
      },
    },
    async (request) => ok(await productsService.getProduct(deps, authOf(request), request.params.productId)),
  );

  r.put(
    `${V0}/product`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: usedVariantCreateSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) => ok(await usedVariants.createUsedVariant(deps, authOf(request), request.body)),
  );

  r.patch(
    `${V0}/product/bundleItems`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: bundleItemsPatchSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) => ok(await productsService.patchBundleItems(deps, authOf(request), request.body)),
  );

  r.get(
    `${V0}/product/pricingStrategies`,
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: envelopeOf(loose) } } },
    async () => ok(await catalogue.listPricingStrategies(deps)),
  );

  r.get(
    `${V0}/product/purchasingStatuses`,
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: envelopeOf(loose) } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_150);
      return ok(await catalogue.listPurchasingStatuses(deps));
    },
  );

  r.patch(
    `${V0}/products`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        body: productPatchListSchema,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await productsService.patchProducts(deps, authOf(request), request.body)),
  );

  r.post(
    `${V0}/search/products`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: productSearchSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) => ok(await productsService.searchProducts(deps, authOf(request), request.body)),
  );

  r.post(
    `${V0}/category/search`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: textSearchSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) => ok(await catalogue.searchCategories(deps, authOf(request), request.body.search)),
  );

  r.post(
    `${V0}/attribute/search`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: textSearchSchema, response: { 200: envelopeOf(attributeSchema) } },
    },
    async (request) => ok(await catalogue.searchAttributes(deps, authOf(request), request.body.search)),
  );

  r.patch(
    `${V0}/attribute`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: attributeSaveSchema, response: { 200: envelopeOf(attributeSchema) } },
    },
    async (request) => ok(await catalogue.saveAttribute(deps, authOf(request), request.body)),
  );

  r.get(
    `${V0}/account/vendors`,
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: envelopeOf(loose) } } },
    async (request) => ok(await catalogue.listVendors(deps, authOf(request))),
  );

  r.post(
    `${V1}/listing/siteCategorySuggestions`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: siteCategorySuggestionsSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) =>
      ok(
        await catalogue.siteCategorySuggestions(
          deps,
          authOf(request),
          request.body.siteId,
          request.body.productCategoryIds,
        ),
      ),
  );

  // catalogue-admin.md §7 Printing: the three product labels (papers 32, 64 and 37).
  const queued = envelopeOf(
    z.object({ id: z.number(), state: z.string(), description: z.string(), printerId: z.number() }),
  );
  r.post(
    `${V1}/print/printProductPackageLabel`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printProductPackageLabelSchema, response: { 200: queued } },
    },
    async (request) => ok(await labels.printProductPackageLabel(deps, authOf(request), request.body)),
  );
  r.post(
    `${V1}/print/printRetailProductLabel`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printProductLabelSchema, response: { 200: queued } },
    },
    async (request) => ok(await labels.printRetailProductLabel(deps, authOf(request), request.body)),
  );
  r.post(
    `${V1}/print/printMiniPackageLabel`,
    {
      config: { permission: 'printing' },
      schema: { tags, body: printProductLabelSchema, response: { 200: queued } },
    },
    async (request) => ok(await labels.printMiniPackageLabel(deps, authOf(request), request.body)),
  );

  // The barcode pool (path not shown in the spec): the next unused UPC of the account.
  r.post(
    `${V1}/product/barcodePool/assign`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: barcodeAssignSchema, response: { 200: envelopeOf(loose) } },
    },
    async (request) => ok(await catalogue.assignPoolBarcode(deps, authOf(request), request.body.productId)),
  );
}
