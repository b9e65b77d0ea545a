import {
  assignedBarcodeSchema,
  attributeSaveSchema,
  attributeSchema,
  barcodeAssignSchema,
  barcodeReleaseSchema,
  brandCreateSchema,
  brandProductsQuerySchema,
  brandSchema,
  bundleItemSchema,
  bundleItemsPatchSchema,
  categorySchema,
  idParam,
  pricingStrategySchema,
  printProductLabelSchema,
  printProductPackageLabelSchema,
  productDetailSchema,
  productPatchListSchema,
  productSchema,
  productSearchSchema,
  productsByIdsQuerySchema,
  purchasingStatusSchema,
  queuedPrintJobSchema,
  releasedBarcodeSchema,
  searchProductSchema,
  siteCategorySuggestionSchema,
  siteCategorySuggestionsSchema,
  text,
  textSearchSchema,
  usedVariantCreateSchema,
  vendorOptionSchema,
} from '@backroom/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { authOf } from '../../http/auth-guard';
import { envelopeOf, ok, typed } from '../../http/route-helpers';
import { brandPageRoutes } from './brand-page.routes';
import * as catalogue from './catalogue.service';
import * as labels from './product-labels.service';
import { siteAttributeRoutes } from './site-attributes.routes';
import * as productsService from './use-cases';
import * as usedVariants from './used-variants.service';

/** catalogue-admin.md §7 Brand products, Search, Attributes, Site category suggestions; {product} = backroom. */
const V0 = '/api/backroom';
const V1 = '/api/v1/backroom';
const tags = ['catalogue'];
const brandIdParams = z.object({ brandId: idParam });
/** "Cache: 2.5 minutes for brand and purchasing statuses" (catalogue-admin.md §9). */
const CACHE_150 = 'private, max-age=150';

export function catalogueRoutes(app: FastifyInstance, deps: AppDeps): void {
  brandRoutes(app, deps);
  brandPageRoutes(app, deps);
  siteAttributeRoutes(app, deps);
  productListRoutes(app, deps);
  productEditorRoutes(app, deps);
  catalogueChoiceRoutes(app, deps);
  productSearchRoutes(app, deps);
  productLabelRoutes(app, deps);
}

/** §7 Brands: one brand, the account's brands, 'Create New Brand'. */
function brandRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const brands = { 200: envelopeOf(brandSchema) };
  r.get(
    `${V0}/account/brand/:brandId`,
    { config: { permission: 'authenticated' }, schema: { tags, params: brandIdParams, response: brands } },
    async (request, reply) => {
      reply.header('cache-control', CACHE_150);
      return ok(await catalogue.getBrand(deps, authOf(request), request.params.brandId));
    },
  );
  r.get(
    `${V0}/account/brands`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: z.object({ eager: text().max(200).optional() }), response: brands },
    },
    async (request) => ok(await catalogue.listBrands(deps, authOf(request))),
  );
  r.patch(
    `${V0}/brands`,
    { config: { permission: 'catalogue' }, schema: { tags, body: brandCreateSchema, response: brands } },
    async (request) => ok(await catalogue.createBrand(deps, authOf(request), request.body.name)),
  );
}

/** §7 Brand products: a brand's products, the manage products list, and saving changed products. */
function productListRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'catalogue' } as const;
  const products = { 200: envelopeOf(productSchema) };
  r.get(
    `${V0}/brand/:brandId/products`,
    {
      config,
      schema: { tags, params: brandIdParams, querystring: brandProductsQuerySchema, response: products },
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
    { config, schema: { tags, querystring: productsByIdsQuerySchema, response: products } },
    async (request) =>
      ok(await productsService.listProductsByIds(deps, authOf(request), request.query.productIds)),
  );
  r.patch(
    `${V0}/products`,
    {
      config,
      schema: {
        tags,
        body: productPatchListSchema,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await productsService.patchProducts(deps, authOf(request), request.body)),
  );
}

/** §2.3, §2.11 The product editor: one product, a new condition variant, a bundle's component cards. */
function productEditorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const detail = { 200: envelopeOf(productDetailSchema) };
  r.get(
    `${V0}/product/:productId`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: z.object({ productId: idParam }), response: detail },
    },
    async (request) => ok(await productsService.getProduct(deps, authOf(request), request.params.productId)),
  );
  r.put(
    `${V0}/product`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: usedVariantCreateSchema, response: detail },
    },
    async (request) => ok(await usedVariants.createUsedVariant(deps, authOf(request), request.body)),
  );
  r.patch(
    `${V0}/product/bundleItems`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: bundleItemsPatchSchema, response: { 200: envelopeOf(bundleItemSchema) } },
    },
    async (request) => ok(await productsService.patchBundleItems(deps, authOf(request), request.body)),
  );
}

