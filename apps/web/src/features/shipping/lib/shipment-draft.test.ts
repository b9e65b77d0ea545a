import { canRecalculateRates } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { shipment } from './shipment.test-support';
import {
  boxFromScan,
  draftChanges,
  draftOf,
  isExternalShipment,
  isOpenShipment,
  ouncesFromPounds,
  poundsFromOunces,
  shipsToCustomer,
  subjectOf,
  unshippedUnits,
  withBox,
} from './shipment-draft';

const pedal = {
  id: 2,
  commonName: 'Pedal Box',
  packageLengthInch: 8,
  packageWidthInch: 6,
  packageHeightInch: 4,
};
const guitar = {
  id: 1,
  commonName: 'Guitar Box',
  packageLengthInch: 44,
  packageWidthInch: 17,
  packageHeightInch: 6,
};

describe('shipment draft', () => {
  it('shows pounds as ounces / 16 with 2 decimals and stores pounds × 16', () => {
    expect(poundsFromOunces(40)).toBe(2.5);
    expect(poundsFromOunces(37.45)).toBe(2.34);
    expect(poundsFromOunces(null)).toBeNull();
    expect(ouncesFromPounds(2.35)).toBe(37.6);
    expect(ouncesFromPounds(0.05)).toBe(0.8);
    expect(ouncesFromPounds(null)).toBeNull();
  });

  it('reads zero sides and weight as not entered, and a box fills its sides', () => {
    const draft = draftOf(shipment());
    expect(draft).toMatchObject({
      packageLengthInch: null,
      packageWeightOunce: null,
      warehousePackagingId: null,
    });
    const boxed = withBox(draft, pedal);
    expect(boxed).toMatchObject({
      warehousePackagingId: 2,
      packageLengthInch: 8,
      packageWidthInch: 6,
      packageHeightInch: 4,
    });
    // The same box again keeps sides the packer changed.
    const edited = { ...boxed, packageHeightInch: 5 };
    expect(withBox(edited, pedal)).toBe(edited);
  });

  it('sends only what changed, never an emptied field', () => {
    const saved = shipment({
      warehousePackagingId: 2,
      packageLengthInch: 8,
      packageWidthInch: 6,
      packageHeightInch: 4,
    });
    const draft = draftOf(saved);
    expect(draftChanges(draft, saved)).toBeNull();
    expect(draftChanges({ ...draft, packageWeightOunce: 37.6, isTrainingShipment: 1 }, saved)).toEqual({
      packageWeightOunce: 37.6,
      isTrainingShipment: 1,
    });
    expect(draftChanges({ ...draft, packageLengthInch: null }, saved)).toBeNull();
    expect(draftChanges(withBox(draft, guitar), saved)).toEqual({
      warehousePackagingId: 1,
      packageLengthInch: 44,
      packageWidthInch: 17,
      packageHeightInch: 6,
    });
  });

  it('lets the shared §4 rules read the draft in place of the saved package', () => {
    const packed = shipment({ isPacked: 1 });
    const draft = { ...withBox(draftOf(packed), pedal), packageWeightOunce: 37.6 };
    expect(canRecalculateRates(subjectOf(packed, draftOf(packed)))).toBe(false);
    expect(canRecalculateRates(subjectOf(packed, draft))).toBe(true);
    expect(canRecalculateRates(subjectOf(packed, { ...draft, packageWeightOunce: 0.5 }))).toBe(false);
  });

  it('tells open, external and voided shipments apart', () => {
    expect(isOpenShipment(shipment())).toBe(true);
    expect(isOpenShipment(shipment({ isVoided: 1 }))).toBe(false);
    expect(isOpenShipment(shipment({ trackingNumber: '1Z999AA10123456784', isShipped: 1 }))).toBe(false);
    expect(isExternalShipment(shipment({ trackingNumber: '1Z999AA10123456784' }))).toBe(true);
    expect(isExternalShipment(shipment(), { isFBA: 1 })).toBe(true);
    expect(isExternalShipment(shipment())).toBe(false);
  });

  it('counts the units no live shipment holds', () => {
    const items = [
      { productId: 11, quantityOrdered: 2 },
      { productId: 12, quantityOrdered: 1 },
    ];
    expect(unshippedUnits(items, [shipment()])).toBe(2);
    expect(unshippedUnits(items, [shipment({ isVoided: 1 })])).toBe(3);
    expect(
      unshippedUnits(items, [
        shipment({
          items: [
            { productId: 11, quantity: 2, sku: null },
            { productId: 12, quantity: 1, sku: null },
          ],
        }),
      ]),
    ).toBe(0);
  });

  it('finds a box by its {PKG:id} code, its number in the list or its name', () => {
    const boxes = [guitar, pedal];
    expect(boxFromScan('{PKG:2}', boxes)).toBe(pedal);
    expect(boxFromScan('{pkg:1}', boxes)).toBe(guitar);
    expect(boxFromScan('{PKG:9}', boxes)).toBeNull();
    expect(boxFromScan('{CO:2}', boxes)).toBeNull();
    expect(boxFromScan('2', boxes)).toBe(pedal);
    expect(boxFromScan('3', boxes)).toBeNull();
    expect(boxFromScan('pedal box', boxes)).toBe(pedal);
    expect(boxFromScan('036000291452', boxes)).toBeNull();
  });

  it('applies shipping to carrier-delivered lines and to orders with shipments', () => {
    expect(shipsToCustomer({ items: [{ deliveryTypeId: 1 }], shipments: [] })).toBe(true);
    expect(shipsToCustomer({ items: [{ deliveryTypeId: 5 }, { deliveryTypeId: 4 }], shipments: [] })).toBe(
      false,
    );
    expect(shipsToCustomer({ items: [{ deliveryTypeId: 5 }], shipments: [shipment()] })).toBe(true);
  });
});
