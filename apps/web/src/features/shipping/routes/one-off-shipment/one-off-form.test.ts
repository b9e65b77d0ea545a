import type { OneOffShipmentDto, ProviderRate } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import {
  emptyParcel,
  labelPurchasedText,
  missingAddressFields,
  oneOffControls,
  parcelErrors,
  sortedRates,
  toOneOffAddress,
  voidedText,
} from './one-off-form';

const rate = (id: string, price: string): ProviderRate => ({
  id,
  carrier: 'USPS',
  service: id,
  rate: price,
  delivery_date: null,
  delivery_days: null,
});

const shipment = (tracking: string | null): OneOffShipmentDto => ({
  id: 'shp_1',
  oneOffShipmentId: 1,
  tracking_code: tracking,
  rates: [rate('a', '9.10'), rate('b', '10.05')],
  postage_label: tracking ? { label_pdf_url: '/l.pdf', label_zpl_url: '/l.zpl' } : null,
});

describe('one-off shipment texts (catalogue-admin.md §8)', () => {
  it('says the fee and the void word for word', () => {
    expect(labelPurchasedText(12.5)).toBe('Label Purchased with total Fee: $12.50');
    expect(voidedText('shp_abc')).toBe('Voided Shipment shp_abc: Refund Requested.');
  });
});

describe('sortedRates', () => {
  it('sorts by the numeric rate, not the text', () => {
    expect(
      sortedRates([rate('x', '10.05'), rate('y', '9.10'), rate('z', '100.00')]).map((r) => r.id),
    ).toEqual(['y', 'x', 'z']);
  });
});

describe('parcelErrors (§5, §9)', () => {
  it('marks an empty new parcel in every input', () => {
    expect(parcelErrors(emptyParcel(1))).toEqual({ width: true, height: true, length: true, weight: true });
  });
  it('takes the bounds themselves and refuses just outside them', () => {
    const ok = { name: 'P', width: 0.1, height: 100, length: 12, weight: 0.05 };
    expect(parcelErrors(ok)).toEqual({ width: false, height: false, length: false, weight: false });
    expect(parcelErrors({ ...ok, width: 0.09, height: 100.1, weight: 0.04 })).toEqual({
      width: true,
      height: true,
      length: false,
      weight: true,
    });
    expect(parcelErrors({ ...ok, weight: 150 }).weight).toBe(false);
    expect(parcelErrors({ ...ok, weight: 150.01 }).weight).toBe(true);
    expect(parcelErrors({ ...ok, length: null }).length).toBe(true);
  });
});

describe('addresses', () => {
  it('names what is missing: a name or a company, line 1, city, state and postal code', () => {
    expect(missingAddressFields({ country: 'US', countryId: 1 })).toEqual([
      'name',
      'company',
      'addressLine1',
      'city',
      'state',
      'postalCode',
    ]);
    expect(
      missingAddressFields({
        company: 'Co',
        addressLine1: '1 Main',
        city: 'Reno',
        stateId: 28,
        postalCode: '89501',
      }),
    ).toEqual([]);
    // A state typed but not chosen from the list has no id: still missing.
    expect(
      missingAddressFields({ name: 'A', addressLine1: '1', city: 'c', state: 'NV', postalCode: '1' }),
    ).toEqual(['state']);
  });
  it('sends the spec fields, blanks as null', () => {
    expect(
      toOneOffAddress({
        name: ' Ann ',
        company: '',
        addressLine1: '1 Main',
        city: 'Reno',
        stateId: 28,
        state: 'NV',
      }),
    ).toEqual({
      name: 'Ann',
      company: null,
      addressLine1: '1 Main',
      addressLine2: null,
      city: 'Reno',
      stateId: 28,
      postalCode: null,
      country: null,
      phone: null,
      email: null,
    });
  });
});

describe('oneOffControls (§4.7, §5)', () => {
  it('allows nothing but rating before there are rates', () => {
    expect(oneOffControls({ shipment: null, rateId: null, loading: false })).toMatchObject({
      purchased: false,
      canChooseRate: false,
      canInsure: false,
      canBuy: false,
      canVoid: false,
      canDownload: false,
      canPrint: false,
    });
  });
  it('insures and buys only once a rate of the shipment is chosen', () => {
    expect(oneOffControls({ shipment: shipment(null), rateId: null, loading: false })).toMatchObject({
      canChooseRate: true,
      canInsure: false,
      canBuy: false,
    });
    expect(oneOffControls({ shipment: shipment(null), rateId: 'gone', loading: false }).canBuy).toBe(false);
    expect(oneOffControls({ shipment: shipment(null), rateId: 'a', loading: false })).toMatchObject({
      canInsure: true,
      canBuy: true,
      canVoid: false,
    });
    expect(oneOffControls({ shipment: shipment(null), rateId: 'a', loading: true }).canBuy).toBe(false);
  });
  it('locks the radios and the insured value once a tracking code is there, and opens void, download, print', () => {
    expect(
      oneOffControls({ shipment: shipment('9400100000000000000000'), rateId: 'a', loading: false }),
    ).toEqual({
      purchased: true,
      canChooseRate: false,
      canInsure: false,
      canBuy: false,
      canVoid: true,
      canDownload: true,
      canPrint: true,
    });
  });
});
