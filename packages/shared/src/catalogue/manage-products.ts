// The manage products screen (catalogue-admin.md §2.4, §2.9): a list of chosen products with the whole bulk
// toolbar. Other screens open it on products with /manage/products?productIds={ids}&execute=true.
import { z } from 'zod';
import { MAX_INT, text } from '../api/text';

/** At most this many products in one list (one URL, one request, one save). */
export const MANAGE_PRODUCTS_MAX = 1000;

export const MANAGE_PRODUCTS_ROUTE = '/manage/products';

/** The address of the screen on these products; execute loads them at once. */
export function manageProductsPath(productIds: readonly number[], execute = true): string {
  const query = new URLSearchParams({ productIds: productIds.join(',') });
  if (execute) query.set('execute', 'true');
  return `${MANAGE_PRODUCTS_ROUTE}?${query.toString().replaceAll('%2C', ',')}`;
}

/** The product ids of a productIds parameter: positive whole numbers, first occurrence kept, in order. */
export function parseProductIds(text: string | null | undefined): number[] {
  const ids = (text ?? '')
    .split(/[\s,]+/)
    .filter((part) => /^\d+$/.test(part))
    .map(Number)
    .filter((id) => id > 0 && id <= MAX_INT);
  return [...new Set(ids)];
}

export const tooManyProductsMessage = (count: number) =>
  `${count} products asked for: at most ${MANAGE_PRODUCTS_MAX} at once.`;

/** GET /api/backroom/products?productIds=1,2,3: those of the account's products, sorted by SKU. */
export const productsByIdsQuerySchema = z.object({
  productIds: text()
    .transform((text) => parseProductIds(text))
    .pipe(
      z
        .array(z.number())
        .min(1, 'Name at least one product id')
        .refine((ids) => ids.length <= MANAGE_PRODUCTS_MAX, {
          error: (issue) => tooManyProductsMessage((issue.input as number[]).length),
        }),
    ),
});

/** The product fields only 'Update Trained Shipping' sets, which need adminUserAccess (§2.4, §6). */
export const TRAINED_SHIPPING_FIELDS = [
  'trainedShippingCost',
  'trainedPackagingId',
  'trainedShippingAt',
] as const;

export const TRAINED_SHIPPING_FORBIDDEN_MESSAGE =
  'You need the adminUserAccess permission to update trained shipping.';
