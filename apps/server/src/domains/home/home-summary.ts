import {
  type HomeCardKey,
  type HomeSummary,
  homeCardHref,
  homeCardsFor,
  lastSevenDays,
  ON_HOLD_STATUS_IDS,
  ORDERS_TO_SHIP_STATUS_IDS,
  POS_CHANNEL_TYPE_ID,
  RETURN_STATUS,
} from '@backroom/shared';
import { type SQL, sql } from 'drizzle-orm';
import { preparedRows } from '../../db/prepared';
import type { AppDeps } from '../../deps';
import type { AuthContext } from '../auth/auth-cache';
import { isServerOnline, type PrinterRow, type PrintServerRow } from '../printing/printing.repository';

// GET /api/v1/backroom/home (issue 19 §3): the cards the user's permission groups allow, each counted within
// the account with the filter of the list it links to, and the last seven days' returns received and orders
// shipped, by day at the account's offset. One round trip: each count is a sub-select on an index.

const ids = (list: readonly number[]) => `{${list.join(',')}}`;

/** Each card's count, as a scalar sub-select. */
function countOf(key: HomeCardKey, accountId: number): SQL {
  switch (key) {
    case 'returnsPending':
    case 'returnsInProcess': {
      const status = key === 'returnsPending' ? RETURN_STATUS.pendingReturn : RETURN_STATUS.inProcess;
      return sql`(select count(*)::int from inbound_returns where account_id = ${accountId} and return_status_id = ${status})`;
    }
    case 'ordersToShip':
      return sql`(select count(*)::int from channel_orders where account_id = ${accountId}
        and system_order_status_id = any(${ids(ORDERS_TO_SHIP_STATUS_IDS)}::int[]))`;
    case 'posOnHold':
      return sql`(select count(*)::int from channel_orders o join sales_channels ch on ch.id = o.channel_id
        where o.account_id = ${accountId} and o.system_order_status_id = any(${ids(ON_HOLD_STATUS_IDS)}::int[])
          and ch.channel_type_id = ${POS_CHANNEL_TYPE_ID})`;
    case 'printJobsFailed':
      return sql`(select count(*)::int from print_jobs where account_id = ${accountId} and state = 'failed')`;
    case 'productsQueued':
      return sql`(select count(distinct i.product_id)::int from product_queue_items i
        join product_queues q on q.id = i.queue_id where q.account_id = ${accountId})`;
    case 'printersOffline':
      // Worked out from the printers and their servers below (an agent is online while heartbeats arrive).
      return sql`0`;
  }
}

export async function homeSummary(deps: AppDeps, auth: AuthContext, now = new Date()): Promise<HomeSummary> {
  const accountId = auth.accountId;
  const groups = auth.permissionGroups;
  const keys = homeCardsFor(groups);
  const offset = auth.accounts.find((a) => a.id === accountId)?.utcOffset ?? '+00:00';
  const { days, from } = lastSevenDays(now, offset);
  const seesReturns = groups.includes('returns');
  const seesShipping = groups.includes('shipping') || groups.includes('orders');
  // The day of an instant at the account's offset.
  const dayOf = (column: SQL) =>
    sql`to_char((${column} at time zone 'UTC') + ${offset}::interval, 'YYYY-MM-DD')`;
  const counts = keys.map((key) => sql`${countOf(key, accountId)} as ${sql.identifier(key)}`);
  // The printers are read beside the counts, not after them.
  const [[row], printersOffline] = await Promise.all([
    preparedRows<Record<string, unknown>>(
      deps.db,
      sql`select ${sql.join(
        [
          ...counts,
          seesReturns
            ? sql`(select coalesce(json_object_agg(d.day, d.n), '{}') from (select ${dayOf(sql`received_at`)} as day,
              sum(quantity)::int as n from inventory_location_items where account_id = ${accountId}
              and return_item_id is not null and received_at >= ${from.toISOString()}::timestamptz group by 1) d) as returns_by_day`
            : sql`null as returns_by_day`,
          seesShipping
            ? sql`(select coalesce(json_object_agg(d.day, d.n), '{}') from (select ${dayOf(sql`s.shipped_at`)} as day,
              count(distinct s.channel_order_id)::int as n from channel_order_shipments s
              where s.account_id = ${accountId} and s.shipped_at >= ${from.toISOString()}::timestamptz group by 1) d) as shipped_by_day`
            : sql`null as shipped_by_day`,
          sql`(select ch.id from sales_channels ch where ch.account_id = ${accountId}
          and ch.channel_type_id = ${POS_CHANNEL_TYPE_ID} order by ch.id limit 1) as pos_channel_id`,
        ],
        sql`, `,
      )}`,
    ),
    keys.includes('printersOffline') ? countPrintersOffline(deps, accountId) : 0,
  ]);
  const returnsByDay = row!.returns_by_day as Record<string, number> | null;
  const shippedByDay = row!.shipped_by_day as Record<string, number> | null;
  const posChannelId = row!.pos_channel_id as number | null;
  const context = { posChannelId, mayListOrders: groups.includes('orders') };
  return {
    cards: keys.map((key) => ({
      key,
      count: key === 'printersOffline' ? printersOffline : Number(row![key]),
      href: homeCardHref(key, context),
    })),
    week: {
      days,
      returnsReceived: returnsByDay && days.map((day) => returnsByDay[day] ?? 0),
      ordersShipped: shippedByDay && days.map((day) => shippedByDay[day] ?? 0),
    },
  };
}

/** Active printers that are offline: their server misses heartbeats, or the printer says it is offline. */
async function countPrintersOffline(deps: AppDeps, accountId: number): Promise<number> {
  const rows = await preparedRows<{
    printer_status: PrinterRow['status'];
    kind: PrintServerRow['kind'];
    last_heartbeat_at: Date | string | null;
    server_active: number;
  }>(
    deps.db,
    sql`select p.status as printer_status, s.kind, s.last_heartbeat_at, s.is_active as server_active
      from printers p join print_servers s on s.id = p.server_id
      where p.account_id = ${accountId} and p.is_active = 1`,
  );
  return rows.filter(
    (r) =>
      !(
        isServerOnline({
          kind: r.kind,
          isActive: r.server_active,
          lastHeartbeatAt: r.last_heartbeat_at === null ? null : new Date(r.last_heartbeat_at),
        }) &&
        (r.printer_status?.online ?? true)
      ),
  ).length;
}
