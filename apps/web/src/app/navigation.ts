import type { PermissionGroup } from '@backroom/shared';

export interface NavItem {
  label: string;
  path: string;
  /** Shown only to users holding this permission group. */
  permission?: PermissionGroup;
  /** Active only on this very path (not on paths below it). */
  exact?: boolean;
}

export interface NavGroup {
  label: 'Returns' | 'Orders' | 'Warehouse' | 'Catalogue' | 'Tools' | 'Admin';
  items: NavItem[];
}

/** Navigation by area. List only screens that exist; a group with no visible item is hidden. */
export const NAVIGATION: NavGroup[] = [
  { label: 'Returns', items: [{ label: 'Returns', path: '/returns', permission: 'returns' }] },
  {
    label: 'Orders',
    items: [
      { label: 'Orders', path: '/orders', permission: 'orders', exact: true },
      { label: 'Point of Sale', path: '/POS/new', permission: 'orders' },
      { label: 'Outbox', path: '/orders/outbox', permission: 'orders' },
    ],
  },
  {
    label: 'Warehouse',
    items: [
      { label: 'Warehouses', path: '/warehouse', exact: true },
      { label: 'Printers', path: '/warehouse/printers', permission: 'printing' },
      { label: 'Print Queue', path: '/warehouse/print-queue', permission: 'printing' },
      { label: 'Packing Station', path: '/warehouse/packing', permission: 'shipping' },
      { label: 'Recondition Inventory', path: '/warehouse/recondition', permission: 'warehouse' },
      { label: 'One-off Shipment', path: '/shipping/one-off', permission: 'shipping' },
    ],
  },
  {
    label: 'Catalogue',
    items: [
      { label: 'Brand Products', path: '/catalogue/brand', permission: 'catalogue' },
      { label: 'Manage Products', path: '/manage/products', permission: 'catalogue' },
      { label: 'Attributes', path: '/account/attribute', permission: 'catalogue' },
      { label: 'Pricing Report', path: '/report/pricingEvents', permission: 'catalogue' },
      { label: 'Collections', path: '/catalogue/collections', permission: 'catalogue' },
    ],
  },
  {
    label: 'Tools',
    items: [
      // The screen's heading is the spec's 'SEO'; the menu says what it is for a new user (issue 19 §4).
      { label: 'Product Search (SEO)', path: '/tools/universal', exact: true },
      { label: 'Camera Barcode', path: '/tools/camera' },
    ],
  },
  {
    label: 'Admin',
    items: [
      { label: 'Accounts & Users', path: '/admin/accounts-users' },
      { label: 'Shipping', path: '/admin/shipping' },
    ],
  },
];

export function visibleNavigation(groups: readonly string[]): NavGroup[] {
  return NAVIGATION.map((group) => ({
    ...group,
    items: group.items.filter((item) => !item.permission || groups.includes(item.permission)),
  })).filter((group) => group.items.length > 0);
}
