import type { RoleCode } from './permissions';

/**
 * Who may call each API route: the reviewed expectation, route by route and role by role. The server decides
 * by the permission group a route declares (its `config.permission`) and the groups each role grants
 * (apps/server/src/db/seed/reference-data.ts); the role-matrix test (apps/server/src/http/role-matrix.test.ts)
 * calls every route as every role and as nobody and checks the outcome against this table. A new route, or a
 * changed grant, fails that test until this table says who should have it.
 *
 * - 'public': anyone, signed in or not.
 * - 'signedIn': any signed-in user (what a route does with another user's data is the route's own check).
 * - 'printAgent': a print agent's bearer token, never a user session.
 * - a list: only users holding one of these roles.
 */
export type RouteAccess = 'public' | 'signedIn' | 'printAgent' | readonly RoleCode[];

/** orders: the counter and the order desk. */
const ORDER_DESK = ['admin', 'storeManager', 'salesperson', 'orderSupport'] as const;
/** orderRefunds: payment details and refunds (orders-warehouse.md §6: store managers). */
const REFUNDERS = ['admin', 'storeManager', 'orderSupport'] as const;
/** shipping: packing and shipping orders. */
const SHIPPERS = ['admin', 'storeManager', 'warehouseStaff', 'orderSupport'] as const;
/** warehouse: changing warehouses, bins and stock. */
const WAREHOUSE = ['admin', 'warehouseStaff'] as const;
/** printing: printers and labels (not print servers: those are administration). */
const PRINTING = ['admin', 'storeManager', 'warehouseStaff', 'returnsStaff', 'catalogueStaff'] as const;
/** returns. */
const RETURNS = ['admin', 'storeManager', 'warehouseStaff', 'returnsStaff', 'orderSupport'] as const;
/** catalogue: products, brands, images, listings. */
const CATALOGUE = ['admin', 'storeManager', 'catalogueStaff'] as const;
/** adminUserAccess: accounts, users, print servers and their tokens. */
const ADMINS = ['admin'] as const;

