import { canEditItems, type itemDiscountPatchSchema, toCents } from '@backroom/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps';
import { notFound } from '../../../http/errors';
import type { AuthContext } from '../../auth/auth-cache';
import { findItemDiscount, updateItemDiscount } from '../order-discounts.repository';
import { decimal, editOrder } from '../order-edit';
import { addSystemNote } from '../order-notes';
import { refuseUnless } from './order-checks';

/** PATCH …/firstParty/item/discount. */
export async function patchItemDiscount(
  deps: AppDeps,
  auth: AuthContext,
  body: z.infer<typeof itemDiscountPatchSchema>,
) {
  const row = await findItemDiscount(deps.db, auth.accountId, body.id);
  if (!row) throw notFound(`Item discount ${body.id} not found.`);
  return editOrder(deps, auth, row.channelOrderId, body.sourceModifiedAt, async (tx, order) => {
    refuseUnless(canEditItems(order));
    await updateItemDiscount(tx, body.id, {
      ...(body.patch.isActive === undefined ? {} : { isActive: body.patch.isActive }),
      ...(body.patch.discount === undefined ? {} : { discount: decimal(toCents(body.patch.discount)) }),
    });
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Item discount on ${row.sku ?? 'an item'} ${body.patch.isActive === 0 ? 'switched off' : 'changed'}.`,
    );
  });
}
