import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRowsOfEachKind, oneOfEach, type RowKind } from '../test/account-rows';
import { accountFingerprint, crossAccountLinks } from '../test/cross-account-links';
import { exampleOf, type JsonSchema } from '../test/json-schema-example';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Walks every route of the OpenAPI document as the administrator of Demo Music Co and sends, in each
 * id-shaped field of its path, query, headers and body in turn, the id of a row that belongs to Demo Outlet
 * (the rest of the request holds Demo Music Co's own ids). Every such id must be refused with a 404 that
 * names it; an id from a global list (statuses, types) that is on none must be refused with a 4xx. Afterwards
 * no row links the two accounts, Demo Outlet's rows are exactly as they were, and no reply showed any of them.
 */

/**
 * What an id-shaped field names: a row of the caller's account, an id from a global list, an id the server
 * takes from the session instead (`ignored:` what the foreign one is), or no row at all.
 */
type FieldKind = RowKind | 'global' | 'ignored:account' | 'ignored:user' | 'lookup' | 'notRef';

/** Field names that mean the same thing on every route. */
const BY_NAME: Record<string, FieldKind> = {
  customerId: 'customer',
  inboundReturnId: 'return',
  productId: 'product',
  productIds: 'product',
  sourceProductId: 'product',
  parentProductId: 'product',
  channelListingId: 'listing',
  warehouseId: 'warehouse',
  warehouseIds: 'warehouse',
  overrideWarehouseId: 'warehouse',
  channelOrderId: 'order',
  channelOrderItemId: 'orderItem',
  channelOrderPaymentId: 'payment',
  destinationPaymentRecordId: 'payment',
  channelOrderShipmentId: 'orderShipment',
  inboundReturnShipmentId: 'returnShipment',
  channelOrderReturnId: 'channelOrderReturn',
  addressId: 'address',
  shipmentRateLabelId: 'shippingLabel',
  channelId: 'channel',
  'x-channel-id': 'channel',
  serverPrinterId: 'printer',
  printerId: 'printer',
  brandId: 'brand',
  categoryId: 'category',
  productCategoryIds: 'category',
  vendorId: 'vendor',
  imageId: 'image',
  attributeId: 'attribute',
  warehousePackagingId: 'packaging',
  trainedPackagingId: 'packaging',
  pickRequestId: 'pickRequest',
  pickRequestItem: 'pickRequestItem',
  selectedUnits: 'pickRequestItem',
  inventoryLocationItemId: 'unit',
  inventoryLocationItemIds: 'unit',
  inventoryLocationItem: 'unit',
  parentId: 'division',
  warehouseZoneId: 'division',
  warehouseZoneRowId: 'division',
  warehouseZoneRowSectionId: 'division',
  warehouseZoneRowSectionShelfId: 'division',
  destinationDivision: 'division',
  unpickedUnitWarehouseDivision: 'division',
  userId: 'user',
  userIds: 'user',
  // Global lists, the same for every account: an id that is on none must be refused.
  systemOrderStatusId: 'global',
  systemOrderStatusIds: 'global',
  warehouseTypeId: 'global',
  warehouseTypeIds: 'global',
  warehouseBinTypeId: 'global',
  ignoreWithheldWarehouseDivisionTypeIds: 'global',
  deliveryTypeId: 'global',
  discountTypeId: 'global',
  refundReasonId: 'global',
  paymentType: 'global',
  inboundReturnPaymentTypeId: 'global',
  inboundReturnPaymentStatusId: 'global',
  inboundReturnAppealStatusId: 'global',
  channelOrderPaymentTypeId: 'global',
  destinationPaymentTypeId: 'global',
  purchasingStatusId: 'global',
  pricingStrategyId: 'global',
  productConditionId: 'global',
  wearConditionSeverityId: 'global',
  damageConditionSeverityId: 'global',
  siteId: 'global',
  siteIds: 'global',
  siteCategoryId: 'global',
  accountSiteId: 'accountSite',
  collectionTypeId: 'global',
  paperId: 'global',
  // Not references: the marketplace's or the client's own text and numbers (a gift card's printed number, a
  // page cursor, a state or country number, flags), kept or compared as they are sent.
  alternativeId: 'notRef',
  referenceId: 'notRef',
  merchantCreditId: 'notRef',
  beforeId: 'notRef',
  accountSiteCartId: 'notRef',
  channelOrderStatusId: 'notRef',
  channelOrderPaymentStatusId: 'notRef',
  stateId: 'notRef',
  countryId: 'notRef',
  originStateId: 'notRef',
  destinationStateId: 'notRef',
  warehouseDivisionAvailabilityGroupId: 'notRef',
  warehouseDivisionTypeId: 'notRef',
  typeIds: 'notRef',
  activeIds: 'notRef',
  'x-site-id': 'notRef',
  // The rate provider's ids (carrier accounts, rates), text checked by the shipping service.
  shipperIds: 'notRef',
  selectedRateId: 'notRef',
  rateId: 'notRef',
  shipmentRateId: 'notRef',
};

/** Values the schemas check beyond their JSON schema (patterns, refinements), by field name. */
const VALID_VALUES: Record<string, unknown> = {
  chaosRow: 'AA',
  chaosShelf: 'AA',
  chaosBin: 'AA',
  upc: '012345678905',
  labelURL: 'https://example.com/label.zpl',
  destinationPaymentTypeId: 5,
  email: 'someone@example.com',
  // The search proxy's index names a channel: Demo Music Co's first (the walk then sends the foreign
  // channel in x-channel-id).
  indexName: 'vsf_product_1',
  // A one-off shipment's addresses must be complete (catalogue-admin.md §5) before its ids are looked at.
  shipFrom: { name: 'Desk', addressLine1: '1 Main St', city: 'Austin', stateId: 1, postalCode: '78701' },
  shipTo: { name: 'Buyer', addressLine1: '2 Main St', city: 'Portland', stateId: 1, postalCode: '97205' },
};

/** Optional fields a route's refinements require, by route. */
const ALSO_SEND: Record<string, string[]> = {
  'PUT /api/v1/backroom/channelOrder/firstParty/item': ['body.channelListingId'],
  // A receipt names its item by id or by UPC.
  'PATCH /api/v1/backroom/returns': ['body.inventoryLocationItems[].returnItemId'],
};

/** Where a name (`id` above all) means something else on one route: `METHOD path` → field path → kind. */
const BY_ROUTE: Record<string, Record<string, FieldKind>> = {
  'PATCH /api/v1/backroom/warehouse': {
    'body.id': 'warehouse',
    'body.zones[].id': 'division',
    'body.zones[].rows[].id': 'division',
    'body.zones[].rows[].sections[].id': 'division',
    'body.zones[].rows[].sections[].shelves[].id': 'division',
    'body.zones[].rows[].sections[].shelves[].bins[].id': 'division',
  },
  'PATCH /api/backroom/warehouse/packaging': { 'body[].id': 'packaging' },
  'PATCH /api/v1/backroom/warehouse/division': { 'body.warehouseDivisionPatches[].id': 'division' },
  'PATCH /api/v1/backroom/warehouse/bin': { 'body.warehouseBins[].id': 'division' },
  'GET /api/v1/backroom/inventory/unit/{id}/history': { 'path.id': 'unit' },
  'PATCH /api/backroom/warehouse/printer': { 'body.id': 'printer', 'body.server.id': 'printServer' },
  'PATCH /api/backroom/warehouse/server': { 'body.id': 'printServer' },
  'POST /api/v1/backroom/print/jobs/{id}/retry': { 'path.id': 'printJob' },
  'POST /api/v1/backroom/print/jobs/{id}/void': { 'path.id': 'printJob' },
  'GET /api/v1/backroom/print/jobs/{id}/preview': { 'path.id': 'printJob' },
  'DELETE /api/backroom/productQueue/{id}': { 'path.id': 'productQueue' },
  'GET /api/backroom/productQueue/{id}/products': { 'path.id': 'productQueue' },
  'GET /api/v1/backroom/product/{id}/siteCategories': { 'path.id': 'product' },
  'PATCH /api/backroom/products': { 'body[].id': 'product' },
  'PATCH /api/backroom/product/bundleItems': { 'body.bundleItems[].id': 'bundleItem' },
  'GET /api/backroom/channelOrder/{id}': { 'path.id': 'order' },
  'PATCH /api/backroom/warehouse/channelOrder/note': { 'body[].id': 'orderNote' },
  'GET /api/v1/backroom/returns/{id}': { 'path.id': 'return' },
  'PATCH /api/v1/backroom/returns': {
    'body.inboundReturns[].id': 'return',
    'body.inboundReturns[].returnStatusId': 'global',
    'body.inboundReturns[].items[].id': 'returnItem',
    'body.inboundReturns[].items[].inboundReturnItemStatusId': 'global',
    'body.inboundReturns[].items[].returnReasonId': 'global',
    'body.inventoryLocationItems[].returnItemId': 'returnItem',
    'body.inventoryLocationItems[].inventoryLocationId': 'division',
  },
  'PATCH /api/v1/backroom/customer': { 'body.id': 'customer' },
  'PATCH /api/v1/backroom/channelOrder/firstParty/discount': { 'body.id': 'orderDiscount' },
  'PATCH /api/v1/backroom/channelOrder/firstParty/item/discount': { 'body.id': 'itemDiscount' },
  'GET /api/backroom/mail/outbox/{id}': { 'path.id': 'outbox' },
  'GET /api/v1/shipping/labels/{id}.pdf': { 'path.id': 'shippingLabel' },
  'GET /api/v1/shipping/labels/{id}.zpl': { 'path.id': 'shippingLabel' },
  'PATCH /api/backroom/product/image': { 'body.id': 'productImage' },
  // The session names the account and the user; these body fields of the spec's calls are not used.
  'PATCH /api/backroom/image': { 'body.userId': 'ignored:user', 'body.accountId': 'ignored:account' },
  'PATCH /api/backroom/brands': { 'body.accountId': 'ignored:account' },
  'PATCH /api/backroom/attribute': { 'body.accountId': 'ignored:account', 'body.id': 'attribute' },
  // Storefront collections: a duplicate's source (parentId) and the collection a patch names; the sites
  // filter is a marketplace site number, not a row.
  'GET /api/backroom/account/sites': { 'query.siteId': 'notRef' },
  'GET /api/backroom/product/{productId}/siteAttributes': { 'query.siteId': 'notRef' },
  'GET /api/backroom/product/facets': { 'query.siteId': 'notRef' },
  'PUT /api/backroom/collection': { 'body.parentId': 'collection' },
  'PATCH /api/backroom/collection': { 'body.id': 'collection' },
  // Accounts & Users grant the accounts and roles the administrator holds (admin.test.ts); admin@ is a user
  // of both demo accounts, so neither is foreign to it. Switching account is the same rule (auth.test.ts).
  'PATCH /api/backroom/user/admin/{id}': {
    'path.id': 'user',
    'body.id': 'notRef',
    'body.accounts[].id': 'notRef',
    'body.roles[].id': 'notRef',
  },
  'PUT /api/backroom/user/admin': {
    'body.id': 'notRef',
    'body.accounts[].id': 'notRef',
    'body.roles[].id': 'notRef',
  },
  'PUT /api/backroom/account': { 'body.id': 'notRef', 'body.integrationId': 'notRef' },
  'PATCH /api/backroom/account/{id}': {
    'path.id': 'notRef',
    'body.id': 'notRef',
    'body.integrationId': 'notRef',
  },
  'POST /api/v1/backroom/auth/account': { 'body.accountId': 'notRef' },
  'PATCH /api/v1/backroom/warehouse/shipments': { 'body.shipments[].id': 'orderShipment' },
  'POST /api/v1/backroom/warehouse/shipment/package/rates': { 'body.shipment.id': 'orderShipment' },
  'POST /api/v1/backroom/warehouse/shipments/package/pack': { 'body.shipment.id': 'orderShipment' },
  'POST /api/v1/backroom/warehouse/shipments/package/void': {
    'body.channelOrderShipment.id': 'orderShipment',
  },
  'POST /api/v1/backroom/warehouse/shipment/package/buy': { 'body.shipment.id': 'orderShipment' },
  // One-off shipments are named by the provider's shipment id (text, looked up within the account).
  'POST /api/v1/shipping/oneOffShipment/buy': { 'body.easypostJSON.id': 'notRef' },
  'POST /api/v1/shipping/oneOffShipment/void': {
    'body.shipmentId': 'notRef',
    'body.integrationId': 'notRef',
  },
  'POST /api/v1/backroom/returns/shipments/new': { 'body.destinationAddressId': 'warehouse' },
  'POST /api/v1/backroom/returns/shipment/rate': { 'body.shipment.id': 'returnShipment' },
  'GET /api/v1/backroom/returns/{id}/labels/{labelId}': {
    'path.id': 'return',
    'path.labelId': 'shippingLabel',
  },
  'PUT /api/v1/backroom/returns/notes': { 'body.inboundReturn.id': 'return' },
  'PATCH /api/v1/backroom/returns/payments': { 'body.id': 'returnPayment' },
  'POST /api/v1/backroom/chaos/reconditionInventory': {
    'body.sourceInventoryLocationItemId': 'unit',
    'body.destinationDivisionData.id': 'division',
  },
  'PUT /api/v1/backroom/returns/item/notes': { 'body.inboundReturnItem.id': 'returnItem' },
  'GET /api/v1/backroom/returns/{id}/appeal': { 'path.id': 'return' },
  'POST /api/v1/backroom/returns/{id}/appeal/images': { 'path.id': 'return' },
  'DELETE /api/v1/backroom/returns/{id}/appeal/images/{appealImageId}': {
    'path.id': 'return',
    'path.appealImageId': 'appealImage',
  },
  'GET /api/v1/backroom/returns/{id}/appeal/images/{appealImageId}/download': {
    'path.id': 'return',
    'path.appealImageId': 'appealImage',
  },
  'GET /api/v1/backroom/returns/{id}/refund': { 'path.id': 'return' },
  // The returns search's status filters: an id on neither list is refused (400).
  'POST /api/v1/backroom/returns/search': {
    'query.inboundReturnStatusId': 'global',
    'query.inboundReturnAppealStatusId': 'global',
  },
  'GET /api/v1/backroom/user/{id}/badge': { 'path.id': 'user' },
  'POST /api/v1/backroom/user/{id}/badge/regenerate': { 'path.id': 'user' },
  'GET /api/v1/backroom/user/{id}/logins': { 'path.id': 'user' },
  // Manage Products opens with ids from its address and shows the account's products among them.
  'GET /api/backroom/products': { 'query.productIds': 'lookup' },
  // The search proxy's x-account-id is compared with the session's account (another is refused, never used);
  // x-collection-id may be a new collection's temporary text id.
  'POST /api/v2/searchkit/proxy': {
    'header.x-account-id': 'ignored:account',
    'header.x-collection-id': 'notRef',
  },
  // The import names a channel by its site id and refuses a site the account does not sell on.
  'POST /api/v1/backroom/channelOrders/import': { 'body.orders[].siteId': 'notRef' },
};

/** Print agents call with a token, not a session: their jobs are the token's print server's. */
const SKIPPED_ROUTES = [/\/print-agent\//];

const FOREIGN_GLOBAL = 987_654;
const ID_NAME = /(^id$|^ids$|Id$|Ids$|^x-(site|channel|account|collection)-id$)/;

function kindOf(route: string, path: string, name: string): FieldKind | undefined {
  return BY_ROUTE[route]?.[path] ?? BY_NAME[name];
}

interface Operation {
  parameters?: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
}

/** Every id-shaped field path of a body schema ('body.patch.customerId', 'body[].id'). */
function idFieldsOf(schema: JsonSchema, path: string, out: { path: string; name: string }[]) {
  for (const option of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    idFieldsOf(option, path, out);
  if (schema.items) idFieldsOf(schema.items, `${path}[]`, out);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const at = `${path}.${name}`;
    if (ID_NAME.test(name) || BY_NAME[name] !== undefined) out.push({ path: at, name });
    else idFieldsOf(property, at, out);
  }
  return out;
}

describe('every id in a request is resolved within the signed-in account', () => {
  let t: TestApp;
  let own: Awaited<ReturnType<typeof oneOfEach>>;
  let foreign: Awaited<ReturnType<typeof oneOfEach>>;
  let paths: Record<string, Record<string, Operation>>;
  let cookie: string;
  let outletId: number;
  /** The id sent in a field: a row of Demo Outlet, or an id on no global list. */
  const foreignValue = (kind: Exclude<FieldKind, 'notRef'>) =>
    kind === 'global'
      ? FOREIGN_GLOBAL
      : kind === 'lookup'
        ? foreign.product.id
        : kind === 'ignored:account'
          ? outletId
          : kind === 'ignored:user'
            ? foreign.user.id
            : foreign[kind].id;

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('admin@backroom.local');
    const [music, outlet] = await t.rows<{ id: number }>(sql`select id from accounts order by id`);
    outletId = outlet!.id;
    await ensureRowsOfEachKind(t, music!.id, 1);
    await ensureRowsOfEachKind(t, outletId, 5);
    own = await oneOfEach(t, music!.id);
    foreign = await oneOfEach(t, outletId);
    // admin@ is also a user of Demo Outlet: the foreign user is one who is only there.
    const [outletOnly] = await t.rows<{ id: number; email: string }>(
      sql`select id, email from users where email = 'outlet@backroom.local'`,
    );
    foreign.user = { id: outletOnly!.id, shows: outletOnly!.email };
    paths = JSON.parse((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).body).paths;
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses another account’s ids everywhere, links nothing and shows nothing of it', async () => {
    expect(await crossAccountLinks(t)).toEqual([]);
    const outletBefore = await accountFingerprint(t, outletId);
    const problems: string[] = [];
    const unknown: string[] = [];
    const foreignTexts = Object.values(foreign)
      .map((row) => row.shows)
      .filter((text): text is string => !!text && text.length >= 5);
    let sent = 0;

    for (const [template, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${template}`;
        if (SKIPPED_ROUTES.some((pattern) => pattern.test(route))) continue;
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const fields = [
          ...(operation.parameters ?? [])
            .filter((p) => ID_NAME.test(p.name) || BY_NAME[p.name] !== undefined)
            .map((p) => ({ path: `${p.in}.${p.name}`, name: p.name })),
          ...(bodySchema ? idFieldsOf(bodySchema, 'body', []) : []),
        ];
        for (const field of fields) {
          const kind = kindOf(route, field.path, field.name);
          if (kind === undefined) {
            unknown.push(`${route} ${field.path}`);
            continue;
          }
          if (kind === 'notRef') continue;
          const foreignId = foreignValue(kind);
          const ownValue = (path: string, name: string) => {
            const of = kindOf(route, path, name);
            return of && of in own ? own[of as RowKind].id : undefined;
          };
          const request = buildRequest(
            template,
            method,
            operation,
            bodySchema,
            (path, name) => {
              const value = path === field.path ? foreignId : ownValue(path, name);
              if (value === undefined) return VALID_VALUES[name];
              const isList = /Ids$|^selectedUnits$/.test(name) && !path.startsWith('query');
              return isList ? [value] : value;
            },
            [field.path, ...(ALSO_SEND[route] ?? [])],
          );
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: request.url,
            headers: { cookie, ...request.headers },
            ...(request.body === undefined ? {} : { payload: request.body as object }),
          });
          sent++;
          const where = `${route} ${field.path}=${foreignId}`;
          const error = (res.json() as { error?: { message?: string } | null }).error;
          const message = error?.message ?? '';
          if (res.statusCode >= 500) problems.push(`${where}: ${res.statusCode} ${message}`);
          else if (kind === 'global') {
            if (res.statusCode < 400)
              problems.push(`${where}: ${res.statusCode}, an unknown id was accepted`);
          } else if (!kind.startsWith('ignored:') && kind !== 'lookup') {
            if (res.statusCode !== 404 || !message.includes(String(foreignId)))
              problems.push(`${where}: ${res.statusCode} ${message || res.body.slice(0, 160)}`);
          }
          const shown = foreignTexts.find((text) => res.body.includes(text));
          if (shown) problems.push(`${where}: the reply shows "${shown}" of Demo Outlet`);
        }
      }
    }
    expect(unknown, 'id-shaped fields this walk does not know: add them to BY_NAME or BY_ROUTE').toEqual([]);
    expect(problems).toEqual([]);
    expect(await crossAccountLinks(t)).toEqual([]);
    expect(await accountFingerprint(t, outletId)).toEqual(outletBefore);
    expect(sent).toBeGreaterThan(180);
  }, 120_000);
});

describe('an id too large for the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.signIn('admin');
  }, 120_000);
  afterAll(() => t?.close());

  it('is refused by the schema, naming the field: 400, never a 500', async () => {
    const huge = 3_000_000_000;
    const replies = [
      await t.as('admin', 'GET', `/api/backroom/channelOrder/${huge}`),
      await t.as('admin', 'PUT', '/api/v1/backroom/channelOrder/firstParty', { customerId: huge }),
      await t.as('admin', 'POST', '/api/backroom/search/products', { brandId: huge }),
      await t.as('admin', 'GET', `/api/backroom/warehouse/bin?warehouseId=${huge}`),
    ];
    expect(
      replies.map((r) => [r.statusCode, r.json().error?.code, r.json().error?.fields?.[0]?.field]),
    ).toEqual([
      [400, 'validation', 'params.id'],
      [400, 'validation', 'customerId'],
      [400, 'validation', 'brandId'],
      [400, 'validation', 'querystring.warehouseId'],
    ]);
  });
});

/** A request for the operation whose fields hold `valueFor`'s ids, the field under test included. */
function buildRequest(
  template: string,
  method: string,
  operation: Operation,
  bodySchema: JsonSchema | undefined,
  valueFor: (path: string, name: string) => unknown,
  [fieldPath, ...alsoSend]: string[],
) {
  let url = template;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of operation.parameters ?? []) {
    const at = `${p.in}.${p.name}`;
    if (!p.required && at !== fieldPath && p.in !== 'path') continue;
    const value =
      valueFor(at, p.name) ?? exampleOf(p.schema, { include: () => false, valueFor: () => undefined });
    if (p.in === 'path') url = url.replace(`{${p.name}}`, String(value));
    else if (p.in === 'query') query.set(p.name, String(value));
    else headers[p.name] = String(value);
  }
  if (query.size) url += `?${query}`;
  const body =
    bodySchema && method !== 'get'
      ? exampleOf(bodySchema, {
          include: (path) => {
            const at = `body${path.startsWith('[') ? '' : '.'}${path}`;
            return [fieldPath!, ...alsoSend].some(
              (sent) => sent === at || sent.startsWith(`${at}.`) || sent.startsWith(`${at}[`),
            );
          },
          valueFor: (path, name) => valueFor(`body${path.startsWith('[') ? '' : '.'}${path}`, name),
        })
      : undefined;
  return { url, body, headers };
}
