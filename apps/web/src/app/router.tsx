import { createBrowserRouter } from 'react-router';
import { LoginPage } from '../features/auth/routes/login/login-page';
import { AppFrameSkeleton } from './layout/app-frame-skeleton';
import { RequireAuth } from './layout/require-auth';

/** Routes from the specs. Everything behind the login page loads lazily, so signing in stays light. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <RequireAuth />,
    // While the first screen's code loads: the app's frame with placeholders, not a blank page.
    hydrateFallbackElement: <AppFrameSkeleton />,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layout/app-layout')).AppLayout }),
        hydrateFallbackElement: <AppFrameSkeleton />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/home/routes/home-page')).HomePage }),
          },
          {
            path: 'warehouse',
            lazy: async () => ({
              Component: (await import('../features/warehouse/routes/warehouses/warehouses-page'))
                .WarehousesPage,
            }),
          },
          {
            path: 'warehouse/print-queue',
            lazy: async () => ({
              Component: (await import('../features/printing/routes/print-queue/print-queue-page'))
                .PrintQueuePage,
            }),
          },
          {
            path: 'warehouse/printers',
            lazy: async () => ({
              Component: (await import('../features/printing/routes/printers/printers-page')).PrintersPage,
            }),
          },
          {
            path: 'warehouse/packing',
            lazy: async () => ({
              Component: (await import('../features/shipping/routes/packing-station/packing-station-page'))
                .PackingStationPage,
            }),
          },
          {
            path: 'warehouse/recondition',
            lazy: async () => ({
              Component: (await import('../features/warehouse/routes/recondition/recondition-page'))
                .ReconditionPage,
            }),
          },
          {
            path: 'backroom/chaos',
            lazy: async () => ({
              Component: (await import('../features/warehouse/routes/view-barcode/view-barcode-page'))
                .ViewBarcodePage,
            }),
          },
          {
            path: 'warehouse/:warehouseId',
            lazy: async () => ({
              Component: (await import('../features/warehouse/routes/warehouse-editor/warehouse-editor-page'))
                .WarehouseEditorPage,
            }),
          },
          {
            path: 'orders',
            lazy: async () => ({
              Component: (await import('../features/orders/routes/orders-list/orders-page')).OrdersPage,
            }),
          },
          {
            path: 'orders/outbox',
            lazy: async () => ({
              Component: (await import('../features/orders/routes/outbox/outbox-page')).OutboxPage,
            }),
          },
          {
            path: 'POS/new',
            lazy: async () => ({
              Component: (await import('../features/orders/routes/pos/pos-new-page')).PosNewPage,
            }),
          },
          {
            path: 'POS/:id',
            lazy: async () => ({
              Component: (await import('../features/orders/routes/pos/pos-page')).PosPage,
            }),
          },
          {
            path: 'channelOrder/:channelOrderId/detail',
            lazy: async () => ({
              Component: (
                await import('../features/orders/routes/channel-order-detail/channel-order-detail-page')
              ).ChannelOrderDetailPage,
            }),
          },
          {
            path: 'returns',
            lazy: async () => ({
              Component: (await import('../features/returns/routes/returns-search/returns-search-page'))
                .ReturnsSearchPage,
            }),
          },
          {
            path: 'return/:inboundReturnId',
            lazy: async () => ({
              Component: (
                await import('../features/returns/routes/manage-inbound-return/manage-inbound-return-page')
              ).ManageInboundReturnPage,
            }),
          },
          {
            path: 'catalogue/brand/:brandId?',
            lazy: async () => ({
              Component: (await import('../features/catalogue/routes/brand-products/brand-products-page'))
                .BrandProductsPage,
            }),
          },
          {
            path: 'manage/products',
            lazy: async () => ({
              Component: (await import('../features/catalogue/routes/manage-products/manage-products-page'))
                .ManageProductsPage,
            }),
          },
          {
            path: 'account/attribute',
            lazy: async () => ({
              Component: (await import('../features/catalogue/routes/attributes/attributes-page'))
                .AttributesPage,
            }),
          },
          {
            path: 'catalogue/collections',
            lazy: async () => ({
              Component: (await import('../features/collections/routes/collections/collections-page'))
                .CollectionsPage,
            }),
          },
          {
            path: 'report/pricingEvents',
            lazy: async () => ({
              Component: (await import('../features/pricing/routes/pricing-report/pricing-report-page'))
                .PricingReportPage,
            }),
          },
          {
            path: 'tools/universal',
            lazy: async () => ({
              Component: (await import('../features/search/routes/universal-search/universal-search-page'))
                .UniversalSearchPage,
            }),
          },
          {
            path: 'tools/universal/product',
            lazy: async () => ({
              Component: (await import('../features/search/routes/universal-product/universal-product-page'))
                .UniversalProductPage,
            }),
          },
          {
            path: 'tools/camera',
            lazy: async () => ({
              Component: (await import('../features/camera/routes/camera-barcode/camera-barcode-page'))
                .CameraBarcodePage,
            }),
          },
          {
            path: 'admin/accounts-users',
            lazy: async () => ({
              Component: (await import('../features/admin/routes/accounts-users/accounts-users-page'))
                .AccountsUsersPage,
            }),
          },
          {
            path: 'shipping/one-off',
            lazy: async () => ({
              Component: (await import('../features/shipping/routes/one-off-shipment/one-off-shipment-page'))
                .OneOffShipmentPage,
            }),
          },
          {
            path: 'admin/shipping',
            lazy: async () => ({
              Component: (
                await import('../features/shipping/routes/shipping-settings/shipping-settings-page')
              ).ShippingSettingsPage,
            }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./layout/not-found-page')).NotFoundPage }),
          },
        ],
      },
    ],
  },
]);
