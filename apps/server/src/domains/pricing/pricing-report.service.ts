import {
  centsToDecimal,
  channelFees,
  minimumPrice,
  type PricingEventType,
  type PricingReportRow,
  toCents,
} from '@backroom/shared';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import {
  brands,
  channelListings,
  pricingEventListings,
  pricingEvents,
  pricingStrategies,
  products,
  salesChannels,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';

/**
 * GET /api/v1/report/pricingEvents/pricing (catalogue-admin.md §2.7, §7 Pricing report): every listing of the
 * account's pricing events running now (started, not yet ended), soonest end first. Each row's minimum and
 * its explanation come from the product's pricing strategy, cost and MAP and the channel's fees, computed as
 * the report is read (packages/shared pricing/minimum-price.ts), so a changed cost shows at once.
 */
export async function activePricingEventListings(
  deps: AppDeps,
  auth: AuthContext,
): Promise<PricingReportRow[]> {
  const now = sql`now()`;
  const rows = await deps.db
    .select({
      id: pricingEventListings.id,
      channelId: salesChannels.id,
      channelName: salesChannels.name,
      siteId: salesChannels.siteId,
      channelTypeId: salesChannels.channelTypeId,
      brandId: brands.id,
      brandName: brands.name,
      productId: products.id,
      productName: products.name,
      productSKU: products.sku,
      productCost: products.priceCost,
      productMAP: products.priceMAP,
      productPrice: products.priceSale,
      listingSKU: channelListings.listingSKU,
      referenceId: channelListings.referenceId,
      price: pricingEventListings.price,
      pricingEventId: pricingEvents.id,
      pricingEventName: pricingEvents.name,
      pricingEventEndsAt: pricingEvents.endsAt,
      eventType: pricingEvents.eventType,
      strategyCode: pricingStrategies.code,
      strategyLabel: pricingStrategies.label,
    })
    .from(pricingEvents)
    .innerJoin(
      pricingEventListings,
      and(
        eq(pricingEventListings.pricingEventId, pricingEvents.id),
        eq(pricingEventListings.accountId, pricingEvents.accountId),
      ),
    )
    .innerJoin(channelListings, eq(channelListings.id, pricingEventListings.channelListingId))
    .innerJoin(salesChannels, eq(salesChannels.id, pricingEvents.channelId))
    .innerJoin(products, eq(products.id, channelListings.productId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(pricingStrategies, eq(pricingStrategies.id, products.pricingStrategyId))
    .where(
      and(
        eq(pricingEvents.accountId, auth.accountId),
        lte(pricingEvents.startsAt, now),
        gt(pricingEvents.endsAt, now),
      ),
    )
    .orderBy(
      asc(pricingEvents.endsAt),
      asc(salesChannels.name),
      asc(channelListings.listingSKU),
      asc(pricingEventListings.id),
    );

  return rows.map((row) => {
    const costCents = toCents(row.productCost);
    const mapCents = toCents(row.productMAP);
    const minimum = minimumPrice({
      strategy: row.strategyCode
        ? { code: row.strategyCode, label: row.strategyLabel ?? row.strategyCode }
        : null,
      costCents,
      mapCents,
      fees: channelFees(row.siteId, row.channelTypeId),
    });
    return {
      id: row.id,
      channelId: row.channelId,
      channelName: row.channelName,
      siteId: row.siteId,
      brandId: row.brandId,
      brandName: row.brandName,
      productId: row.productId,
      productName: row.productName,
      productSKU: row.productSKU,
      productCost: Number(row.productCost),
      productMAP: Number(row.productMAP),
      productPrice: Number(row.productPrice),
      listingSKU: row.listingSKU,
      listingBroadcastPrice: Number(row.price),
      listingMinimumPrice: Number(centsToDecimal(minimum.minimumCents)),
      pricingEventId: row.pricingEventId,
      pricingEventName: row.pricingEventName,
      pricingEventEndsAt: row.pricingEventEndsAt.toISOString(),
      pricingStrategy: row.strategyLabel,
      eventType: row.eventType as PricingEventType,
      pricingExplanation: minimum.explanation,
      referenceId: row.referenceId,
    };
  });
}
