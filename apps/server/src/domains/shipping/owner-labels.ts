import type { Db } from '../../db/client';
import type { LabelRecord } from './label-dto';

export type LabelOwnerKind = 'orderShipment' | 'returnShipment' | 'oneOff';

/**
 * The label of each owner among `ownerIds` (its live label, else its last one), read from the shipping
 * ledger in one query.
 */
export async function labelsOfOwners(
  _db: Db,
  _accountId: number,
  _kind: LabelOwnerKind,
  _ownerIds: readonly number[],
): Promise<Map<number, LabelRecord>> {
  // Replaced by the ledger query when the shipping core's ledger (shipping_labels) is merged.
  return new Map();
}
