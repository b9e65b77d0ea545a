import type { PricingEventType } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { SeedContext } from './seed-context';

interface DemoEvent {
  channel: string;
  name: string;
  eventType: PricingEventType;
  /** Hours from now (negative: already started). */
  startsIn: number;
  /** Hours from the top of the current hour to the end. */
  endsIn: number;
  listings: number;
}

/**
 * Demo Music Co's pricing events: running ones on each marketplace and the web store (two of them ending at the
 * same moment, as a weekend's events do), one already over and one not yet begun, which the report leaves out.
 */
const MUSIC_EVENTS: DemoEvent[] = [
  {
    channel: 'Amazon',
    name: 'Black Friday Sale',
    eventType: 'sale',
    startsIn: -48,
    endsIn: 96,
    listings: 40,
  },
  {
    channel: 'Amazon',
    name: 'Lightning Deals',
    eventType: 'promotion',
    startsIn: -6,
    endsIn: 18,
    listings: 12,
  },
  {
    channel: 'eBay',
    name: 'Holiday Promotion',
    eventType: 'promotion',
    startsIn: -24,
    endsIn: 240,
    listings: 30,
  },
  {
    channel: 'Reverb',
    name: 'Reverb Repricing Window',
    eventType: 'repricing',
    startsIn: -6,
    endsIn: 48,
    listings: 25,
  },
  { channel: 'Web Store', name: 'Cyber Week', eventType: 'sale', startsIn: -12, endsIn: 96, listings: 20 },
  {
    channel: 'eBay',
    name: 'Summer Sale',
    eventType: 'sale',
    startsIn: -24 * 60,
    endsIn: -24 * 30,
    listings: 15,
  },
  {
    channel: 'Amazon',
    name: 'Spring Preview',
    eventType: 'sale',
    startsIn: 24 * 10,
    endsIn: 24 * 20,
    listings: 15,
  },
];

export async function seedPricingEvents(db: Db, ctx: SeedContext): Promise<void> {
  const userId = ctx.users['admin@backroom.local'] ?? null;
  const accountId = ctx.accounts.music;
  if (!accountId) return;
  // Every marketplace listing has its marketplace's id: an ASIN, an eBay item number, a Reverb listing id.
  await db.execute(sql`
      update channel_listings l set reference_id = case c.site_id
          when 1 then 'B0' || upper(substr(md5('asin-' || l.id), 1, 8))
          when 2 then (110000000000 + l.id::bigint * 7919)::text
          when 14 then (40000000 + l.id)::text end
      from sales_channels c
      where c.id = l.channel_id and l.account_id = ${accountId} and c.site_id in (1, 2, 14)`);
  for (const event of MUSIC_EVENTS) {
    // Each event covers listings of many brands (a hash order), priced 1 to 6 % below the listing: some
    // stay above the strategy's minimum, some do not (the report flags those).
    await db.execute(sql`
        with e as (
          insert into pricing_events (account_id, channel_id, name, event_type, starts_at, ends_at, created_by)
          select ${accountId}, c.id, ${event.name}, ${event.eventType},
            date_trunc('hour', now()) + make_interval(hours => ${event.startsIn}),
            date_trunc('hour', now()) + make_interval(hours => ${event.endsIn}), ${userId}
          from sales_channels c where c.account_id = ${accountId} and c.name = ${event.channel}
          returning id, account_id, channel_id)
        insert into pricing_event_listings (account_id, pricing_event_id, channel_id, channel_listing_id, price)
        select e.account_id, e.id, e.channel_id, l.id, round(l.price * (100 - 1 - l.id % 6) / 100, 2)
        from e cross join lateral (
          select cl.id, cl.price from channel_listings cl join products p on p.id = cl.product_id
          where cl.channel_id = e.channel_id and cl.account_id = e.account_id and cl.is_active = 1
            and p.brand_id is not null and cl.price > 0
          order by md5(${event.name} || cl.id) limit ${event.listings}) l`);
  }
}
