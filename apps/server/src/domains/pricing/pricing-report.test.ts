import {
  centsToDecimal,
  channelFees,
  minimumPrice,
  type PricingReportRow,
  pricingReportReplySchema,
  toCents,
} from '@backroom/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let music: number;
let outlet: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.signIn('admin', 'manager', 'sales', 'warehouse', 'outlet');
  [music, outlet] = (await t.rows<{ id: number }>(sql`select id from accounts order by id`)).map(
    (a) => a.id,
  ) as [number, number];
});
afterAll(() => t.close());

const URL = '/api/v1/report/pricingEvents/pricing';

/** The report as `who`, parsed with the shared reply schema. */
async function report(who = 'admin'): Promise<PricingReportRow[]> {
  const res = await t.as(who, 'GET', URL);
  expect(res.statusCode, res.body).toBe(200);
  return pricingReportReplySchema.parse(res.json()).data;
}

/** An account's event listings running now, as the report must list them: soonest end first. */
async function expectedIds(accountId: number) {
  const rows = await t.rows<{ id: number }>(sql`
    select pel.id from pricing_event_listings pel join pricing_events e on e.id = pel.pricing_event_id
    join channel_listings l on l.id = pel.channel_listing_id join sales_channels c on c.id = e.channel_id
    where e.account_id = ${accountId} and e.starts_at <= now() and e.ends_at > now()
    order by e.ends_at, c.name, l.listing_sku, pel.id`);
  return rows.map((r) => r.id);
}

