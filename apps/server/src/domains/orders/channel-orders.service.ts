import {
  type ActionCheck,
  type ChannelOrderSearch,
  canCancel,
  canMakeShippableBackorder,
  canMarkPackingDelayed,
  canMarkShipped,
  canPrePack,
  channelOrderLink,
  ORDER_STATUS,
  orderStatusName,
} from '@backroom/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelOrderShipments,
  channelOrders,
  orderNotes,
  pickRequestItems,
  pickRequests,
  warehouses,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../auth/auth-cache';
import * as repo from './channel-orders.repository';
import { loadOrderDetail } from './order-detail';
import { lockOrderWithChannel, paidCents } from './order-edit';
import { addSystemNote } from './order-notes';

/** The order, or 404 when it is not this account's. */
export async function getOrder(deps: AppDeps, auth: AuthContext, channelOrderId: number) {
  const order = await loadOrderDetail(deps.db, auth.accountId, channelOrderId);
  if (!order) throw notFound(`Order ${channelOrderId} not found.`);
  return order;
}

/**
 * POST /api/v1/backroom/channelOrders: newest first, a page at a time (limit + 1 rows tell whether more
 * follow). A search term matches the order number (prefix), the customer's name or e-mail (trigram index)
 * or a SKU on the order; each way walks its own index and keeps only the page's worth before they meet.
 */
export async function searchOrders(deps: AppDeps, auth: AuthContext, query: ChannelOrderSearch) {
  const accountId = auth.accountId;
  const filters: SQL[] = [sql`o.account_id = ${accountId}`];
  if (query.channelId) filters.push(sql`o.channel_id = ${query.channelId}`);
  if (query.customerId) filters.push(sql`o.customer_id = ${query.customerId}`);
  if (query.systemOrderStatusIds?.length) {
    filters.push(sql`o.system_order_status_id = any(${`{${query.systemOrderStatusIds.join(',')}}`}::int[])`);
  }
  const where = sql.join(filters, sql` and `);
  const window = query.offset + query.limit + 1;
  const term = query.searchTerm.trim();
  // Without a term the filters walk the (account, ordered_at) index and stop at the page's end; a term
  // collects each way's newest matches first.
  let matching = sql``;
  if (term) {
    const upper = term.toUpperCase();
    const lower = term.toLowerCase();
    const plain = (text: string) => text.replace(/[%_\\]/g, '');
    const byNumber = sql`(select o.id, o.ordered_at from channel_orders o
      where ${where} and upper(o.channel_order_number) like ${`${plain(upper)}%`}
      order by o.ordered_at desc limit ${window})`;
    const byCustomer = sql`(select o.id, o.ordered_at from channel_orders o
      where ${where} and o.customer_id in (
        select c.id from customers c where c.account_id = ${accountId}
          and lower(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, '')) like ${`%${plain(lower)}%`})
      order by o.ordered_at desc limit ${window})`;
    const bySku = sql`(select o.id, o.ordered_at from channel_orders o
      where ${where} and o.id in (
        select i.channel_order_id from channel_order_items i
        where i.account_id = ${accountId} and i.product_id in (
          select p.id from products p where p.account_id = ${accountId} and upper(p.sku) = ${upper}))
      order by o.ordered_at desc limit ${window})`;
    matching = sql`and o.id in (select id from (${byNumber} union ${byCustomer} union ${bySku}) m)`;
  }
  // The page's ids first, so the joins and counts run for its rows only, not for the ones an offset skips.
  const rows = (await deps.db.execute(sql`
    with page as (
      select o.id from channel_orders o where ${where} ${matching}
      order by o.ordered_at desc, o.id desc limit ${query.limit + 1} offset ${query.offset})
    select o.id, o.channel_order_number, o.channel_order_type_id, o.system_order_status_id, o.ordered_at,
      o.billed_order_total, o.is_prime, o.is_fba, o.channel_id, o.customer_id,
      ch.name as channel_name, ch.site_id, ch.channel_type_id,
      c.first_name, c.last_name, c.email,
      (select count(*)::int from channel_order_items i where i.channel_order_id = o.id) as item_count
    from page join channel_orders o on o.id = page.id
    left join sales_channels ch on ch.id = o.channel_id
    left join customers c on c.id = o.customer_id
    order by o.ordered_at desc, o.id desc`)) as unknown as { rows: SearchRow[] };
  return {
    hasMore: rows.rows.length > query.limit,
    orders: rows.rows.slice(0, query.limit).map((r) => ({
      id: r.id,
      channelOrderNumber: r.channel_order_number,
      channelOrderTypeId: r.channel_order_type_id,
      systemOrderStatusId: r.system_order_status_id,
      systemOrderStatus: { id: r.system_order_status_id, name: orderStatusName(r.system_order_status_id) },
      orderedAt: new Date(r.ordered_at).toISOString(),
      billedOrderTotal: Number(r.billed_order_total),
      isPrime: r.is_prime,
      isFBA: r.is_fba,
      itemCount: r.item_count,
      channelId: r.channel_id,
      channel: r.channel_id
        ? {
            id: r.channel_id,
            name: r.channel_name ?? '',
            siteId: r.site_id ?? 0,
            channelTypeId: r.channel_type_id ?? 0,
          }
        : null,
      customerId: r.customer_id,
      customer: r.customer_id
        ? { id: r.customer_id, firstName: r.first_name ?? '', lastName: r.last_name ?? '', email: r.email }
        : null,
      link: channelOrderLink({
        id: r.id,
        channelOrderNumber: r.channel_order_number,
        channelOrderTypeId: r.channel_order_type_id,
        siteId: r.site_id,
      }),
    })),
  };
}

