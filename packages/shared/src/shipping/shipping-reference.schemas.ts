// Replies of the shipping core's own calls: GET /v1/shipping/shippers and GET /v1/utilities/statesAndCountries
// (orders-warehouse.md §3 Address: "State has id, code and name. Country has id, code, code3 and name").
import { z } from 'zod';

export const stateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  countryId: z.number().int(),
});
export type State = z.infer<typeof stateSchema>;

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  code3: z.string(),
  name: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

/** data[0] of GET /v1/utilities/statesAndCountries. */
export const statesAndCountriesSchema = z.object({
  states: z.array(stateSchema),
  countries: z.array(countrySchema),
});
export type StatesAndCountries = z.infer<typeof statesAndCountriesSchema>;

/** The spec's default country (orders-warehouse.md §9): US, id 1. */
export const DEFAULT_COUNTRY_ID = 1;
export const DEFAULT_COUNTRY_CODE = 'US';

export const SHIPPING_ADAPTERS = ['sandbox', 'easypost'] as const;
export type ShippingAdapter = (typeof SHIPPING_ADAPTERS)[number];

/** A carrier account rates can be asked of (the spec's shipperIds), and the adapter that reaches it. */
export const shipperSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  description: z.string(),
  adapter: z.enum(SHIPPING_ADAPTERS),
});
export type Shipper = z.infer<typeof shipperSchema>;

export const TRACKING_STATUSES = [
  'pre_transit',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'return_to_sender',
  'failure',
  'unknown',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

export const REFUND_STATUSES = ['submitted', 'refunded', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
