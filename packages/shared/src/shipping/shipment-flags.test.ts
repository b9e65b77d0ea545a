import { describe, expect, it } from 'vitest';
import { MIN_PACKAGE_DIMENSION_INCH } from './package-rules';
import {
  canPack,
  canRecalculateRates,
  editRefusal,
  hasShippableItems,
  hasValidPackage,
  hasValidShippingAddress,
  isReadyToShip,
  packRefusal,
  rateState,
  ratesRefusal,
  type ShipmentSubject,
  shipmentFlags,
} from './shipment-flags';

const address = {
  addressLine1: '1 Main St',
  city: 'Austin',
  postalCode: '78701',
  stateId: 44,
  stateOrProvidence: 'TX',
  countryId: 1,
  country: 'US',
};

/** A packed shipment that may be rated: each test breaks one thing. */
const ready: ShipmentSubject = {
  isPacked: 1,
  isShipped: 0,
  isPurchased: 0,
  isVoided: 0,
  isDelivered: 0,
  trackingNumber: null,
  carrierFeeBilled: 0,
  warehouseId: 1,
  warehousePackagingId: 3,
  packageWidthInch: 6,
  packageHeightInch: 4,
  packageLengthInch: 8,
  packageWeightOunce: 20,
  items: [{ productId: 7 }],
  address,
};

describe('§4 valid package (packaging chosen, package-rules minimums)', () => {
  it.each([
    [null, {}, false],
    [undefined, {}, false],
    [0, {}, false],
    [1, {}, true],
    [1, { packageWidthInch: MIN_PACKAGE_DIMENSION_INCH }, true],
    [1, { packageWidthInch: 1 }, false],
    [1, { packageWeightOunce: 0.99999 }, true],
    [1, { packageWeightOunce: 0.99998 }, false],
    [1, { packageLengthInch: null }, false],
  ])('packaging %s with %j (0 is Unknown Packaging)', (warehousePackagingId, change, valid) => {
    expect(hasValidPackage({ ...ready, ...change, warehousePackagingId })).toBe(valid);
  });
});

describe('§5 address for shipping', () => {
  it.each([
    ['complete', {}, true],
    ['no address line 1', { addressLine1: '' }, false],
    ['address line 1 only blanks', { addressLine1: '   ' }, false],
    ['no city', { city: null }, false],
    ['no postal code', { postalCode: undefined }, false],
    ['no state id', { stateId: null }, false],
    ['state id 0', { stateId: 0 }, false],
    ['no state code', { stateOrProvidence: '' }, false],
    ['no country id', { countryId: 0 }, false],
    ['no country code', { country: '' }, false],
  ])('%s', (_, change, valid) => {
    expect(hasValidShippingAddress({ ...address, ...change })).toBe(valid);
  });

  it('no address at all', () => {
    expect(hasValidShippingAddress(null)).toBe(false);
    expect(hasValidShippingAddress(undefined)).toBe(false);
  });
});

describe('§4 shippable items', () => {
  it.each([
    [[{ productId: 1 }, { productId: 2 }], true],
    [[{ productId: 1 }, { productId: null }], false],
    [[{ productId: 0 }], false],
    [[], false],
    [null, false],
  ])('%j', (items, shippable) => {
    expect(hasShippableItems({ items })).toBe(shippable);
  });
});

describe('§4 can pack: items and a warehouse', () => {
  it('an unpacked shipment with items and a warehouse', () => {
    expect(canPack({ ...ready, isPacked: 0 })).toBe(true);
  });
  it('a packed one may be packed again (a new box, a new weight)', () => {
    expect(canPack(ready)).toBe(true);
  });
  it.each([
    ['no items', { items: [] }, 'shipment_not_packable'],
    ['no warehouse', { warehouseId: null }, 'shipment_not_packable'],
    ['voided', { isVoided: 1 }, 'shipment_voided'],
    ['label bought', { isPurchased: 1 }, 'shipment_has_label'],
    ['tracking number', { trackingNumber: '1Z999' }, 'shipment_has_label'],
  ])('%s', (_, change, code) => {
    expect(canPack({ ...ready, ...change })).toBe(false);
    expect(packRefusal({ ...ready, ...change })?.code).toBe(code);
  });
});