export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  'PUT /api/backroom/account': ADMINS,
  'PATCH /api/backroom/account/:id': ADMINS,
  'GET /api/backroom/account/brand/:brandId': 'signedIn',
  'GET /api/backroom/account/brands': 'signedIn',
  'GET /api/backroom/account/vendors': 'signedIn',
  'GET /api/backroom/accounts': 'signedIn',
  'PATCH /api/backroom/attribute': CATALOGUE,
  'POST /api/backroom/attribute/search': 'signedIn',
  'GET /api/backroom/brand/:brandId/products': CATALOGUE,
  'PATCH /api/backroom/brands': CATALOGUE,
  'POST /api/backroom/category/search': 'signedIn',
  'GET /api/backroom/channelOrder/:id': ORDER_DESK,
  'PATCH /api/backroom/chaos/markPicked': ORDER_DESK,
  'POST /api/backroom/cloudinary/upload': CATALOGUE,
  'PATCH /api/backroom/image': CATALOGUE,
  'GET /api/backroom/mail/outbox': ORDER_DESK,
  'GET /api/backroom/mail/outbox/:id': ORDER_DESK,
  'PUT /api/backroom/product': CATALOGUE,
  'GET /api/backroom/product/:productId': 'signedIn',
  'PATCH /api/backroom/product/bundleItems': CATALOGUE,
  'PATCH /api/backroom/product/image': CATALOGUE,
  'PATCH /api/backroom/product/inventory': CATALOGUE,
  'GET /api/backroom/product/pricingStrategies': 'signedIn',
  'GET /api/backroom/product/purchasingStatuses': 'signedIn',
  'PUT /api/backroom/productQueue': CATALOGUE,
  'DELETE /api/backroom/productQueue/:id': CATALOGUE,
  'GET /api/backroom/productQueue/:id/products': CATALOGUE,
  'GET /api/backroom/productQueues': CATALOGUE,
  'GET /api/backroom/products': CATALOGUE,
  'PATCH /api/backroom/products': CATALOGUE,
  'POST /api/backroom/products/listings': ORDER_DESK,
  'GET /api/backroom/roles': 'signedIn',
  'POST /api/backroom/search/products': 'signedIn',
  'PUT /api/backroom/user/admin': ADMINS,
  'PATCH /api/backroom/user/admin/:id': 'signedIn',
  'GET /api/backroom/users': 'signedIn',
  'POST /api/backroom/warehouse': 'signedIn',
  'PUT /api/backroom/warehouse': WAREHOUSE,
  'GET /api/backroom/warehouse/bin': 'signedIn',
  'POST /api/backroom/warehouse/bin/last': 'signedIn',
  'POST /api/backroom/warehouse/channelOrder/cancel': ORDER_DESK,
  'POST /api/backroom/warehouse/channelOrder/makeShippableBackorder': ORDER_DESK,
  'PATCH /api/backroom/warehouse/channelOrder/note': ORDER_DESK,
  'POST /api/backroom/warehouse/channelOrder/packing/search': SHIPPERS,
  'POST /api/backroom/warehouse/channelOrder/packingDelayed': ORDER_DESK,
  'GET /api/backroom/warehouse/channelOrder/paymentTypes': 'signedIn',
  'POST /api/backroom/warehouse/channelOrder/prePack': ORDER_DESK,
  'GET /api/backroom/warehouse/deliveryTypes': 'signedIn',
  'GET /api/backroom/warehouse/locations': 'signedIn',
  'GET /api/backroom/warehouse/packaging': 'signedIn',
  'PATCH /api/backroom/warehouse/packaging': WAREHOUSE,
  'PATCH /api/backroom/warehouse/printer': PRINTING,
  'GET /api/backroom/warehouse/printers': 'signedIn',
  'GET /api/backroom/warehouse/printers/paper': 'signedIn',
  'POST /api/backroom/warehouse/row/last': 'signedIn',
  'GET /api/backroom/warehouse/salesChannels': 'signedIn',
  'POST /api/backroom/warehouse/section/last': 'signedIn',
  'PATCH /api/backroom/warehouse/server': ADMINS,
  'GET /api/backroom/warehouse/servers': PRINTING,
  'POST /api/backroom/warehouse/shelf/last': 'signedIn',
  'GET /api/backroom/warehouse/system/statuses': 'signedIn',
  'GET /api/backroom/warehouse/types': 'signedIn',
  'GET /api/backroom/warehouse/warehouses': 'signedIn',
  'POST /api/backroom/warehouse/zone/last': 'signedIn',
  'GET /api/files/*': 'signedIn',
  'GET /api/health': 'public',
  'POST /api/v1/backroom/auth/account': 'signedIn',
  'POST /api/v1/backroom/auth/login': 'public',
  'POST /api/v1/backroom/auth/logout': 'signedIn',
  'GET /api/v1/backroom/auth/me': 'signedIn',
  'GET /api/v1/backroom/channelOrder': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/allocateSelectedProductUnits': ORDER_DESK,
  'POST /api/v1/backroom/channelOrder/firstParty/applyPromotion': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/completeCancellation': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/deallocateSelectedUnits': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/discount': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/discount': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/finalize': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/item': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/item': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/item/discount': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/item/discount': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/manualPayment': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/note': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/redeemMerchantCredit': ORDER_DESK,
  'PUT /api/v1/backroom/channelOrder/firstParty/refund': REFUNDERS,
  'GET /api/v1/backroom/channelOrder/firstParty/refund/return': REFUNDERS,
  'GET /api/v1/backroom/channelOrder/firstParty/refund/return/item': REFUNDERS,
  'POST /api/v1/backroom/channelOrder/firstParty/removePromotion': ORDER_DESK,
  'PATCH /api/v1/backroom/channelOrder/firstParty/salesPeople': ORDER_DESK,
  'POST /api/v1/backroom/channelOrders': ORDER_DESK,
  'POST /api/v1/backroom/channelOrders/import': ORDER_DESK,
  'POST /api/v1/backroom/chaos/listInventoryByDivision': 'signedIn',
  'GET /api/v1/backroom/chaos/lookupWarehouseDivisionByBarcode': 'signedIn',
  'POST /api/v1/backroom/chaos/warehouseBin/clear': WAREHOUSE,
  'POST /api/v1/backroom/inventory/getAvailableUnitSelectionData': ORDER_DESK,
  'POST /api/v1/backroom/inventory/getDeallocationUnitOptions': ORDER_DESK,
  'GET /api/v1/backroom/inventory/unit/:id/history': 'signedIn',
  'PATCH /api/v1/backroom/listing/siteCategory': CATALOGUE,
  'POST /api/v1/backroom/listing/siteCategory/search': CATALOGUE,
  'POST /api/v1/backroom/listing/siteCategorySuggestions': CATALOGUE,
  'POST /api/v1/backroom/print/calibrate/paper/:format': PRINTING,
  'POST /api/v1/backroom/print/divisionLabel': PRINTING,
  'POST /api/v1/backroom/print/document': PRINTING,
  'GET /api/v1/backroom/print/jobs': PRINTING,
  'GET /api/v1/backroom/print/jobs/:id/preview': PRINTING,
  'POST /api/v1/backroom/print/jobs/:id/retry': PRINTING,
  'POST /api/v1/backroom/print/printMiniPackageLabel': PRINTING,
  'POST /api/v1/backroom/print/printProductPackageLabel': PRINTING,
  'POST /api/v1/backroom/print/printRetailProductLabel': PRINTING,
  'POST /api/v1/backroom/print/receipt': ORDER_DESK,
  'POST /api/v1/backroom/print/receiving': PRINTING,
  'GET /api/v1/backroom/product/:id/siteCategories': CATALOGUE,
  'POST /api/v1/backroom/product/barcodePool/assign': CATALOGUE,
  'PUT /api/v1/backroom/returns': RETURNS,
  'GET /api/v1/backroom/returns/:id': RETURNS,
  'GET /api/v1/backroom/returns/item/status': RETURNS,
  'PUT /api/v1/backroom/returns/quarantineBin': RETURNS,
  'GET /api/v1/backroom/returns/status': RETURNS,
  'PUT /api/v1/backroom/returns/warehouseBin': RETURNS,
  'GET /api/v1/backroom/user': ORDER_DESK,
  'GET /api/v1/backroom/user/:id/badge': 'signedIn',
  'POST /api/v1/backroom/user/:id/badge/regenerate': 'signedIn',
  'GET /api/v1/backroom/user/:id/logins': 'signedIn',
  'PATCH /api/v1/backroom/warehouse': WAREHOUSE,
  'PATCH /api/v1/backroom/warehouse/bin': WAREHOUSE,
  'POST /api/v1/backroom/warehouse/bin': WAREHOUSE,
  'PATCH /api/v1/backroom/warehouse/division': WAREHOUSE,
  'GET /api/v1/backroom/warehouse/division/children': 'signedIn',
  'POST /api/v1/backroom/warehouse/label/printZPLFromURL': PRINTING,
  'GET /api/v1/backroom/warehouse/lookupSalesPersonDivision': ORDER_DESK,
  'POST /api/v1/backroom/warehouse/shipment/markShipped': ORDER_DESK,
  'POST /api/v1/print-agent/heartbeat': 'printAgent',
  'GET /api/v1/print-agent/jobs': 'printAgent',
  'POST /api/v1/print-agent/jobs/:id/state': 'printAgent',
  'POST /api/v1/print-agent/register': 'printAgent',
  'GET /api/v1/shipping/labels/:id.pdf': SHIPPERS,
  'GET /api/v1/shipping/labels/:id.zpl': SHIPPERS,
  'GET /api/v1/shipping/shippers': 'signedIn',
  // EasyPost calls it; its HMAC signature (EASYPOST_WEBHOOK_SECRET) is what lets an event in.
  'POST /api/v1/shipping/webhooks/easypost': 'public',
  'GET /api/v1/utilities/statesAndCountries': 'signedIn',
  'POST /api/v2/vsf/checkout/sendConfirmationEmail': ORDER_DESK,
};
