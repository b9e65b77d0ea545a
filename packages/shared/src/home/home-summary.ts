import { z } from 'zod';
import { offsetToMinutes } from '../admin/utc-offsets';
import type { PermissionGroup } from '../auth/permissions';
import { CHANNEL_TYPE_ID, ORDER_STATUS } from '../orders/order-constants';
import { RETURN_STATUS } from '../returns/return-statuses';

// The home page (issue 19 §3): the day's work for the signed-in user's roles, each a count that links to the
// list it counts, and the week's returns received and orders shipped. GET /api/v1/backroom/home answers it.

/** Orders the warehouse still has to pack and ship: allocated up to packed, and partly shipped. */
export const ORDERS_TO_SHIP_STATUS_IDS = [
  ORDER_STATUS.AWAITING_ALLOCATION,
  ORDER_STATUS.ALLOCATED,
  ORDER_STATUS.PICKING,
  ORDER_STATUS.PACKING,
  ORDER_STATUS.PACKED,
  ORDER_STATUS.PARTIALLY_SHIPPED,
  ORDER_STATUS.PARTIALLY_SHIPPED_PACKING,
] as const;

/** Every hold (40-49). */
export const ON_HOLD_STATUS_IDS = Array.from(
  { length: 10 },
  (_, i) => ORDER_STATUS.ON_HOLD + i,
) as readonly number[];

export const POS_CHANNEL_TYPE_ID = CHANNEL_TYPE_ID.POINT_OF_SALE;

export const HOME_CARD_KEYS = [
  'returnsPending',
  'returnsInProcess',
  'ordersToShip',
  'posOnHold',
  'printJobsFailed',
  'printersOffline',
  'productsQueued',
] as const;
export type HomeCardKey = (typeof HOME_CARD_KEYS)[number];

export interface HomeCardDefinition {
  label: string;
  /** One line for a new user: what the number is and what to do about it. */
  explanation: string;
  /** Who sees the card: the permission group of the list it links to. */
  permission: PermissionGroup;
}

export const HOME_CARDS: Record<HomeCardKey, HomeCardDefinition> = {
  returnsPending: {
    label: 'Returns on their way',
    explanation: 'Pending Return: the customer is sending them back. Scan the box when it arrives.',
    permission: 'returns',
  },
  returnsInProcess: {
    label: 'Returns to receive',
    explanation: 'In Process: scan each item, grade it and put it in a bin.',
    permission: 'returns',
  },
  ordersToShip: {
    label: 'Orders to pack and ship',
    explanation: 'Allocated, picking, packing, packed or partly shipped.',
    permission: 'shipping',
  },
  posOnHold: {
    label: 'Point of sale orders on hold',
    explanation: 'Counter sales waiting for payment, stock or a manager.',
    permission: 'orders',
  },
  printJobsFailed: {
    label: 'Print jobs failed',
    explanation: 'Labels that did not print: retry or void them in the Print Queue.',
    permission: 'printing',
  },
  printersOffline: {
    label: 'Printers offline',
    explanation: 'Active printers whose print server or printer does not answer.',
    permission: 'printing',
  },
  productsQueued: {
    label: 'Products in queues',
    explanation: 'Products tagged in a product queue, waiting for someone to work on them.',
    permission: 'catalogue',
  },
};

/** Where a card's count leads: the list it counts, filtered the same way. */
export function homeCardHref(
  key: HomeCardKey,
  context: { posChannelId: number | null; mayListOrders: boolean },
): string {
  switch (key) {
    case 'returnsPending':
      return `/returns?inboundReturnStatusId=${RETURN_STATUS.pendingReturn}`;
    case 'returnsInProcess':
      return `/returns?inboundReturnStatusId=${RETURN_STATUS.inProcess}`;
    case 'ordersToShip':
      // Packers without the order desk's permission go to the packing station.
      return context.mayListOrders
        ? `/orders?status=${ORDERS_TO_SHIP_STATUS_IDS.join(',')}`
        : '/warehouse/packing';
    case 'posOnHold':
      return `/orders?${context.posChannelId ? `channel=${context.posChannelId}&` : ''}status=${ON_HOLD_STATUS_IDS.join(',')}`;
    case 'printJobsFailed':
      return '/warehouse/print-queue';
    case 'printersOffline':
      return '/warehouse/printers';
    case 'productsQueued':
      return '/catalogue/brand';
  }
}

/** The cards a user with these permission groups sees, in the page's order. */
export function homeCardsFor(groups: readonly string[]): HomeCardKey[] {
  return HOME_CARD_KEYS.filter((key) => groups.includes(HOME_CARDS[key].permission));
}

/**
 * The seven days ending today at the account's offset, oldest first ('YYYY-MM-DD'), and the instant the first
 * one began.
 */
export function lastSevenDays(now: Date, offset: string): { days: string[]; from: Date } {
  const shift = offsetToMinutes(offset) * 60_000;
  const today = new Date(now.getTime() + shift);
  today.setUTCHours(0, 0, 0, 0);
  const days = Array.from({ length: 7 }, (_, i) =>
    new Date(today.getTime() - (6 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  return { days, from: new Date(today.getTime() - 6 * 86_400_000 - shift) };
}

export const homeCardSchema = z.object({
  key: z.enum(HOME_CARD_KEYS),
  count: z.number().int(),
  href: z.string(),
});

/** A count per day, oldest first, for the days of `week.days`; null when the user may not see it. */
const perDay = z.array(z.number().int()).length(7).nullable();

export const homeSummarySchema = z.object({
  cards: z.array(homeCardSchema),
  week: z.object({
    days: z.array(z.string()).length(7),
    returnsReceived: perDay,
    ordersShipped: perDay,
  }),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

export const homeSummaryReplySchema = z.object({
  code: z.number(),
  data: z.array(homeSummarySchema),
  error: z.null(),
});
