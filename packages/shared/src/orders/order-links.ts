// orders-warehouse.md §2 Routes: the order link shown beside an order, by its channel's site id, and the
// card processor's page of a Stripe payment (§2 Order payments).
import { CHANNEL_ORDER_TYPE_ID, NO_LINK_SITE_IDS, PAYMENT_TYPE, SITE_ID } from './order-constants';

export interface OrderLink {
  href: string;
  /** True for a marketplace's own site (open in a new tab); false for a route of this app. */
  isExternal: boolean;
}

export interface LinkableOrder {
  id: number;
  channelOrderNumber: string;
  channelOrderTypeId?: number | null;
  /** The site id of the order's sales channel; null or missing when it has none. */
  siteId?: number | null;
}

export function channelOrderDetailPath(channelOrderId: number): string {
  return `/channelOrder/${channelOrderId}/detail`;
}

export function pointOfSalePath(channelOrderId: number): string {
  return `/POS/${channelOrderId}`;
}

/**
 * - 1 Amazon: the Seller Central order page, https://sellercentral.amazon.com/orders-v3/order/{number};
 * - 2 eBay: the seller's order details page, https://www.ebay.com/sh/ord/details?orderid={number};
 * - 14 Reverb: https://reverb.com/my/selling/orders/{number};
 * - 99 own store: /POS/{id} for a point-of-sale order (type 2), else /channelOrder/{id}/detail;
 * - 5 and 7: no link (null);
 * - any other channel, or none: /channelOrder/{id}/detail.
 * The order number is URL-encoded; a marketplace order without a number falls back to the detail route.
 */
export function channelOrderLink(order: LinkableOrder): OrderLink | null {
  const siteId = order.siteId ?? null;
  if (siteId !== null && NO_LINK_SITE_IDS.includes(siteId)) return null;
  const internal = (href: string): OrderLink => ({ href, isExternal: false });
  const number = encodeURIComponent(order.channelOrderNumber.trim());
  const external = (href: string): OrderLink =>
    number ? { href, isExternal: true } : internal(channelOrderDetailPath(order.id));
  switch (siteId) {
    case SITE_ID.AMAZON:
      return external(`https://sellercentral.amazon.com/orders-v3/order/${number}`);
    case SITE_ID.EBAY:
      return external(`https://www.ebay.com/sh/ord/details?orderid=${number}`);
    case SITE_ID.REVERB:
      return external(`https://reverb.com/my/selling/orders/${number}`);
    case SITE_ID.OWN_STORE:
      return internal(
        order.channelOrderTypeId === CHANNEL_ORDER_TYPE_ID.POINT_OF_SALE
          ? pointOfSalePath(order.id)
          : channelOrderDetailPath(order.id),
      );
    default:
      return internal(channelOrderDetailPath(order.id));
  }
}

/**
 * §2 "Type 30 (Stripe) links to the card processor's payment page": the Stripe dashboard page of the
 * payment's referenceId. Other types, or a Stripe payment without a reference, have no link.
 */
export function paymentProcessorLink(payment: {
  channelOrderPaymentTypeId: number;
  referenceId?: string | null;
}): string | null {
  const reference = payment.referenceId?.trim();
  if (payment.channelOrderPaymentTypeId !== PAYMENT_TYPE.STRIPE || !reference) return null;
  return `https://dashboard.stripe.com/payments/${encodeURIComponent(reference)}`;
}
