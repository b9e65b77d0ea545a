import type { ErrorCode } from '../api/envelope';
import type { RateState, ShipmentFlags } from './order-shipments.schemas';
import { isValidPackage, MIN_PACKAGE_DIMENSION_INCH } from './package-rules';
import { isValidShippingAddress } from './shipping-address';

// orders-warehouse.md §4 Shipment flags and rules, and the §5/§9 package and address checks they rest on:
// when a shipment may be packed, when its rates may be (re)calculated, when it is ready to ship, and the
// state of its label. The server refuses by these (with the code and words of `ShipmentRefusal`); the panel
// enables its buttons by the same functions.

type Flag = number | boolean | null | undefined;
const on = (flag: Flag) => flag === true || (typeof flag === 'number' && flag > 0);
const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

export interface ShipmentPackage {
  warehousePackagingId?: number | null;
  packageWidthInch?: number | null;
  packageHeightInch?: number | null;
  packageLengthInch?: number | null;
  packageWeightOunce?: number | null;
}

/** §5 Address for shipping: the fields the rule reads. */
export interface ShippingAddressSubject {
  addressLine1?: string | null;
  city?: string | null;
  postalCode?: string | null;
  stateId?: number | null;
  /** The state's code ('TX'). */
  stateOrProvidence?: string | null;
  countryId?: number | null;
  /** The country's code ('US'). */
  country?: string | null;
}

export interface ShipmentSubject extends ShipmentPackage {
  isPacked?: Flag;
  isShipped?: Flag;
  isPurchased?: Flag;
  isVoided?: Flag;
  isDelivered?: Flag;
  trackingNumber?: string | null;
  /** Any unit: only whether it is above 0 matters. */
  carrierFeeBilled?: number | null;
  warehouseId?: number | null;
  items?: readonly { productId?: number | null }[] | null;
  address?: ShippingAddressSubject | null;
}

/** §4 "a valid package (packaging chosen plus dimensions and weight at least the minimums)" (package-rules.ts). */
export function hasValidPackage(pkg: ShipmentPackage): boolean {
  return isValidPackage({
    warehousePackagingId: pkg.warehousePackagingId,
    packageLengthInch: pkg.packageLengthInch,
    packageWidthInch: pkg.packageWidthInch,
    packageHeightInch: pkg.packageHeightInch,
    packageWeightOunce: pkg.packageWeightOunce,
  });
}

/** §5 Address for shipping (shipping-address.ts), read from an address record: its state and country codes. */
export function hasValidShippingAddress(address: ShippingAddressSubject | null | undefined): boolean {
  if (!address) return false;
  return isValidShippingAddress({
    addressLine1: address.addressLine1,
    city: address.city,
    postalCode: address.postalCode,
    stateId: address.stateId,
    stateCode: address.stateOrProvidence,
    countryId: address.countryId,
    countryCode: address.country,
  });
}

/** §4 "shippable items (every item has a productId)": and at least one item. */
export function hasShippableItems(shipment: Pick<ShipmentSubject, 'items'>): boolean {
  const items = shipment.items ?? [];
  return items.length > 0 && items.every((item) => (item.productId ?? 0) > 0);
}

/** Codes of the refusals below (error.code of the server's 409), for screens to branch on. */
export type ShipmentRefusalCode = Extract<
  ErrorCode,
  | 'shipment_not_packable'
  | 'shipment_not_packed'
  | 'shipment_has_label'
  | 'shipment_voided'
  | 'shipment_shipped'
  | 'invalid_package'
  | 'invalid_address'
  | 'no_shippable_items'
>;

export interface ShipmentRefusal {
  code: ShipmentRefusalCode;
  message: string;
}

/**
 * Whether the shipment control may change the package, warehouse or address: not once a label is bought
 * (void it first) nor on a voided shipment (its replacement is the one to change).
 */
export function editRefusal(shipment: ShipmentSubject): ShipmentRefusal | null {
  if (on(shipment.isVoided)) return { code: 'shipment_voided', message: 'The shipment is voided.' };
  if (labelLive(shipment) || on(shipment.isShipped) || on(shipment.isDelivered))
    return {
      code: 'shipment_has_label',
      message: 'The shipment already has a label; void it before changing the package.',
    };
  return null;
}

