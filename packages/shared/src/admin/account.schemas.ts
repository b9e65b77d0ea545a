import { z } from 'zod';
import { intSchema, MAX_INT, text } from '../api/text';
import { DEFAULT_UTC_OFFSET, UTC_OFFSETS } from './utc-offsets';

/** 0/1 flags, as the specs send them. */
const flag = z.union([z.literal(0), z.literal(1)]);

/** Account fields exactly as catalogue-admin.md §3 Account, with its defaults (as replies carry them). */
export const accountSchema = z.object({
  id: z.number(),
  name: z.string(),
  isActive: z.number(),
  integrationId: z.number(),
  hasBroadcastProductData: z.number(),
  hasBroadcastInventoryData: z.number(),
  hasBroadcastChannelData: z.number(),
  hasBroadcastChannelListingData: z.number(),
  hasBroadcastChannelOrderData: z.number(),
  hasRestrictedSiteBrands: z.number(),
  hasRestrictedSiteSellers: z.number(),
  hasRestrictedServices: z.number(),
  utcOffset: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const ACCOUNT_DEFAULTS = {
  isActive: 1,
  integrationId: 0,
  hasBroadcastProductData: 0,
  hasBroadcastInventoryData: 0,
  hasBroadcastChannelData: 0,
  hasBroadcastChannelListingData: 0,
  hasBroadcastChannelOrderData: 0,
  hasRestrictedSiteBrands: 1,
  hasRestrictedSiteSellers: 1,
  hasRestrictedServices: 1,
  utcOffset: DEFAULT_UTC_OFFSET,
} as const satisfies Omit<Account, 'id' | 'name'>;

/** "Account save is enabled only when the name is longer than 1 character." */
export const accountNameSchema = text()
  .trim()
  .min(2, 'Account name must be longer than 1 character')
  .max(120, 'Account name must be at most 120 characters');

export function isAccountNameValid(name: string): boolean {
  return accountNameSchema.safeParse(name).success;
}

const accountFields = {
  name: accountNameSchema,
  isActive: flag,
  integrationId: intSchema(),
  hasBroadcastProductData: flag,
  hasBroadcastInventoryData: flag,
  hasBroadcastChannelData: flag,
  hasBroadcastChannelListingData: flag,
  hasBroadcastChannelOrderData: flag,
  hasRestrictedSiteBrands: flag,
  hasRestrictedSiteSellers: flag,
  hasRestrictedServices: flag,
  utcOffset: z.enum(UTC_OFFSETS as [string, ...string[]], { message: 'Choose a UTC offset from the list' }),
};

/** PUT /api/backroom/account — create. Fields left out take the §3 defaults. */
export const accountCreateSchema = z
  .object({ id: intSchema(-MAX_INT).optional() })
  .extend(accountFields)
  .partial()
  .required({ name: true });

/** PATCH /api/backroom/account/{id} — only the fields sent change. */
export const accountUpdateSchema = z
  .object({ id: intSchema(-MAX_INT).optional() })
  .extend(accountFields)
  .partial();

export type AccountCreate = z.infer<typeof accountCreateSchema>;
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

/** The three Access Overrides: shown inverted from the stored restriction flags (checked = restriction off). */
export const ACCESS_OVERRIDES = [
  { label: 'Services Admin', field: 'hasRestrictedServices' },
  { label: 'Brands Admin', field: 'hasRestrictedSiteBrands' },
  { label: 'Sellers Admin', field: 'hasRestrictedSiteSellers' },
] as const;

export const BROADCAST_FLAGS = [
  { label: 'Broadcast Product Data', field: 'hasBroadcastProductData' },
  { label: 'Broadcast Inventory Data', field: 'hasBroadcastInventoryData' },
  { label: 'Broadcast Channel Data', field: 'hasBroadcastChannelData' },
  { label: 'Broadcast Channel Listing Data', field: 'hasBroadcastChannelListingData' },
  { label: 'Broadcast Channel Order Data', field: 'hasBroadcastChannelOrderData' },
] as const;

/** "Debounces: account/user save 500 ms" (catalogue-admin.md §9): a double click saves once. */
export const ACCOUNT_USER_SAVE_DEBOUNCE_MS = 500;
