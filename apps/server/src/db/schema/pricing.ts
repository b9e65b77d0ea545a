import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { account, accountKey, money, sameAccount, when, who } from './columns';
import { channelListings, salesChannels } from './orders';

// Listing pricing events (catalogue-admin.md §2.7 Pricing event report): a sale, a promotion or a repricing
// window on one sales channel, from a start to an end, and the channel's listings it prices. The minimum a
// listing may sell for is not stored: it follows from the product's cost and pricing strategy and the
// channel's fees when the report is read (packages/shared pricing/minimum-price.ts).

export const pricingEvents = pgTable(
  'pricing_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => salesChannels.id),
    name: text('name').notNull(),
    /** sale, promotion or repricing (a repricing window): PRICING_EVENT_TYPES. */
    eventType: text('event_type').notNull(),
    startsAt: when('starts').notNull(),
    endsAt: when('ends').notNull(),
    createdBy: who('created'),
    createdAt: when('created').notNull().defaultNow(),
  },
  (t) => [
    accountKey('pricing_events', t),
    unique('pricing_events_id_channel_key').on(t.id, t.channelId),
    sameAccount('pricing_events_channel', [t.accountId, t.channelId], salesChannels),
    check('pricing_events_event_type_check', sql`${t.eventType} in ('sale', 'promotion', 'repricing')`),
    check('pricing_events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    // The report: the account's events running now, found by their end.
    index('pricing_events_account_ends').on(t.accountId, t.endsAt),
  ],
);

/** A listing an event covers and the price the event broadcasts for it; a listing of the event's own channel. */
export const pricingEventListings = pgTable(
  'pricing_event_listings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: account(),
    pricingEventId: integer('pricing_event_id')
      .notNull()
      .references(() => pricingEvents.id, { onDelete: 'cascade' }),
    channelId: integer('channel_id').notNull(),
    channelListingId: integer('channel_listing_id')
      .notNull()
      .references(() => channelListings.id),
    price: money('price').notNull(),
  },
  (t) => [
    uniqueIndex('pricing_event_listings_event_listing').on(t.pricingEventId, t.channelListingId),
    index('pricing_event_listings_listing').on(t.channelListingId),
    sameAccount('pricing_event_listings_event', [t.accountId, t.pricingEventId], pricingEvents),
    // The listing is on the event's channel (these two keys), so within the event's account as well: a channel's
    // listings are its account's (channel_listings_channel_same_account).
    foreignKey({
      name: 'pricing_event_listings_event_channel',
      columns: [t.pricingEventId, t.channelId],
      foreignColumns: [pricingEvents.id, pricingEvents.channelId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pricing_event_listings_listing_channel',
      columns: [t.channelListingId, t.channelId],
      foreignColumns: [channelListings.id, channelListings.channelId],
    }),
    check('pricing_event_listings_price_not_negative', sql`${t.price} >= 0`),
  ],
);