interface SearchRow {
  id: number;
  channel_order_number: string;
  channel_order_type_id: number;
  system_order_status_id: number;
  ordered_at: string | Date;
  billed_order_total: string;
  is_prime: number;
  is_fba: number;
  channel_id: number | null;
  customer_id: number | null;
  channel_name: string | null;
  site_id: number | null;
  channel_type_id: number | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  item_count: number;
}

/**
 * PATCH …/warehouse/channelOrder/note: new notes are the user's own (noteTypeId 0); a note with an id is an
 * edit, allowed only to its author and only on a person's note.
 */
export async function saveNotes(
  deps: AppDeps,
  auth: AuthContext,
  notes: { id?: number; channelOrderId: number; text: string }[],
) {
  const orderIds = [...new Set(notes.map((n) => n.channelOrderId))];
  await deps.db.transaction(async (tx) => {
    for (const orderId of orderIds) await lockOrderWithChannel(tx, auth.accountId, orderId);
    for (const note of notes) {
      if (note.id === undefined) {
        await tx.insert(orderNotes).values({
          accountId: auth.accountId,
          channelOrderId: note.channelOrderId,
          userId: auth.userId,
          noteTypeId: 0,
          text: note.text,
          modifiedBy: auth.userId,
        });
        continue;
      }
      const [current] = await tx
        .select()
        .from(orderNotes)
        .where(and(eq(orderNotes.id, note.id), eq(orderNotes.channelOrderId, note.channelOrderId)));
      if (!current) throw notFound(`Note ${note.id} not found.`);
      if (current.noteTypeId !== 0) throw forbidden('System notes cannot be changed.');
      if (current.userId !== auth.userId) throw forbidden('Only its author can change a note.');
      await tx
        .update(orderNotes)
        .set({ text: note.text, modifiedBy: auth.userId })
        .where(eq(orderNotes.id, note.id));
    }
  });
  const saved = await Promise.all(orderIds.map((id) => repo.findNotes(deps.db, id)));
  return saved.flat().map(({ note, firstName, lastName }) => ({
    id: note.id,
    channelOrderId: note.channelOrderId,
    userId: note.userId,
    noteTypeId: note.noteTypeId,
    text: note.text,
    createdAt: note.createdAt.toISOString(),
    user: note.userId ? { firstName, lastName } : null,
  }));
}

type ChannelAction = 'cancel' | 'packingDelayed' | 'prePack' | 'makeShippableBackorder';

/** Status each action moves the order to (orders-warehouse.md §4 status ids). */
const ACTION_TARGET: Record<ChannelAction, number | null> = {
  cancel: 50,
  packingDelayed: 41,
  prePack: null,
  makeShippableBackorder: 10,
};

/**
 * POST …/warehouse/channelOrder/{cancel,packingDelayed,prePack,makeShippableBackorder}: the §4 action rules
 * decide (checked under the order's row lock, so two clicks cannot both pass), then the change and its
 * system note are written together.
 */
