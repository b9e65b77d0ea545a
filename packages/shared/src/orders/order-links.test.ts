import { describe, expect, it } from 'vitest';
import { channelOrderLink, type LinkableOrder, paymentProcessorLink } from './order-links';

const order = (
  siteId: number | null | undefined,
  channelOrderTypeId = 1,
  channelOrderNumber = '111-2222-3333',
): LinkableOrder => ({
  id: 42,
  channelOrderNumber,
  channelOrderTypeId,
  siteId,
});

describe('channelOrderLink', () => {
  it.each([
    [
      'Amazon',
      order(1),
      { href: 'https://sellercentral.amazon.com/orders-v3/order/111-2222-3333', isExternal: true },
    ],
    [
      'eBay',
      order(2, 1, '12-34567-89012'),
      { href: 'https://www.ebay.com/sh/ord/details?orderid=12-34567-89012', isExternal: true },
    ],
    [
      'Reverb',
      order(14, 1, '98765'),
      { href: 'https://reverb.com/my/selling/orders/98765', isExternal: true },
    ],
    ['own store web order', order(99, 1), { href: '/channelOrder/42/detail', isExternal: false }],
    ['own store POS order', order(99, 2), { href: '/POS/42', isExternal: false }],
    ['another site, POS type', order(3, 2), { href: '/channelOrder/42/detail', isExternal: false }],
    ['another site', order(8), { href: '/channelOrder/42/detail', isExternal: false }],
    ['no channel', order(null), { href: '/channelOrder/42/detail', isExternal: false }],
    ['channel missing', order(undefined), { href: '/channelOrder/42/detail', isExternal: false }],
    ['site 5', order(5), null],
    ['site 7', order(7), null],
    ['site 7 POS', order(7, 2), null],
    [
      'a number with odd characters is encoded',
      order(1, 1, 'A B/C#1'),
      { href: 'https://sellercentral.amazon.com/orders-v3/order/A%20B%2FC%231', isExternal: true },
    ],
    [
      'a marketplace order without a number',
      order(2, 1, '  '),
      { href: '/channelOrder/42/detail', isExternal: false },
    ],
  ])('%s', (_name, subject, link) => {
    expect(channelOrderLink(subject)).toEqual(link);
  });
});

describe('paymentProcessorLink', () => {
  it.each([
    [
      { channelOrderPaymentTypeId: 30, referenceId: 'pi_123' },
      'https://dashboard.stripe.com/payments/pi_123',
    ],
    [{ channelOrderPaymentTypeId: 30, referenceId: ' ' }, null],
    [{ channelOrderPaymentTypeId: 30, referenceId: null }, null],
    [{ channelOrderPaymentTypeId: 40, referenceId: 'PAY-1' }, null],
  ])('%j → %s', (payment, link) => {
    expect(paymentProcessorLink(payment)).toBe(link);
  });
});
