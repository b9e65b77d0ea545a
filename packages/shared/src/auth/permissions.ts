/**
 * Permission groups a role grants. Routes declare one of these (or 'public' / 'authenticated');
 * the server checks them on every request. `adminUserAccess` is the specs' own name.
 */
export const PERMISSION_GROUPS = [
  'adminUserAccess',
  'returns',
  'orders',
  'orderRefunds',
  'shipping',
  'warehouse',
  'printing',
  'catalogue',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

/**
 * What a route requires: nobody ('public'), any signed-in user, a permission group, or a print agent's
 * token (the print agent protocol, which has no user session).
 */
export type RoutePermission = 'public' | 'authenticated' | 'printAgent' | PermissionGroup;

/** Role codes the product knows. storeManager and salesperson are the specs' own names. */
export const ROLE_CODES = [
  'admin',
  'storeManager',
  'salesperson',
  'warehouseStaff',
  'returnsStaff',
  'orderSupport',
  'catalogueStaff',
] as const;
export type RoleCode = (typeof ROLE_CODES)[number];
