import { PERMISSION_GROUPS, type PermissionGroup, type RoleCode } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { COUNTRIES, STATES } from '../../domains/shipping/states-countries.data';
import type { Db } from '../client';
import {
  countries,
  pricingStrategies,
  purchasingStatuses,
  rolePermissionGroups,
  roles,
  states,
  warehouseTypes,
} from '../schema';

/** The roles every installation has, and the permission groups each grants. */
export const ROLE_DEFINITIONS: { code: RoleCode; name: string; groups: readonly PermissionGroup[] }[] = [
  { code: 'admin', name: 'Administrator', groups: PERMISSION_GROUPS },
  {
    code: 'storeManager',
    name: 'Store Manager',
    groups: ['orders', 'orderRefunds', 'shipping', 'returns', 'printing', 'catalogue'],
  },
  { code: 'salesperson', name: 'Sales Person', groups: ['orders'] },
  {
    code: 'warehouseStaff',
    name: 'Warehouse Staff',
    groups: ['warehouse', 'printing', 'returns', 'shipping'],
  },
  { code: 'returnsStaff', name: 'Returns Staff', groups: ['returns', 'printing'] },
  { code: 'orderSupport', name: 'Order Support', groups: ['orders', 'orderRefunds', 'shipping', 'returns'] },
  { code: 'catalogueStaff', name: 'Catalogue Staff', groups: ['catalogue', 'printing'] },
];

/** Warehouse types: what each does. Type 10 is third party (orders-warehouse.md §9). */
export const WAREHOUSE_TYPES = [
  { id: 1, name: 'Warehouse', hasFulfillment: true, hasReceiving: true, isThirdParty: false },
  { id: 2, name: 'Retail Store', hasFulfillment: true, hasReceiving: true, isThirdParty: false },
  { id: 3, name: 'Returns Center', hasFulfillment: false, hasReceiving: true, isThirdParty: false },
  { id: 4, name: 'Overflow Storage', hasFulfillment: false, hasReceiving: false, isThirdParty: false },
  { id: 10, name: 'Third Party', hasFulfillment: false, hasReceiving: false, isThirdParty: true },
];

/** Pricing strategies; 41 is the default for used variants (catalogue-admin.md §9). */
export const PRICING_STRATEGIES = [
  { id: 1, code: 'map', label: 'MAP' },
  { id: 5, code: 'costPlus', label: 'Cost Plus' },
  { id: 10, code: 'competitive', label: 'Competitive' },
  { id: 20, code: 'clearance', label: 'Clearance' },
  { id: 30, code: 'manual', label: 'Manual' },
  { id: 41, code: 'usedGear', label: 'Used Gear' },
];

/** Purchasing statuses; 7 is the default for used variants (catalogue-admin.md §9). */
export const PURCHASING_STATUSES = [
  { id: 1, name: 'Active' },
  { id: 3, name: 'Special Order' },
  { id: 5, name: 'Discontinued' },
  { id: 7, name: 'One-Off / Used' },
  { id: 9, name: 'Do Not Reorder' },
];

/** Idempotent: adds missing roles and grants on every start, never removes what an admin changed. */
export async function ensureReferenceData(db: Db): Promise<Map<RoleCode, number>> {
  await db.insert(warehouseTypes).values(WAREHOUSE_TYPES).onConflictDoNothing({ target: warehouseTypes.id });
  // Shipping addresses: countries (1 = US) and the US and Canadian states and provinces.
  await db
    .insert(countries)
    .values([...COUNTRIES])
    .onConflictDoNothing({ target: countries.id });
  await db
    .insert(states)
    .values([...STATES])
    .onConflictDoNothing({ target: states.id });
  await db
    .insert(pricingStrategies)
    .values(PRICING_STRATEGIES)
    .onConflictDoNothing({ target: pricingStrategies.id });
  await db
    .insert(purchasingStatuses)
    .values(PURCHASING_STATUSES)
    .onConflictDoNothing({ target: purchasingStatuses.id });
  await db
    .insert(roles)
    .values(ROLE_DEFINITIONS.map(({ code, name }) => ({ code, name })))
    .onConflictDoNothing({ target: roles.code });
  const rows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  const ids = new Map(rows.map((r) => [r.code as RoleCode, r.id]));
  const grants = ROLE_DEFINITIONS.flatMap(({ code, groups }) =>
    groups.map((permissionGroup) => ({ roleId: ids.get(code)!, permissionGroup })),
  );
  await db.insert(rolePermissionGroups).values(grants).onConflictDoNothing();
  return ids;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from accounts`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n === 0;
}
