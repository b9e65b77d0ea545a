import {
  APPEAL_STATUSES,
  BIN_TYPES,
  CONDITION_SEVERITIES,
  DELIVERY_TYPES,
  MARKETPLACE_SITE_IDS,
  PAPERS,
  PAYMENT_TYPES,
  PRODUCT_CONDITIONS,
  RETURN_PAYMENT_STATUSES,
  SYSTEM_ORDER_STATUSES,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from './errors';

// Every id a request carries (path, query, header or body) is resolved here, before the handler runs: a row
// of another account is refused with 404 "Customer 12 not found." exactly as one that does not exist, and an
// id from a global list (statuses, types) that is not on it gets 400. What a field names is declared once,
// by its name (BY_NAME) or, where a name means different things on different routes, by route (BY_ROUTE);
// a route with an id-shaped field that is declared nowhere fails to register. Services may then trust the
// ids they are given; composite foreign keys (migration account_references) back the most important links up.

/** A query answering which of `ids` name a row of the account. */
type Owned = (accountId: number, ids: number[]) => SQL;
const ownedIn =
  (table: string): Owned =>
  (accountId, ids) =>
    sql`select id from ${sql.identifier(table)} where account_id = ${accountId} and id = any(${`{${ids.join(',')}}`}::int[])`;

/** Rows that belong to one account. */
const ACCOUNT_ROWS = {
  customer: { label: 'Customer', owned: ownedIn('customers') },
  return: { label: 'Return', owned: ownedIn('inbound_returns') },
  returnItem: { label: 'Return item', owned: ownedIn('inbound_return_items') },
  product: { label: 'Product', owned: ownedIn('products') },
  listing: { label: 'Listing', owned: ownedIn('channel_listings') },
  warehouse: { label: 'Warehouse', owned: ownedIn('warehouses') },
  division: { label: 'Warehouse division', owned: ownedIn('warehouse_divisions') },
  order: { label: 'Order', owned: ownedIn('channel_orders') },
  orderItem: { label: 'Order item', owned: ownedIn('channel_order_items') },
  orderNote: { label: 'Note', owned: ownedIn('order_notes') },
  orderShipment: { label: 'Shipment', owned: ownedIn('channel_order_shipments') },
  returnShipment: { label: 'Return shipment', owned: ownedIn('inbound_return_shipments') },
  returnPayment: { label: 'Return payment', owned: ownedIn('inbound_return_payments') },
  appealImage: { label: 'Appeal image', owned: ownedIn('inbound_return_appeal_images') },
  channelOrderReturn: { label: 'Channel order return', owned: ownedIn('channel_order_returns') },
  address: { label: 'Address', owned: ownedIn('addresses') },
  orderDiscount: { label: 'Discount', owned: ownedIn('order_discounts') },
  itemDiscount: { label: 'Item discount', owned: ownedIn('item_discounts') },
  payment: { label: 'Payment', owned: ownedIn('channel_order_payments') },
  channel: { label: 'Sales channel', owned: ownedIn('sales_channels') },
  pickRequest: { label: 'Pick request', owned: ownedIn('pick_requests') },
  pickRequestItem: {
    label: 'Allocated unit',
    owned: (accountId, ids) =>
      sql`select i.id from pick_request_items i join pick_requests p on p.id = i.pick_request_id
          where p.account_id = ${accountId} and i.id = any(${`{${ids.join(',')}}`}::int[])`,
  },
  unit: { label: 'Unit', owned: ownedIn('inventory_location_items') },
  printer: { label: 'Printer', owned: ownedIn('printers') },
  printServer: { label: 'Print server', owned: ownedIn('print_servers') },
  printJob: { label: 'Print job', owned: ownedIn('print_jobs') },
  outbox: { label: 'Message', owned: ownedIn('mail_outbox') },
  brand: { label: 'Brand', owned: ownedIn('brands') },
  category: { label: 'Category', owned: ownedIn('categories') },
  vendor: { label: 'Vendor', owned: ownedIn('vendors') },
  attribute: { label: 'Attribute', owned: ownedIn('attributes') },
  packaging: { label: 'Packaging', owned: ownedIn('packaging') },
  image: { label: 'Image', owned: ownedIn('images') },
  productImage: {
    label: 'Product image',
    owned: (accountId, ids) =>
      sql`select i.id from product_images i join products p on p.id = i.product_id
          where p.account_id = ${accountId} and i.id = any(${`{${ids.join(',')}}`}::int[])`,
  },
  bundleItem: {
    label: 'Bundle item',
    owned: (accountId, ids) =>
      sql`select i.id from bundle_items i join products p on p.id = i.product_id
          where p.account_id = ${accountId} and i.id = any(${`{${ids.join(',')}}`}::int[])`,
  },
  productQueue: { label: 'Product queue', owned: ownedIn('product_queues') },
  accountSite: { label: 'Account site', owned: ownedIn('account_sites') },
  collection: { label: 'Collection', owned: ownedIn('collections') },
  shippingLabel: { label: 'Label', owned: ownedIn('shipping_labels') },
  /** A user is the account's while a membership says so. */
  user: {
    label: 'User',
    owned: (accountId, ids) =>
      sql`select user_id as id from memberships where account_id = ${accountId} and user_id = any(${`{${ids.join(',')}}`}::int[])`,
  },
} satisfies Record<string, { label: string; owned: Owned }>;

/** A global list: its ids, or the table that holds them. */
interface GlobalList {
  label: string;
  ids?: Set<number>;
  table?: (ids: number[]) => SQL;
  isRow?: boolean;
}

const idsOf = (list: readonly { id: number }[]) => new Set(list.map((entry) => entry.id));
const globalTable = (table: string) => (ids: number[]) =>
  sql`select id from ${sql.identifier(table)} where id = any(${`{${ids.join(',')}}`}::int[])`;

/** Lists every account shares: an id must be on them. */
const GLOBAL_LISTS = {
  orderStatus: { label: 'order status', ids: idsOf(SYSTEM_ORDER_STATUSES) },
  deliveryType: { label: 'delivery type', ids: idsOf(DELIVERY_TYPES) },
  paymentType: { label: 'payment type', ids: idsOf(PAYMENT_TYPES) },
  returnPaymentStatus: { label: 'return payment status', ids: idsOf(RETURN_PAYMENT_STATUSES) },
  appealStatus: { label: 'appeal status', ids: idsOf(APPEAL_STATUSES) },
  binType: { label: 'bin type', ids: idsOf(BIN_TYPES) },
  paper: { label: 'paper', ids: idsOf(PAPERS) },
  productCondition: { label: 'product condition', ids: idsOf(PRODUCT_CONDITIONS) },
  conditionSeverity: { label: 'condition severity', ids: idsOf(CONDITION_SEVERITIES) },
  marketplace: { label: 'marketplace site', ids: new Set(MARKETPLACE_SITE_IDS) },
  warehouseType: { label: 'warehouse type', table: globalTable('warehouse_types') },
  purchasingStatus: { label: 'purchasing status', table: globalTable('purchasing_statuses') },
  pricingStrategy: { label: 'pricing strategy', table: globalTable('pricing_strategies') },
  /** A row picked from a search, not a value from a short list: an unknown one is not found (404). */
  siteCategory: { label: 'Marketplace category', table: globalTable('site_categories'), isRow: true },
} satisfies Record<string, GlobalList>;

type AccountRow = keyof typeof ACCOUNT_ROWS;
type GlobalKind = keyof typeof GLOBAL_LISTS;
/** `none`: not a reference the server resolves here (see the comment where it is declared). */
export type RefKind = AccountRow | GlobalKind | 'none';

/** Field names that mean the same thing on every route. */
const BY_NAME: Record<string, RefKind> = {
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
  channelOrderShipmentId: 'orderShipment',
  inboundReturnShipmentId: 'returnShipment',
  channelOrderReturnId: 'channelOrderReturn',
  addressId: 'address',
  /** POST …/shipping/label/print: the label to print (orders-warehouse.md §7 Printing). */
  shipmentRateLabelId: 'shippingLabel',
  destinationPaymentRecordId: 'payment',
  channelId: 'channel',
  'x-channel-id': 'channel',
  pickRequestId: 'pickRequest',
  pickRequestItem: 'pickRequestItem',
  /** Deallocation names the pick request items (allocated units) to free. */
  selectedUnits: 'pickRequestItem',
  inventoryLocationItemId: 'unit',
  inventoryLocationItemIds: 'unit',
  inventoryLocationItem: 'unit',
  serverPrinterId: 'printer',
  printerId: 'printer',
  brandId: 'brand',
  categoryId: 'category',
  productCategoryIds: 'category',
  vendorId: 'vendor',
  attributeId: 'attribute',
  warehousePackagingId: 'packaging',
  trainedPackagingId: 'packaging',
  imageId: 'image',
  userId: 'user',
  userIds: 'user',
  parentId: 'division',
  warehouseZoneId: 'division',
  warehouseZoneRowId: 'division',
  warehouseZoneRowSectionId: 'division',
  warehouseZoneRowSectionShelfId: 'division',
  /** A division id, or a barcode that the service looks up within the account. */
  destinationDivision: 'division',
  unpickedUnitWarehouseDivision: 'division',

  systemOrderStatusId: 'orderStatus',
  systemOrderStatusIds: 'orderStatus',
  deliveryTypeId: 'deliveryType',
  channelOrderPaymentTypeId: 'paymentType',
  destinationPaymentTypeId: 'paymentType',
  paymentType: 'paymentType',
  /** Return payments take the order payment types (returns.md §3 shows only 35 and 5). */
  inboundReturnPaymentTypeId: 'paymentType',
  inboundReturnPaymentStatusId: 'returnPaymentStatus',
  inboundReturnAppealStatusId: 'appealStatus',
  warehouseBinTypeId: 'binType',
  ignoreWithheldWarehouseDivisionTypeIds: 'binType',
  paperId: 'paper',
  productConditionId: 'productCondition',
  wearConditionSeverityId: 'conditionSeverity',
  damageConditionSeverityId: 'conditionSeverity',
  siteIds: 'marketplace',
  warehouseTypeId: 'warehouseType',
  warehouseTypeIds: 'warehouseType',
  purchasingStatusId: 'purchasingStatus',
  pricingStrategyId: 'pricingStrategy',
  siteCategoryId: 'siteCategory',
  accountSiteId: 'accountSite',
  /** Collection types 5 and 25 (catalogue-admin.md §9): the schemas allow only those. */
  collectionTypeId: 'none',

  // Not references: the marketplace's or the client's own text and numbers, kept as they are sent.
  alternativeId: 'none',
  referenceId: 'none',
  channelOrderStatusId: 'none',
  accountSiteCartId: 'none',
  // Spec numbers with no list behind them (a US state or country number, an availability group, a
  // division type), stored as they are sent.
  stateId: 'none',
  countryId: 'none',
  originStateId: 'none',
  destinationStateId: 'none',
  warehouseDivisionAvailabilityGroupId: 'none',
  warehouseDivisionTypeId: 'none',
  /** The server records every manual payment as captured whatever the screen sends. */
  channelOrderPaymentStatusId: 'none',
  /** Product type (0 simple, 1 bundle ...) and active flags of the product search: filters, zod-checked. */
  typeIds: 'none',
  activeIds: 'none',
  /** The schemas list the ids they allow (order discount types, refund reasons). */
  discountTypeId: 'none',
  refundReasonId: 'none',
  /** A gift card's printed number, looked up within the account by the redemption. */
  merchantCreditId: 'none',
  /** A page cursor: jobs older than this one. */
  beforeId: 'none',
  /** Compared with the order's own site by the confirmation e-mail. */
  'x-site-id': 'none',
  /**
   * The rate provider's own ids (a carrier account, a rate): checked by the shipping service against the
   * adapter's shippers and the shipment's current rates.
   */
  shipperIds: 'none',
  selectedRateId: 'none',
  rateId: 'none',
  /** The spec's rate record id beside the label it prints: the label names everything. */
  shipmentRateId: 'none',
};

/** Routes where a name (mostly `id`) means something of its own: `METHOD url` → field path → kind. */
const BY_ROUTE: Record<string, Record<string, RefKind>> = {
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
  'GET /api/v1/backroom/inventory/unit/:id/history': { 'params.id': 'unit' },
  'POST /api/v1/backroom/chaos/reconditionInventory': {
    'body.sourceInventoryLocationItemId': 'unit',
    'body.destinationDivisionData.id': 'division',
  },
  'PATCH /api/backroom/warehouse/printer': { 'body.id': 'printer', 'body.server.id': 'printServer' },
  'PATCH /api/backroom/warehouse/server': { 'body.id': 'printServer' },
  'POST /api/v1/backroom/print/jobs/:id/retry': { 'params.id': 'printJob' },
  'POST /api/v1/backroom/print/jobs/:id/void': { 'params.id': 'printJob' },
  'GET /api/v1/backroom/print/jobs/:id/preview': { 'params.id': 'printJob' },
  'DELETE /api/backroom/productQueue/:id': { 'params.id': 'productQueue' },
  'GET /api/backroom/productQueue/:id/products': { 'params.id': 'productQueue' },
  'GET /api/v1/backroom/product/:id/siteCategories': { 'params.id': 'product' },
  'PATCH /api/backroom/products': { 'body[].id': 'product' },
  'PATCH /api/backroom/product/bundleItems': { 'body.bundleItems[].id': 'bundleItem' },
  'GET /api/backroom/channelOrder/:id': { 'params.id': 'order' },
  'PATCH /api/backroom/warehouse/channelOrder/note': { 'body[].id': 'orderNote' },
  // The returns service parses this text id itself (returns.md §8 has a message for an invalid one) and
  // loads the return within the account.
  'GET /api/v1/backroom/returns/:id': { 'params.id': 'none' },
  // A save names the returns and their items; the status and reason ids are checked by the schema's lists.
  'PATCH /api/v1/backroom/returns': {
    'body.inboundReturns[].id': 'return',
    'body.inboundReturns[].returnStatusId': 'none',
    'body.inboundReturns[].items[].id': 'returnItem',
    'body.inboundReturns[].items[].inboundReturnItemStatusId': 'none',
    'body.inboundReturns[].items[].returnReasonId': 'none',
    'body.inventoryLocationItems[].returnItemId': 'returnItem',
    'body.inventoryLocationItems[].inventoryLocationId': 'division',
  },
  'PATCH /api/v1/backroom/customer': { 'body.id': 'customer' },
  'PATCH /api/v1/backroom/channelOrder/firstParty/discount': { 'body.id': 'orderDiscount' },
  'PATCH /api/v1/backroom/channelOrder/firstParty/item/discount': { 'body.id': 'itemDiscount' },
  'GET /api/backroom/mail/outbox/:id': { 'params.id': 'outbox' },
  'GET /api/v1/shipping/labels/:id.pdf': { 'params.id': 'shippingLabel' },
  'GET /api/v1/shipping/labels/:id.zpl': { 'params.id': 'shippingLabel' },
  'PATCH /api/backroom/product/image': { 'body.id': 'productImage' },
  // The session names the account and the user: these fields of the spec's calls are not used.
  'PATCH /api/backroom/image': { 'body.userId': 'none', 'body.accountId': 'none' },
  'PATCH /api/backroom/brands': { 'body.accountId': 'none' },
  'PATCH /api/backroom/attribute': { 'body.accountId': 'none', 'body.id': 'attribute' },
  // Storefront collections (catalogue-admin.md §7 Collections): a duplicate names its source as parentId; the
  // sites filter is a marketplace site number (99 the own store): a site of no account site lists nothing.
  'GET /api/backroom/account/sites': { 'query.siteId': 'none' },
  // The attributes panel's site variant: a site number (1, 2, 14, 99; the schema refuses others).
  'GET /api/backroom/product/:productId/siteAttributes': { 'query.siteId': 'none' },
  'GET /api/backroom/product/facets': { 'query.siteId': 'none' },
  'PUT /api/backroom/collection': { 'body.parentId': 'collection' },
  'PATCH /api/backroom/collection': { 'body.id': 'collection' },
  // The import names a channel by its site id and refuses a site the account does not sell on.
  'POST /api/v1/backroom/channelOrders/import': { 'body.orders[].siteId': 'none' },
  'POST /api/v1/backroom/listing/siteCategorySuggestions': { 'body.siteId': 'marketplace' },
  // Switching to an account: the auth service allows only the caller's memberships.
  'POST /api/v1/backroom/auth/account': { 'body.accountId': 'none' },
  // A user of the account; the badge service then lets a user act on themselves, an administrator on users
  // within reach (isWithinReach).
  'GET /api/v1/backroom/user/:id/badge': { 'params.id': 'user' },
  'POST /api/v1/backroom/user/:id/badge/regenerate': { 'params.id': 'user' },
  'GET /api/v1/backroom/user/:id/logins': { 'params.id': 'user' },
  // Manage Products opens with ids from its address: it shows the account's products among them.
  'GET /api/backroom/products': { 'query.productIds': 'none' },
  // Accounts & Users: the admin service grants only accounts and roles the administrator holds.
  'PATCH /api/backroom/user/admin/:id': {
    'params.id': 'user',
    'body.id': 'none',
    'body.accounts[].id': 'none',
    'body.roles[].id': 'none',
  },
  'PUT /api/backroom/user/admin': {
    'body.id': 'none',
    'body.accounts[].id': 'none',
    'body.roles[].id': 'none',
  },
  'PUT /api/backroom/account': { 'body.id': 'none', 'body.integrationId': 'none' },
  // Order shipments: the shipment a change, a packing, a void or the screen's copy names.
  'PATCH /api/v1/backroom/warehouse/shipments': { 'body.shipments[].id': 'orderShipment' },
  'POST /api/v1/backroom/warehouse/shipment/package/rates': { 'body.shipment.id': 'orderShipment' },
  'POST /api/v1/backroom/warehouse/shipments/package/pack': { 'body.shipment.id': 'orderShipment' },
  'POST /api/v1/backroom/warehouse/shipments/package/void': {
    'body.channelOrderShipment.id': 'orderShipment',
  },
  'POST /api/v1/backroom/warehouse/shipment/package/buy': { 'body.shipment.id': 'orderShipment' },
  // A one-off shipment is named by the provider's shipment id (text), looked up within the account by the
  // service; the provider JSON's own ids are the provider's; the integration id is the session's account's.
  'POST /api/v1/shipping/oneOffShipment/buy': { 'body.easypostJSON.id': 'none' },
  'POST /api/v1/shipping/oneOffShipment/void': { 'body.shipmentId': 'none', 'body.integrationId': 'none' },
  // Return labels: the destination is named by the chosen warehouse (its address is where the return goes);
  // the rate call's shipment is the return's shipment.
  'POST /api/v1/backroom/returns/shipments/new': { 'body.destinationAddressId': 'warehouse' },
  'POST /api/v1/backroom/returns/shipment/rate': { 'body.shipment.id': 'returnShipment' },
  // A label of the account; the returns service then finds it among the return's own (404 otherwise).
  'GET /api/v1/backroom/returns/:id/labels/:labelId': {
    'params.id': 'return',
    'params.labelId': 'shippingLabel',
  },
  // Return notes name the return (or item) as the screen holds it: its id is what is read.
  'PUT /api/v1/backroom/returns/notes': { 'body.inboundReturn.id': 'return' },
  'PATCH /api/v1/backroom/returns/payments': { 'body.id': 'returnPayment' },
  'PUT /api/v1/backroom/returns/item/notes': { 'body.inboundReturnItem.id': 'returnItem' },
  'GET /api/v1/backroom/returns/:id/appeal': { 'params.id': 'return' },
  'POST /api/v1/backroom/returns/:id/appeal/images': { 'params.id': 'return' },
  'DELETE /api/v1/backroom/returns/:id/appeal/images/:appealImageId': {
    'params.id': 'return',
    'params.appealImageId': 'appealImage',
  },
  'GET /api/v1/backroom/returns/:id/appeal/images/:appealImageId/download': {
    'params.id': 'return',
    'params.appealImageId': 'appealImage',
  },
  'GET /api/v1/backroom/returns/:id/refund': { 'params.id': 'return' },
  'PATCH /api/backroom/account/:id': { 'params.id': 'none', 'body.id': 'none', 'body.integrationId': 'none' },
  // Return notes name the return (or item) as the screen holds it: its id is what is read.
  // The returns search's filters: its schema allows 0 (any) and the statuses of their lists.
  // The search proxy's account header must be the session's own account: the service refuses any other
  // with 404 (it is compared, never used). A collection id may be a new collection's temporary text id.
  'POST /api/v2/searchkit/proxy': { 'headers.x-account-id': 'none', 'headers.x-collection-id': 'none' },
  'POST /api/v1/backroom/returns/search': {
    'query.inboundReturnStatusId': 'none',
    'query.inboundReturnAppealStatusId': 'none',
  },
};

const ID_NAME = /(^id$|^ids$|Id$|Ids$|-id$)/;

interface FieldRef {
  source: 'params' | 'query' | 'headers' | 'body';
  /** Property names from the source down; '[]' steps into each element of an array. */
  steps: string[];
  kind: Exclude<RefKind, 'none'>;
}

interface JsonSchemaNode {
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

/** Every id-shaped field of a request schema, as a path ('body.patch.customerId', 'body[].id'). */
function idFields(node: JsonSchemaNode, path: string, out: { path: string; name: string }[]) {
  for (const option of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    idFields(option, path, out);
  if (node.items) idFields(node.items, `${path}[]`, out);
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const at = `${path}.${name}`;
    if (ID_NAME.test(name) || BY_NAME[name] !== undefined) out.push({ path: at, name });
    else idFields(property, at, out);
  }
  return out;
}

function toJsonSchema(schema: unknown): JsonSchemaNode | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchemaNode;
}

/** The declared references of one route; throws when an id-shaped field is declared nowhere. */
export function refsOfRoute(
  method: string,
  url: string,
  schema: Partial<Record<'params' | 'querystring' | 'headers' | 'body', unknown>>,
): FieldRef[] {
  // Fastify answers HEAD with the GET route.
  const route = `${method === 'HEAD' ? 'GET' : method} ${url}`;
  const refs: FieldRef[] = [];
  const sources = [
    ['params', schema.params],
    ['query', schema.querystring],
    ['headers', schema.headers],
    ['body', schema.body],
  ] as const;
  for (const [source, zodSchema] of sources) {
    const json = toJsonSchema(zodSchema);
    if (!json) continue;
    for (const field of idFields(json, source, [])) {
      const kind = BY_ROUTE[route]?.[field.path] ?? BY_NAME[field.name];
      if (kind === undefined) {
        throw new Error(
          `Route ${route}: ${field.path} looks like an id; declare what it names in http/account-refs.ts`,
        );
      }
      if (kind === 'none') continue;
      const steps = field.path.slice(source.length).replaceAll('[]', '.[]').split('.').filter(Boolean);
      refs.push({ source, steps, kind });
    }
  }
  return refs;
}

/** The positive integer ids at `steps` in a value: a number, an array of them, or a '1,2,3' query text. */
function collect(value: unknown, steps: string[], out: number[]) {
  if (value === undefined || value === null) return;
  if (steps.length === 0) {
    if (Array.isArray(value)) for (const v of value) collect(v, [], out);
    else if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) out.push(value);
    else if (typeof value === 'string' && /^\d{1,10}(,\d{1,10})*$/.test(value))
      for (const part of value.split(',')) collect(Number(part), [], out);
    return;
  }
  const [step, ...rest] = steps as [string, ...string[]];
  if (step === '[]') {
    if (Array.isArray(value)) for (const element of value) collect(element, rest, out);
    return;
  }
  if (typeof value === 'object') collect((value as Record<string, unknown>)[step], rest, out);
}

