import { RETURN_STATUSES } from '@backroom/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { SeedContext } from './seed-context';

/**
 * Demo returns for Demo Music Co: every fulfilled order that has a replacement, and every third other fulfilled
 * order, gets a return, the statuses taking turns so each one shows up. Marketplace returns carry the
 * channel's RMA number; returns on their way carry a label, closed and appealed ones a payment, appealed ones
 * an appeal. Each return and its order get the system note that creating it writes.
 */
/** The units a return expects, as its notes say them ('1 unit.', '3 units.'), the same words the service writes. */
const UNITS_OF_RETURN = sql`cross join lateral (select sum(i.quantity)::int as n from inbound_return_items i
  where i.inbound_return_id = ir.id) units`;
const UNITS = sql`units.n || case when units.n = 1 then ' unit.' else ' units.' end`;

export async function seedReturns(db: Db, ctx: SeedContext): Promise<void> {
  const accountId = ctx.accounts.music;
  if (!accountId) return;
  const userId = ctx.users['admin@backroom.local'] ?? null;
  const statuses = sql.raw(`array[${RETURN_STATUSES.map((s) => s.id).join(',')}]`);

  await db.execute(sql`
    insert into channel_order_returns (account_id, channel_id, channel_order_id, reference_id, channel_order_return_status, created_at)
    select o.account_id, o.channel_id, o.id,
      case c.site_id when 1 then 'D' || lpad((o.id * 7919 % 1000000)::text, 6, '0') || 'RRMA'
        when 2 then '52' || lpad((o.id * 104729)::text, 8, '0') when 14 then 'RV-' || o.id else null end,
      'Authorized', o.ordered_at + interval '9 days'
    from channel_orders o join sales_channels c on c.id = o.channel_id
    where o.account_id = ${accountId} and o.system_order_status_id in (20, 21) and o.related_order_id is null
      and exists (select 1 from channel_order_items i where i.channel_order_id = o.id)
      and (o.id % 3 = 0 or exists (select 1 from channel_orders r where r.related_order_id = o.id))
    order by exists (select 1 from channel_orders r where r.related_order_id = o.id) desc, o.id limit 40`);
  await db.execute(sql`
    insert into inbound_returns (account_id, return_status_id, requested_at, customer_id, created_by,
      channel_order_return_id, is_first_party_return, modified_at)
    select r.account_id, (${statuses})[1 + (row_number() over (order by r.id) - 1)::int % ${RETURN_STATUSES.length}],
      r.created_at, o.customer_id, ${userId}, r.id, (c.site_id = 99 or o.channel_order_type_id = 30)::int, r.created_at
    from channel_order_returns r join channel_orders o on o.id = r.channel_order_id
      join sales_channels c on c.id = o.channel_id
    where r.account_id = ${accountId}`);
  // The channel's lines: every order line, with the reason the customer gave the channel (and, on marketplace
  // returns every other line, the customer's own words); the point of sale's returns have none.
  await db.execute(sql`
    insert into channel_order_return_items (account_id, channel_order_return_id, channel_order_item_id, quantity,
      return_reason_id, return_reason_note, created_at)
    select r.account_id, r.id, i.id, i.quantity_ordered,
      case when c.site_id = 99 or o.channel_order_type_id = 30 then null
        else (array[5, 1, 16, 30, 15, 25, 40])[1 + i.id % 7] end,
      case when c.site_id = 99 or o.channel_order_type_id = 30 or i.id % 2 = 0 then null
        else (array['Stopped working after a week.', 'Arrived with a dented case.', 'Not the model I ordered.',
          'Bought a second one by mistake.', 'Ordered the wrong size.', 'Sound is not what I expected.',
          'See the photos I sent.'])[1 + i.id % 7] end,
      r.created_at
    from channel_order_returns r join channel_orders o on o.id = r.channel_order_id
      join sales_channels c on c.id = o.channel_id
      join channel_order_items i on i.channel_order_id = r.channel_order_id
    where r.account_id = ${accountId}`);
  // Items: Closed ones received and processed, In Process ones half received, Cancelled ones cancelled.
  await db.execute(sql`
    insert into inbound_return_items (account_id, inbound_return_id, product_id, channel_order_item_id,
      channel_order_return_item_id, quantity, quantity_received, inbound_return_item_status_id, return_reason_id,
      created_at)
    select ir.account_id, ir.id, i.product_id, i.id,
      (select cri.id from channel_order_return_items cri
        where cri.channel_order_return_id = r.id and cri.channel_order_item_id = i.id), i.quantity_ordered,
      case ir.return_status_id when 20 then i.quantity_ordered when 10 then i.quantity_ordered / 2 else 0 end,
      case ir.return_status_id when 20 then 20 when 10 then 10 when 15 then 15 when 25 then 30
        when 5 then 5 else 1 end,
      (array[1, 5, 15, 16, 25, 30, 40])[1 + i.id % 7], ir.requested_at
    from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
      join channel_order_items i on i.channel_order_id = r.channel_order_id
    where ir.account_id = ${accountId}`);
  await db.execute(sql`
    insert into inbound_return_shipments (account_id, inbound_return_id, tracking_number, carrier_fee_billed,
      is_purchased, is_delivered, shipped_at, delivered_at, created_at)
    select ir.account_id, ir.id, '1Z999AA1' || lpad((ir.id * 7607 % 100000000)::text, 8, '0'),
      (6 + ir.id % 9)::numeric(12,2) + 0.45, 1, (ir.return_status_id >= 10)::int,
      ir.requested_at + interval '1 day', case when ir.return_status_id >= 10 then ir.requested_at + interval '4 days' end,
      ir.requested_at
    from inbound_returns ir where ir.account_id = ${accountId} and ir.return_status_id not in (1, 25)`);
  // What the returned units sold for, paid back by the channel on closed and appealed returns.
  await db.execute(sql`
    insert into inbound_return_payments (account_id, inbound_return_id, reference_id, inbound_return_payment_type_id,
      inbound_return_payment_status_id, payment_number, amount, note, created_by, created_at)
    select ir.account_id, ir.id, r.reference_id, 35, 10, 'RP-' || ir.id,
      (select sum(i.quantity * coi.unit_price) from inbound_return_items i
        join channel_order_items coi on coi.id = i.channel_order_item_id where i.inbound_return_id = ir.id),
      'Refunded by the channel.', ${userId}, ir.requested_at + interval '6 days'
    from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
    where ir.account_id = ${accountId} and ir.return_status_id in (20, 30)`);
  await db.execute(sql`
    insert into inbound_return_appeals (account_id, inbound_return_id, inbound_return_appeal_status_id,
      claim_amount_dollar, reimbursement_amount_dollar, created_at)
    select ir.account_id, ir.id, 1, 25 + ir.id % 40, round((25 + ir.id % 40) * 0.6, 2), ir.requested_at + interval '8 days'
    from inbound_returns ir where ir.account_id = ${accountId} and ir.return_status_id = 30`);
  await db.execute(sql`
    insert into inbound_return_notes (account_id, inbound_return_id, user_id, note_type_id, text, created_at)
    select ir.account_id, ir.id, ${userId}, 1,
      'Return created from order ' || o.channel_order_number || ', expecting ' || ${UNITS},
      ir.requested_at
    from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id
      join channel_orders o on o.id = r.channel_order_id ${UNITS_OF_RETURN}
    where ir.account_id = ${accountId}`);
  await db.execute(sql`
    insert into order_notes (account_id, channel_order_id, user_id, note_type_id, text, created_at)
    select ir.account_id, r.channel_order_id, ${userId}, 1,
      'Return #' || ir.id || ' started, expecting ' || ${UNITS},
      ir.requested_at
    from inbound_returns ir join channel_order_returns r on r.id = ir.channel_order_return_id ${UNITS_OF_RETURN}
    where ir.account_id = ${accountId}`);
}
