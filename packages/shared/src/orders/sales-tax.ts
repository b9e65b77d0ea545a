/**
 * The sales tax a counter sale starts with, as a percent (numeric(7,4) like taxPercent): the demo store's
 * Austin, Texas combined rate. A line's tax can be changed on the order; tax settings per warehouse are not
 * in the spec.
 */
export const DEFAULT_SALES_TAX_PERCENT = 8.25;