/** Ids are int4 in the database: a larger one names nothing (and must not reach a query as one). */
const MAX_ID = 2_147_483_647;

/** Which of `ids` the query finds (`ids` as it is asked with, none above MAX_ID). */
async function existing(db: Db, ids: number[], query: (ids: number[]) => SQL) {
  const asked = ids.filter((id) => id <= MAX_ID);
  if (asked.length === 0) return new Set<number>();
  const result = (await db.execute(query(asked))) as unknown as { rows: { id: number }[] };
  return new Set(result.rows.map((row) => Number(row.id)));
}

/** Refuses the request when any id it carries is not the account's (404) or not on its global list (400). */
export async function resolveRefs(db: Db, accountId: number, refs: FieldRef[], request: FastifyRequest) {
  const wanted = new Map<Exclude<RefKind, 'none'>, { ids: number[]; field: string }>();
  for (const ref of refs) {
    const ids: number[] = [];
    collect(request[ref.source], ref.steps, ids);
    if (ids.length === 0) continue;
    const entry = wanted.get(ref.kind) ?? { ids: [], field: ref.steps.join('.').replaceAll('.[]', '[]') };
    entry.ids.push(...ids);
    wanted.set(ref.kind, entry);
  }
  // Another account's row is refused before any mistake in a global id, so the refusal never tells more. The
  // lookups run at once (a receipt names four kinds: one round trip, not four); the refusals keep that order.
  const ordered = [...wanted].sort(([a], [b]) => Number(b in ACCOUNT_ROWS) - Number(a in ACCOUNT_ROWS));
  const founds = await Promise.all(
    ordered.map(([kind, { ids: all }]) => {
      const ids = [...new Set(all)];
      if (kind in ACCOUNT_ROWS) {
        const row = ACCOUNT_ROWS[kind as AccountRow];
        return existing(db, ids, (asked) => row.owned(accountId, asked));
      }
      const list: GlobalList = GLOBAL_LISTS[kind as GlobalKind];
      return list.ids ?? existing(db, ids, list.table!);
    }),
  );
  for (const [index, [kind, { ids: all, field }]] of ordered.entries()) {
    const found = founds[index]!;
    const missing = [...new Set(all)].find((id) => !found.has(id));
    if (missing === undefined) continue;
    if (kind in ACCOUNT_ROWS)
      throw notFound(`${ACCOUNT_ROWS[kind as AccountRow].label} ${missing} not found.`);
    const list: GlobalList = GLOBAL_LISTS[kind as GlobalKind];
    if (list.isRow) throw notFound(`${list.label} ${missing} not found.`);
    const message = `There is no ${list.label} ${missing}.`;
    throw badRequest(`Invalid input. ${field}: ${message}`, [{ field, message }]);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Filled at registration from the route's schemas; resolved before the handler. */
    accountRefs?: FieldRef[];
  }
}

/** Declares every route's references at registration and resolves them on each request. */
export function registerAccountRefs(app: FastifyInstance, deps: AppDeps): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const permission = route.config?.permission;
    // Public routes carry no account; a print agent is scoped by its own token.
    if (!permission || permission === 'public' || permission === 'printAgent') return;
    const refs = [route.method]
      .flat()
      .flatMap((method) => refsOfRoute(method, route.url, (route.schema ?? {}) as Record<string, unknown>));
    route.config = { ...route.config, accountRefs: refs };
  });
  app.addHook('preHandler', async (request) => {
    const refs = request.routeOptions.config?.accountRefs;
    const auth = request.authContext;
    if (!refs?.length || !auth) return;
    await resolveRefs(deps.db, auth.accountId, refs, request);
  });
}