export async function runChannelAction(
  deps: AppDeps,
  auth: AuthContext,
  action: ChannelAction,
  channelOrderId: number,
) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, channelOrderId);
    const [warehouse] = order.overrideWarehouseId
      ? await tx
          .select({ isPackingRequired: warehouses.isPackingRequired })
          .from(warehouses)
          .where(eq(warehouses.id, order.overrideWarehouseId))
      : [];
    const requiresPacking = warehouse ? warehouse.isPackingRequired === 1 : true;
    const check: ActionCheck =
      action === 'cancel'
        ? canCancel(order)
        : action === 'packingDelayed'
          ? canMarkPackingDelayed(order, requiresPacking)
          : action === 'prePack'
            ? canPrePack(order, requiresPacking)
            : canMakeShippableBackorder(order);
    if (!check.allowed) throw conflict(check.reason ?? 'This action is not allowed for the order now.');
    let target = ACTION_TARGET[action];
    if (action === 'cancel' && (await holdsUnitsOrMoney(tx, order.id))) {
      // Units to put back or money to refund first: the cancellation is requested, completed later.
      target = ORDER_STATUS.CANCELLATION_REQUESTED;
    }
    const now = new Date();
    await tx
      .update(channelOrders)
      .set({
        ...(target === null ? {} : { systemOrderStatusId: target }),
        ...(action === 'prePack' ? { prePackedAt: now, prePackedBy: auth.userId } : {}),
        modifiedBy: auth.userId,
        modifiedAt: now,
      })
      .where(eq(channelOrders.id, order.id));
    await addSystemNote(
      tx,
      order,
      auth.userId,
      target === null
        ? `Packing assigned to ${auth.user.firstName} ${auth.user.lastName}.`
        : `Status changed from ${orderStatusName(order.systemOrderStatusId)} to ${orderStatusName(target)} (${ACTION_LABELS[action]}).`,
    );
  });
  return getOrder(deps, auth, channelOrderId);
}

const ACTION_LABELS: Record<ChannelAction, string> = {
  cancel: 'canceled',
  packingDelayed: 'packing delayed',
  prePack: 'pre-packed',
  makeShippableBackorder: 'backorder made shippable',
};

/**
 * POST /v1/backroom/warehouse/shipment/markShipped: records a shipment per tracking number (or one without)
 * and marks the order fulfilled.
 */
export async function markShipped(
  deps: AppDeps,
  auth: AuthContext,
  body: { channelOrderId: number; trackingNumbers: string[] },
) {
  await deps.db.transaction(async (tx) => {
    const order = await lockOrderWithChannel(tx, auth.accountId, body.channelOrderId);
    const check = canMarkShipped(order);
    if (!check.allowed) throw conflict(check.reason ?? 'This order cannot be marked shipped.');
    const now = new Date();
    const numbers = body.trackingNumbers.length ? body.trackingNumbers : [null];
    await tx.insert(channelOrderShipments).values(
      numbers.map((trackingNumber) => ({
        accountId: auth.accountId,
        channelOrderId: order.id,
        addressId: order.defaultShipAddressId,
        isShipped: 1,
        isPurchased: 1,
        trackingNumber,
        shippedAt: now,
      })),
    );
    await tx
      .update(channelOrders)
      .set({ systemOrderStatusId: 20, latestShippedAt: now, modifiedBy: auth.userId, modifiedAt: now })
      .where(eq(channelOrders.id, order.id));
    await addSystemNote(
      tx,
      order,
      auth.userId,
      `Marked shipped${body.trackingNumbers.length ? ` (tracking ${body.trackingNumbers.join(', ')})` : ''}; status changed from ${orderStatusName(order.systemOrderStatusId)} to ${orderStatusName(20)}.`,
    );
  });
  return getOrder(deps, auth, body.channelOrderId);
}

/** Whether an order has units allocated or money paid (net of refunds) that a cancellation must settle. */
async function holdsUnitsOrMoney(tx: Db, channelOrderId: number) {
  const [allocated] = await tx
    .select({ id: pickRequestItems.id })
    .from(pickRequestItems)
    .innerJoin(pickRequests, eq(pickRequests.id, pickRequestItems.pickRequestId))
    .where(eq(pickRequests.channelOrderId, channelOrderId))
    .limit(1);
  return Boolean(allocated) || (await paidCents(tx, channelOrderId)) > 0;
}
