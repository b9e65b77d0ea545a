import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../../domains/auth/auth-cache';
import {
  buyOrderShipment,
  rateOrderShipment,
  voidOrderShipment,
} from '../../domains/orders/order-shipment-labels.service';
import { Carriers } from '../../domains/shipping/carriers';
import type { Db } from '../client';
import { channelOrderShipments, channelOrders } from '../schema';
import type { SeedContext } from './seed-context';

/**
 * Demo order shipments in each state the shipment panel shows, made through the shipping calls themselves on
 * the sandbox carrier: beside the unpacked (Packing) and packed (Packed) shipments every order at the bench
 * has, one packed shipment with its rates calculated, one with a bought sandbox label (its order fulfilled),
 * and one whose label was voided (its replacement back at the bench). Each leaves its notes on its order.
 */
export async function seedShipments(db: Db, ctx: SeedContext): Promise<void> {
  const accountId = ctx.accounts.music;
  const userId = ctx.users['warehouse@backroom.local'] ?? ctx.users['admin@backroom.local'];
  if (!accountId || !userId) return;
  // The services need only the database and the carriers; the seed's transaction is their database.
  const deps = { db, carriers: new Carriers(db) } as unknown as AppDeps;
  const auth = {
    accountId,
    userId,
    user: { id: userId, firstName: 'Demo', lastName: 'Seed', email: '' },
  } as AuthContext;
  const packed = await db
    .select({ id: channelOrderShipments.id, channelOrderId: channelOrderShipments.channelOrderId })
    .from(channelOrderShipments)
    .innerJoin(channelOrders, eq(channelOrders.id, channelOrderShipments.channelOrderId))
    .where(
      and(
        eq(channelOrderShipments.accountId, accountId),
        eq(channelOrderShipments.isPacked, 1),
        eq(channelOrders.systemOrderStatusId, 14),
      ),
    )
    .orderBy(desc(channelOrders.orderedAt))
    .limit(3);
  const rate = async (shipment: (typeof packed)[number]) => {
    const [rated] = await rateOrderShipment(deps, auth, {
      channelOrderId: shipment.channelOrderId,
      channelOrderShipmentId: shipment.id,
    });
    return rated!;
  };
  const buy = async (shipment: (typeof packed)[number]) => {
    const rated = await rate(shipment);
    await buyOrderShipment(deps, auth, {
      channelOrderId: shipment.channelOrderId,
      channelOrderShipmentId: shipment.id,
      selectedRateId: rated.rates[0]!.id,
      insuredAmount: 0,
    });
  };
  const [bought, voided, rated] = packed;
  if (bought) await buy(bought);
  if (voided) {
    await buy(voided);
    await voidOrderShipment(deps, auth, { id: voided.id });
  }
  if (rated) await rate(rated);
}
