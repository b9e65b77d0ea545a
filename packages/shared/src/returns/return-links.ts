// The item row's marketplace link (returns.md §Inbound return wrapper and item rows): the listing of the
// returned item on the channel it was sold on, found by the listing's SKU.
import { SITE_ID } from '../orders/order-constants';

export interface ListingLink {
  href: string;
  label: string;
  isExternal: boolean;
}

/** Amazon, eBay and Reverb open the seller's listing search for the SKU; the own store its product list. */
export function marketplaceListingLink(
  siteId: number | null | undefined,
  listingSKU: string | null | undefined,
  productId: number | null | undefined,
): ListingLink | null {
  const sku = (listingSKU ?? '').trim();
  const q = encodeURIComponent(sku);
  if (sku) {
    if (siteId === SITE_ID.AMAZON)
      return {
        href: `https://sellercentral.amazon.com/skucentral?mSku=${q}`,
        label: 'Amazon',
        isExternal: true,
      };
    if (siteId === SITE_ID.EBAY)
      return { href: `https://www.ebay.com/sh/lst/active?keyword=${q}`, label: 'eBay', isExternal: true };
    if (siteId === SITE_ID.REVERB)
      return { href: `https://reverb.com/my/selling/listings?query=${q}`, label: 'Reverb', isExternal: true };
  }
  return productId
    ? { href: `/manage/products?productIds=${productId}`, label: 'Product', isExternal: false }
    : null;
}