describe('GET /api/v1/report/pricingEvents/pricing', () => {
  it('lists the listings of the events running now, soonest end first, with every field of the row', async () => {
    const rows = await report();
    const expected = await expectedIds(music);
    expect(rows.map((r) => r.id)).toEqual(expected);
    // The demo runs events on several channels and brands; the one over and the one to come are left out.
    expect(new Set(rows.map((r) => r.channelName))).toEqual(
      new Set(['Amazon', 'eBay', 'Reverb', 'Web Store']),
    );
    expect(new Set(rows.map((r) => r.brandId)).size).toBeGreaterThan(3);
    const names = new Set(rows.map((r) => r.pricingEventName));
    expect(names).not.toContain('Summer Sale');
    expect(names).not.toContain('Spring Preview');
    expect(names).toContain('Black Friday Sale');
    const ends = rows.map((r) => Date.parse(r.pricingEventEndsAt));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));

    // One row against the database, field by field.
    const row = rows.find((r) => r.siteId === 2)!;
    const [db] = await t.rows<{
      channel_id: number;
      channel_name: string;
      site_id: number;
      channel_type_id: number;
      brand_id: number;
      brand_name: string;
      product_id: number;
      product_name: string;
      sku: string;
      price_cost: string;
      price_map: string;
      price_sale: string;
      listing_sku: string;
      reference_id: string;
      price: string;
      event_id: number;
      event_name: string;
      ends_at: Date;
      event_type: string;
      code: string;
      label: string;
    }>(sql`
      select c.id as channel_id, c.name as channel_name, c.site_id, c.channel_type_id, b.id as brand_id,
        b.name as brand_name, p.id as product_id, p.name as product_name, p.sku, p.price_cost, p.price_map,
        p.price_sale, l.listing_sku, l.reference_id, pel.price, e.id as event_id, e.name as event_name, e.ends_at,
        e.event_type, s.code, s.label
      from pricing_event_listings pel join pricing_events e on e.id = pel.pricing_event_id
      join channel_listings l on l.id = pel.channel_listing_id join sales_channels c on c.id = e.channel_id
      join products p on p.id = l.product_id join brands b on b.id = p.brand_id
      join pricing_strategies s on s.id = p.pricing_strategy_id
      where pel.id = ${row.id}`);
    const minimum = minimumPrice({
      strategy: { code: db!.code, label: db!.label },
      costCents: toCents(db!.price_cost),
      mapCents: toCents(db!.price_map),
      fees: channelFees(db!.site_id, db!.channel_type_id),
    });
    expect(row).toEqual({
      id: row.id,
      channelId: db!.channel_id,
      channelName: 'eBay',
      siteId: 2,
      brandId: db!.brand_id,
      brandName: db!.brand_name,
      productId: db!.product_id,
      productName: db!.product_name,
      productSKU: db!.sku,
      productCost: Number(db!.price_cost),
      productMAP: Number(db!.price_map),
      productPrice: Number(db!.price_sale),
      listingSKU: db!.listing_sku,
      listingBroadcastPrice: Number(db!.price),
      listingMinimumPrice: Number(centsToDecimal(minimum.minimumCents)),
      pricingEventId: db!.event_id,
      pricingEventName: db!.event_name,
      pricingEventEndsAt: new Date(db!.ends_at).toISOString(),
      pricingStrategy: db!.label,
      eventType: db!.event_type,
      pricingExplanation: minimum.explanation,
      referenceId: db!.reference_id,
    });
    expect(row.referenceId).toMatch(/^\d{12}$/);
    expect(row.pricingExplanation).toContain('eBay final value fee');
  });

  it('computes the minimum from the product as it is now: a new cost shows at once', async () => {
    const first = (await report())[0]!;
    await t.rows(sql`update products set price_cost = price_cost + 100 where id = ${first.productId}`);
    const again = (await report()).find((r) => r.id === first.id)!;
    expect(again.productCost).toBeCloseTo(first.productCost + 100, 2);
    expect(again.listingMinimumPrice).toBeGreaterThan(first.listingMinimumPrice);
    expect(again.pricingExplanation).not.toBe(first.pricingExplanation);
  });

  it('is open to catalogue staff and store managers; refuses others (403) and the signed out (401)', async () => {
    expect((await report('manager')).length).toBeGreaterThan(0);
    for (const who of ['sales', 'warehouse']) {
      const res = await t.as(who, 'GET', URL);
      expect(res.statusCode, who).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
  });

  it("never shows another account's events: each account sees its own", async () => {
    // Demo Outlet sells one branded product on eBay with a running sale of its own.
    await t.rows(sql`
      with b as (insert into brands (account_id, name, alias) values (${outlet}, 'Outlet Amps', 'OAMP') returning id),
      p as (insert into products (account_id, sku, name, brand_id, price_cost, price_map, price_sale, pricing_strategy_id)
        select ${outlet}, 'OAMP-00001', 'Outlet Amps Practice Combo', b.id, 50, 80, 90, 5 from b returning id),
      l as (insert into channel_listings (account_id, channel_id, product_id, listing_sku, title, price)
        select ${outlet}, c.id, p.id, 'OAMP-00001', 'Outlet Amps Practice Combo', 95
        from p, sales_channels c where c.account_id = ${outlet} and c.site_id = 2 returning id, channel_id),
      e as (insert into pricing_events (account_id, channel_id, name, event_type, starts_at, ends_at)
        select ${outlet}, l.channel_id, 'Outlet Clearance', 'sale', now() - interval '1 day', now() + interval '1 day'
        from l returning id, channel_id)
      insert into pricing_event_listings (account_id, pricing_event_id, channel_id, channel_listing_id, price)
      select ${outlet}, e.id, e.channel_id, l.id, 85 from e, l`);
    const outletRows = await report('outlet');
    expect(outletRows.map((r) => r.id)).toEqual(await expectedIds(outlet));
    expect(
      outletRows.map((r) => [r.pricingEventName, r.productSKU, r.brandName, r.listingBroadcastPrice]),
    ).toEqual([['Outlet Clearance', 'OAMP-00001', 'Outlet Amps', 85]]);
    const musicRows = await report('admin');
    expect(musicRows.map((r) => r.id)).toEqual(await expectedIds(music));
    expect(musicRows.some((r) => r.id === outletRows[0]!.id)).toBe(false);
    expect(
      musicRows.some((r) => r.pricingEventName === 'Outlet Clearance' || r.productSKU === 'OAMP-00001'),
    ).toBe(false);
    expect(outletRows.some((r) => r.pricingEventName === 'Black Friday Sale')).toBe(false);
  });

  it('refuses a query parameter (the call has no payload): 400 naming it', async () => {
    for (const query of ['?brandId=1', '?accountId=2', '?pricingEventId=x']) {
      const res = await t.as('admin', 'GET', `${URL}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.message).toBeTruthy();
    }
  });

  it('the database keeps an event listing on its event’s channel and within its account', async () => {
    const [listing] = await t.rows<{ id: number; event: number; channel: number; other_channel: number }>(sql`
      select l.id, e.id as event, e.channel_id as channel,
        (select id from sales_channels where account_id = ${music} and id <> e.channel_id limit 1) as other_channel
      from pricing_events e join channel_listings l on l.channel_id = e.channel_id
      where e.account_id = ${music} limit 1`);
    await expect(
      t.rows(sql`insert into pricing_event_listings (account_id, pricing_event_id, channel_id, channel_listing_id, price)
        values (${music}, ${listing!.event}, ${listing!.other_channel}, ${listing!.id}, 1)`),
    ).rejects.toThrow();
    // Filed under another account.
    await expect(
      t.rows(sql`insert into pricing_event_listings (account_id, pricing_event_id, channel_id, channel_listing_id, price)
        values (${outlet}, ${listing!.event}, ${listing!.channel}, ${listing!.id}, 1)`),
    ).rejects.toThrow();
    // The same listing on its own event's channel is fine (in a transaction rolled back: nothing kept).
    await expect(
      t.deps.db.transaction(async (tx) => {
        await tx.execute(
          sql`delete from pricing_event_listings where pricing_event_id = ${listing!.event} and channel_listing_id = ${listing!.id}`,
        );
        await tx.execute(sql`insert into pricing_event_listings (account_id, pricing_event_id, channel_id, channel_listing_id, price)
          values (${music}, ${listing!.event}, ${listing!.channel}, ${listing!.id}, 1)`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
  });
});