/** §4 "A shipment can be packed when it has items and a warehouse." Also not once its label is bought or voided. */
export function packRefusal(shipment: ShipmentSubject): ShipmentRefusal | null {
  if (on(shipment.isVoided)) return { code: 'shipment_voided', message: 'The shipment is voided.' };
  if (labelLive(shipment))
    return {
      code: 'shipment_has_label',
      message: 'The shipment already has a label; void it before packing it again.',
    };
  if (!shipment.items?.length)
    return { code: 'shipment_not_packable', message: 'The shipment has no items to pack.' };
  if (!shipment.warehouseId)
    return { code: 'shipment_not_packable', message: 'The shipment has no warehouse to pack it in.' };
  return null;
}

export function canPack(shipment: ShipmentSubject): boolean {
  return packRefusal(shipment) === null;
}

/** A label is bought and not voided: tracking number, fee, purchased or shipped. */
function labelLive(shipment: ShipmentSubject): boolean {
  return on(shipment.isPurchased) || filled(shipment.trackingNumber) || (shipment.carrierFeeBilled ?? 0) > 0;
}

/**
 * §4 "Rates can be recalculated only when the shipment is not shipped, has no tracking number, has no carrier
 * fee billed, and is not voided, delivered or purchased. It must also be packed, have a valid package, have
 * shippable items and have a valid address." The first rule it breaks, or null.
 */
export function ratesRefusal(shipment: ShipmentSubject): ShipmentRefusal | null {
  if (on(shipment.isVoided)) return { code: 'shipment_voided', message: 'The shipment is voided.' };
  if (labelLive(shipment))
    return { code: 'shipment_has_label', message: 'The shipment already has a label.' };
  if (on(shipment.isDelivered) || on(shipment.isShipped))
    return { code: 'shipment_shipped', message: 'The shipment has already shipped.' };
  if (!on(shipment.isPacked))
    return { code: 'shipment_not_packed', message: 'Pack the shipment before calculating rates.' };
  if (!hasValidPackage(shipment))
    return {
      code: 'invalid_package',
      message: `Choose the packaging, and give each side more than 1 inch (${MIN_PACKAGE_DIMENSION_INCH}) and a weight of at least 1 ounce.`,
    };
  if (!hasShippableItems(shipment))
    return {
      code: 'no_shippable_items',
      message: 'Every item of the shipment must be a product to ship it.',
    };
  if (!hasValidShippingAddress(shipment.address))
    return {
      code: 'invalid_address',
      message: 'The shipping address needs address line 1, city, postal code, a state and a country.',
    };
  return null;
}

export function canRecalculateRates(shipment: ShipmentSubject): boolean {
  return ratesRefusal(shipment) === null;
}

/** §4 "ready to ship when it is packed, has shippable items, has valid packaging dimensions and a valid address". */
export function isReadyToShip(shipment: ShipmentSubject): boolean {
  return (
    on(shipment.isPacked) &&
    hasShippableItems(shipment) &&
    hasValidPackage(shipment) &&
    hasValidShippingAddress(shipment.address)
  );
}

/**
 * §4 "A shipment rate is unshipped when it has neither purchasedAt nor voidedAt. It is voided when voidedAt is
 * set. It is shipped when purchasedAt is set and voidedAt is not."
 */
export function rateState(rate: { purchasedAt?: unknown; voidedAt?: unknown } | null | undefined): RateState {
  if (rate?.voidedAt) return 'voided';
  if (rate?.purchasedAt) return 'shipped';
  return 'unshipped';
}

/** Every §4 flag of a shipment at once, as the shipment replies carry them. */
export function shipmentFlags(shipment: ShipmentSubject): ShipmentFlags {
  const refusal = ratesRefusal(shipment);
  return {
    canPack: canPack(shipment),
    canRecalculateRates: refusal === null,
    isReadyToShip: isReadyToShip(shipment),
    hasValidPackage: hasValidPackage(shipment),
    hasValidAddress: hasValidShippingAddress(shipment.address),
    hasShippableItems: hasShippableItems(shipment),
    ratesBlockedReason: refusal?.message ?? null,
  };
}