/**
 * What the editor's pickers choose from: pricing strategies, purchasing statuses, vendors, categories,
 * attributes (and saving an attribute), and a marketplace's suggested categories.
 */
function catalogueChoiceRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'authenticated' } as const;
  r.get(
    `${V0}/product/pricingStrategies`,
    { config, schema: { tags, response: { 200: envelopeOf(pricingStrategySchema) } } },
    async () => ok(await catalogue.listPricingStrategies(deps)),
  );
  r.get(
    `${V0}/product/purchasingStatuses`,
    { config, schema: { tags, response: { 200: envelopeOf(purchasingStatusSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_150);
      return ok(await catalogue.listPurchasingStatuses(deps));
    },
  );
  r.get(
    `${V0}/account/vendors`,
    { config, schema: { tags, response: { 200: envelopeOf(vendorOptionSchema) } } },
    async (request) => ok(await catalogue.listVendors(deps, authOf(request))),
  );
  r.post(
    `${V0}/category/search`,
    { config, schema: { tags, body: textSearchSchema, response: { 200: envelopeOf(categorySchema) } } },
    async (request) => ok(await catalogue.searchCategories(deps, authOf(request), request.body.search)),
  );
  r.post(
    `${V0}/attribute/search`,
    { config, schema: { tags, body: textSearchSchema, response: { 200: envelopeOf(attributeSchema) } } },
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
  r.post(
    `${V1}/listing/siteCategorySuggestions`,
    {
      config: { permission: 'catalogue' },
      schema: {
        tags,
        body: siteCategorySuggestionsSchema,
        response: { 200: envelopeOf(siteCategorySuggestionSchema) },
      },
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
}

/** §7 Search: POST search/products. */
function productSearchRoutes(app: FastifyInstance, deps: AppDeps): void {
  typed(app).post(
    `${V0}/search/products`,
    {
      config: { permission: 'authenticated' },
      schema: { tags, body: productSearchSchema, response: { 200: envelopeOf(searchProductSchema) } },
    },
    async (request) => ok(await productsService.searchProducts(deps, authOf(request), request.body)),
  );
}

/** §7 Printing: the three product labels (papers 32, 64 and 37), and the barcode pool's next UPC. */
function productLabelRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = typed(app);
  const config = { permission: 'printing' } as const;
  const queued = {
    200: envelopeOf(queuedPrintJobSchema),
  };
  r.post(
    `${V1}/print/printProductPackageLabel`,
    { config, schema: { tags, body: printProductPackageLabelSchema, response: queued } },
    async (request) => ok(await labels.printProductPackageLabel(deps, authOf(request), request.body)),
  );
  r.post(
    `${V1}/print/printRetailProductLabel`,
    { config, schema: { tags, body: printProductLabelSchema, response: queued } },
    async (request) => ok(await labels.printRetailProductLabel(deps, authOf(request), request.body)),
  );
  r.post(
    `${V1}/print/printMiniPackageLabel`,
    { config, schema: { tags, body: printProductLabelSchema, response: queued } },
    async (request) => ok(await labels.printMiniPackageLabel(deps, authOf(request), request.body)),
  );
  // The barcode pool (path not shown in the spec): the next unused UPC of the account.
  r.post(
    `${V1}/product/barcodePool/assign`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: barcodeAssignSchema, response: { 200: envelopeOf(assignedBarcodeSchema) } },
    },
    async (request) => ok(await catalogue.assignPoolBarcode(deps, authOf(request), request.body.productId)),
  );
  r.post(
    `${V1}/product/barcodePool/release`,
    {
      config: { permission: 'catalogue' },
      schema: { tags, body: barcodeReleaseSchema, response: { 200: envelopeOf(releasedBarcodeSchema) } },
    },
    async (request) => ok(await catalogue.releasePoolBarcode(deps, authOf(request), request.body.barcode)),
  );
}
