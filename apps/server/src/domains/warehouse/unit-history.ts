import type { UnitHistory } from '@backroom/shared';
import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  inventoryLocationItems,
  inventoryUnitEvents,
  products,
  users,
  warehouseDivisions,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';

const fromDivision = alias(warehouseDivisions, 'from_division');
const toDivision = alias(warehouseDivisions, 'to_division');

/** A unit and every movement or change it went through, oldest first. */
export async function unitHistory(deps: AppDeps, auth: AuthContext, unitId: number): Promise<UnitHistory> {
  const [unit] = await deps.db
    .select({
      id: inventoryLocationItems.id,
      productId: inventoryLocationItems.productId,
      sku: products.sku,
      name: products.name,
      locationBarcode: warehouseDivisions.barcode,
    })
    .from(inventoryLocationItems)
    .innerJoin(products, eq(products.id, inventoryLocationItems.productId))
    .leftJoin(warehouseDivisions, eq(warehouseDivisions.id, inventoryLocationItems.inventoryLocationId))
    .where(and(eq(inventoryLocationItems.id, unitId), eq(inventoryLocationItems.accountId, auth.accountId)));
  if (!unit) throw notFound(`Unit ${unitId} not found.`);
  const events = await deps.db
    .select({
      id: inventoryUnitEvents.id,
      eventType: inventoryUnitEvents.eventType,
      from: fromDivision.barcode,
      to: toDivision.barcode,
      note: inventoryUnitEvents.note,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: inventoryUnitEvents.createdAt,
    })
    .from(inventoryUnitEvents)
    .leftJoin(fromDivision, eq(fromDivision.id, inventoryUnitEvents.fromDivisionId))
    .leftJoin(toDivision, eq(toDivision.id, inventoryUnitEvents.toDivisionId))
    .leftJoin(users, eq(users.id, inventoryUnitEvents.userId))
    .where(eq(inventoryUnitEvents.inventoryLocationItemId, unitId))
    .orderBy(asc(inventoryUnitEvents.createdAt), asc(inventoryUnitEvents.id));
  return {
    ...unit,
    events: events.map(({ firstName, lastName, createdAt, ...e }) => ({
      ...e,
      by: firstName ? `${firstName} ${lastName}` : null,
      createdAt: createdAt.toISOString(),
    })),
  };
}
