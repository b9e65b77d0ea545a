import { packageProblems } from '../shipping/package-rules';
import { isHiddenRate, sortRates } from '../shipping/rate-rules';
import { OUNCES_PER_POUND } from '../warehouse/usb-scale';

// The Add shipment modal and Shipment panel's rules (returns.md §Add shipment modal, §Shipment panel, §4
// Shipments, §5): which warehouses a return may go to, the weight in pounds, when Calculate Shipping and
// Purchase Label are enabled, the texts of §8.

export const ERROR_CALCULATING_SHIPPING = 'Error Calculating Shipping';
export const ERROR_ADDING_SHIPMENT = 'Error Adding a Shipment';

/** §Shipment panel: "limited to warehouses that can receive (and are active and not third-party)". */
export function isReturnDestination(warehouse: {
  isActive: number | boolean;
  warehouseType?: { hasReceiving: boolean; isThirdParty: boolean } | null;
}): boolean {
  return (
    Boolean(warehouse.isActive) &&
    Boolean(warehouse.warehouseType?.hasReceiving) &&
    !warehouse.warehouseType?.isThirdParty
  );
}

/** §9 "Weight shown in pounds on the shipment panel (ounces / 16, 2 decimals)". */
export const poundsFromOunces = (ounces: number) => Math.round((ounces / OUNCES_PER_POUND) * 100) / 100;
export const ouncesFromPounds = (pounds: number) => Math.round(pounds * OUNCES_PER_POUND * 100) / 100;

/** The sender as the panel edits it: the codes of its state and country, not their ids. */
export interface SenderFields {
  addressLine1?: string | null;
  city?: string | null;
  postalCode?: string | null;
  stateOrProvidence?: string | null;
  country?: string | null;
}

const filled = (value: string | null | undefined) => Boolean(value?.trim());

/** The sender can be rated from: address line 1, city, postal code, a state and a country. */
export function isCompleteSender(sender: SenderFields | null | undefined): boolean {
  return (
    !!sender &&
    filled(sender.addressLine1) &&
    filled(sender.city) &&
    filled(sender.postalCode) &&
    filled(sender.stateOrProvidence) &&
    filled(sender.country)
  );
}

/** §5 "Calculate Shipping is enabled only when the package has valid dimensions, weight and address." */
export function canCalculateReturnShipping(
  pkg: {
    packageLengthInch: number | null;
    packageWidthInch: number | null;
    packageHeightInch: number | null;
    packageWeightOunce: number | null;
  },
  sender: SenderFields | null | undefined,
  hasDestination: boolean,
): boolean {
  return packageProblems(pkg).length === 0 && isCompleteSender(sender) && hasDestination;
}

/** §5: 'Envelope' services hidden, cheapest first. */
export function returnRatesShown<T extends { service: string; rate: number; carrier: string }>(
  rates: readonly T[],
): T[] {
  return sortRates(rates.filter((rate) => !isHiddenRate(rate)));
}
