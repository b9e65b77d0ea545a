import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inIds } from '../../db/in-ids';
import { shippingLabels } from '../../db/schema';
import type { LabelOwnerKind } from '../../db/schema/shipping';
import { type ShippingLabel, toShippingLabel } from './shipping-label-row';

/**
 * The label of each owner among `ownerIds` (its live label, else its last voided one, as findLabel answers
 * one owner), read from the ledger in one query for the replies that list several shipments.
 */
export async function labelsOfOwners(
  db: Db,
  accountId: number,
  kind: LabelOwnerKind,
  ownerIds: readonly number[],
): Promise<Map<number, ShippingLabel>> {
  const labels = new Map<number, ShippingLabel>();
  if (ownerIds.length === 0) return labels;
  const rows = await db
    .select()
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.accountId, accountId),
        eq(shippingLabels.ownerKind, kind),
        inIds(shippingLabels.ownerId, ownerIds),
        inArray(shippingLabels.state, ['bought', 'voided']),
      ),
    )
    .orderBy(sql`${shippingLabels.state} = 'voided'`, desc(shippingLabels.id));
  for (const row of rows) if (!labels.has(row.ownerId)) labels.set(row.ownerId, toShippingLabel(row));
  return labels;
}
