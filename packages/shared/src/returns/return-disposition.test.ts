import { describe, expect, it } from 'vitest';
import {
  binRefusal,
  dispositionStepForBinType,
  isVirtualLocation,
  offeredConditions,
  RETURN_BIN_TYPE,
  returnBinName,
  returnBinTypeOf,
  statusAfterReceipt,
  virtualBinBarcode,
} from './return-disposition';
import { marketplaceListingLink } from './return-links';
import { invalidDivisionMessage, noItemFoundMessage, RETURN_TEXTS } from './return-texts';

const bin = (fields: Partial<Parameters<typeof returnBinTypeOf>[0]> = {}) => ({
  level: 'bin',
  isActive: 1,
  warehouseBinTypeId: 3,
  warehouseDivisionTypeId: null,
  chaosZone: null,
  chaosBin: 'R01',
  ...fields,
});

describe('disposition steps (returns.md §4 Disposition modal)', () => {
  it('a group bin (2) leads to productCondition, a transfer bin (12) to returnToVendor', () => {
    expect(dispositionStepForBinType(RETURN_BIN_TYPE.group)).toBe('productCondition');
    expect(dispositionStepForBinType(RETURN_BIN_TYPE.transfer)).toBe('returnToVendor');
    expect(RETURN_BIN_TYPE).toEqual({ group: 2, transfer: 12 });
  });

  it.each([
    [bin(), 2],
    [bin({ warehouseBinTypeId: 1, chaosZone: 1 }), 2],
    [bin({ warehouseBinTypeId: 4, chaosBin: 'T01' }), 12],
    [bin({ warehouseDivisionTypeId: 12 }), 12],
    [bin({ isActive: 0 }), null],
    [bin({ level: 'shelf' }), null],
  ])('%o has return bin type %j', (division, type) => {
    expect(returnBinTypeOf(division)).toBe(type);
  });

  it('refuses what is not an active bin, in words', () => {
    expect(binRefusal({ ...bin({ level: 'shelf' }), barcode: 'MAIN-01AA01AA' })).toBe(
      'MAIN-01AA01AA is a shelf: scan a bin.',
    );
    expect(binRefusal({ ...bin({ isActive: 0 }), barcode: 'MAIN-VIRTUAL-R01' })).toBe(
      'MAIN-VIRTUAL-R01 is not active.',
    );
    expect(binRefusal({ ...bin(), barcode: 'MAIN-VIRTUAL-R01' })).toBeNull();
  });

  it('the virtual-return case offers only New; any other bin only conditions above 1', () => {
    expect(isVirtualLocation({ chaosZone: null, chaosBin: null })).toBe(true);
    expect(isVirtualLocation({ chaosZone: null, chaosBin: 'R01' })).toBe(false);
    expect(offeredConditions({ chaosZone: null, chaosBin: null }).map((c) => c.id)).toEqual([1]);
    expect(offeredConditions({ chaosZone: null, chaosBin: 'R01' }).map((c) => c.id)).toEqual([
      5, 8, 10, 15, 20, 25, 30, 35,
    ]);
  });

  it('names the return bin and the virtual bin as §9 says', () => {
    expect(returnBinName(42)).toBe('Inbound Return #42');
    expect(virtualBinBarcode(' main ')).toBe('MAIN-VIRTUAL');
  });

  it.each([
    [{ inboundReturnItemStatusId: 1, quantity: 2, quantityReceived: 1 }, 'productCondition', 10],
    [{ inboundReturnItemStatusId: 15, quantity: 2, quantityReceived: 2 }, 'productCondition', 15],
    [{ inboundReturnItemStatusId: 10, quantity: 2, quantityReceived: 1 }, 'returnToVendor', 10],
    [{ inboundReturnItemStatusId: 10, quantity: 2, quantityReceived: 2 }, 'returnToVendor', 25],
  ] as const)('after a receipt %o (%s) the item has status %i', (item, disposition, status) => {
    expect(statusAfterReceipt(item, disposition)).toBe(status);
  });
});

describe('texts (returns.md §8)', () => {
  it('words the refusals and toasts as the catalogue does', () => {
    expect(invalidDivisionMessage('Main Warehouse')).toBe(
      'Invalid Division: Not in Warehouse Main Warehouse',
    );
    expect(noItemFoundMessage('123')).toBe('No item found with barcode matching: 123.');
    expect(RETURN_TEXTS.printedPgu).toBe('Printed PGU');
    expect(RETURN_TEXTS.placePguInPurgatory).toBe('Place the PGU in Purgatory');
    expect(RETURN_TEXTS.printReturnLabelError).toBe('Error Printing Inbound Return Label');
    expect(RETURN_TEXTS.saveError).toBe('Error Saving Inbound Return');
  });
});

describe('marketplaceListingLink', () => {
  it('links the listing on its marketplace by SKU, else the product', () => {
    expect(marketplaceListingLink(1, 'AB 1', 5)?.href).toBe(
      'https://sellercentral.amazon.com/skucentral?mSku=AB%201',
    );
    expect(marketplaceListingLink(2, 'X', 5)?.href).toBe('https://www.ebay.com/sh/lst/active?keyword=X');
    expect(marketplaceListingLink(14, 'X', 5)?.href).toBe('https://reverb.com/my/selling/listings?query=X');
    expect(marketplaceListingLink(99, 'X', 5)).toEqual({
      href: '/manage/products?productIds=5',
      label: 'Product',
      isExternal: false,
    });
    expect(marketplaceListingLink(1, null, null)).toBeNull();
  });
});
