import { and, asc, eq } from 'drizzle-orm';
import { channelListings, salesChannels } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';

/** POST /backroom/products/listings: a product's listings, on one channel or on all of them. */
export async function listProductListings(
  deps: AppDeps,
  auth: AuthContext,
  body: { productId: number; channelId?: number | null },
) {
  const rows = await deps.db
    .select({
      id: channelListings.id,
      channelId: channelListings.channelId,
      channelName: salesChannels.name,
      siteId: salesChannels.siteId,
      productId: channelListings.productId,
      listingSKU: channelListings.listingSKU,
      title: channelListings.title,
      price: channelListings.price,
      isActive: channelListings.isActive,
    })
    .from(channelListings)
    .innerJoin(salesChannels, eq(salesChannels.id, channelListings.channelId))
    .where(
      and(
        eq(channelListings.accountId, auth.accountId),
        eq(channelListings.productId, body.productId),
        body.channelId ? eq(channelListings.channelId, body.channelId) : undefined,
      ),
    )
    .orderBy(asc(salesChannels.siteId), asc(salesChannels.channelTypeId));
  return rows.map((r) => ({ ...r, price: Number(r.price) }));
}