describe('the package may be changed', () => {
  it('until a label is bought', () => {
    expect(editRefusal({ ...ready, isPacked: 0 })).toBeNull();
    expect(editRefusal(ready)).toBeNull();
  });
  it.each([
    ['voided', { isVoided: 1 }, 'shipment_voided'],
    ['purchased', { isPurchased: 1 }, 'shipment_has_label'],
    ['a tracking number', { trackingNumber: '1Z' }, 'shipment_has_label'],
    ['a fee billed', { carrierFeeBilled: 5 }, 'shipment_has_label'],
    ['shipped', { isShipped: 1 }, 'shipment_has_label'],
    ['delivered', { isDelivered: 1 }, 'shipment_has_label'],
  ])('not when %s', (_, change, code) => {
    expect(editRefusal({ ...ready, ...change })?.code).toBe(code);
  });
});

describe('§4 rates can be recalculated', () => {
  it('when packed with a valid package, shippable items and a valid address, nothing bought', () => {
    expect(canRecalculateRates(ready)).toBe(true);
    expect(ratesRefusal(ready)).toBeNull();
  });
  it.each([
    ['shipped', { isShipped: 1 }, 'shipment_shipped'],
    ['shipped (boolean)', { isShipped: true }, 'shipment_shipped'],
    ['delivered', { isDelivered: 1 }, 'shipment_shipped'],
    ['voided', { isVoided: 1 }, 'shipment_voided'],
    ['purchased', { isPurchased: 1 }, 'shipment_has_label'],
    ['a tracking number', { trackingNumber: '9400100000000000000000' }, 'shipment_has_label'],
    ['a carrier fee billed', { carrierFeeBilled: 0.01 }, 'shipment_has_label'],
    ['not packed', { isPacked: 0 }, 'shipment_not_packed'],
    ['no packaging', { warehousePackagingId: 0 }, 'invalid_package'],
    ['a side of 1 inch', { packageLengthInch: 1 }, 'invalid_package'],
    ['too light', { packageWeightOunce: 0.5 }, 'invalid_package'],
    [
      'an item that is not a product',
      { items: [{ productId: 7 }, { productId: null }] },
      'no_shippable_items',
    ],
    ['no items', { items: [] }, 'no_shippable_items'],
    ['no address', { address: null }, 'invalid_address'],
    ['an address without a state', { address: { ...address, stateId: null } }, 'invalid_address'],
  ])('not when %s', (_, change, code) => {
    const shipment = { ...ready, ...change } as ShipmentSubject;
    expect(canRecalculateRates(shipment)).toBe(false);
    expect(ratesRefusal(shipment)?.code).toBe(code);
  });
  it('an empty tracking number is no tracking number', () => {
    expect(canRecalculateRates({ ...ready, trackingNumber: '' })).toBe(true);
  });
});

describe('§4 ready to ship', () => {
  it('packed, shippable items, valid package and address', () => {
    expect(isReadyToShip(ready)).toBe(true);
  });
  it('does not depend on the label (a bought shipment is still ready)', () => {
    expect(isReadyToShip({ ...ready, isPurchased: 1, trackingNumber: '1Z' })).toBe(true);
  });
  it.each([
    ['not packed', { isPacked: 0 }],
    ['invalid package', { packageWeightOunce: 0 }],
    ['no packaging', { warehousePackagingId: null }],
    ['items not shippable', { items: [{ productId: null }] }],
    ['invalid address', { address: { ...address, city: '' } }],
  ])('not when %s', (_, change) => {
    expect(isReadyToShip({ ...ready, ...change } as ShipmentSubject)).toBe(false);
  });
});

describe('§4 rate state', () => {
  const at = '2026-01-02T03:04:05.000Z';
  it.each([
    [{}, 'unshipped'],
    [{ purchasedAt: null, voidedAt: null }, 'unshipped'],
    [{ purchasedAt: at }, 'shipped'],
    [{ purchasedAt: at, voidedAt: at }, 'voided'],
    [{ voidedAt: at }, 'voided'],
  ])('%j is %s', (rate, state) => {
    expect(rateState(rate)).toBe(state);
  });
  it('no rate is unshipped', () => {
    expect(rateState(null)).toBe('unshipped');
  });
});

describe('shipmentFlags', () => {
  it('gathers every flag and says why rates are blocked', () => {
    expect(shipmentFlags(ready)).toEqual({
      canPack: true,
      canRecalculateRates: true,
      isReadyToShip: true,
      hasValidPackage: true,
      hasValidAddress: true,
      hasShippableItems: true,
      ratesBlockedReason: null,
    });
    expect(shipmentFlags({ ...ready, isPacked: 0 }).ratesBlockedReason).toBe(
      'Pack the shipment before calculating rates.',
    );
  });
});
