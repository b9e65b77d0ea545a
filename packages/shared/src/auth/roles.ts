import type { PermissionGroup } from './permissions';

// Role checks both sides make: the server to refuse, the screens to show or hide what the user may do.
// Each takes what the server's session (AuthContext) and the web's `me` both carry.

/** Who holds roles by code (the session on the server, `me` on the web). */
export interface RoleHolder {
  roles: readonly { code: string }[];
}

/** Who holds permission groups (the session on the server, `me` on the web). */
export interface PermissionHolder {
  permissionGroups: readonly PermissionGroup[];
}

/** Store managers refund payments (orders-warehouse.md §6); administrators hold every right. */
export function isStoreManager(holder: RoleHolder): boolean {
  return holder.roles.some((role) => role.code === 'storeManager' || role.code === 'admin');
}

/**
 * Who may grant accounts and roles to users (and create users): the holders of `adminUserAccess`. Anyone else
 * changes only their own name, e-mail, PIN and password.
 */
export function mayGrantAccess(holder: PermissionHolder): boolean {
  return holder.permissionGroups.includes('adminUserAccess');
}
