import { and, asc, eq, inArray } from 'drizzle-orm';
import { memberships, roles, userRoles, users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';

/**
 * GET /v1/backroom/user?roleList=salesperson: the account's active users holding one of the roles, for
 * assigning sales people to order items (orders-warehouse.md §6).
 */
export async function listSalesPeople(deps: AppDeps, auth: AuthContext, roleCodes: string[]) {
  const rows = await deps.db
    .selectDistinct({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.accountId, auth.accountId)))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(roles.code, roleCodes.length ? roleCodes : ['salesperson']), eq(users.isActive, 1)))
    .orderBy(asc(users.firstName), asc(users.lastName));
  return rows;
}
