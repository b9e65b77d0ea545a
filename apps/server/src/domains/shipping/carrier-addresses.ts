import { DEFAULT_COUNTRY_CODE } from '@backroom/shared';
import type { addresses, warehouses } from '../../db/schema';
import type { CarrierAddress } from './carrier';

// Backroom's addresses as a carrier takes them (CarrierAddress): an order's or a return's address record, and
// a warehouse's own address (the "from" of an order shipment, the "to" of a return label).

const orNull = (value: string | null | undefined) => (value && value.trim() !== '' ? value.trim() : null);

type AddressRow = typeof addresses.$inferSelect;
/** The fields of an address record a carrier reads. */
export type AddressLike = Pick<
  AddressRow,
  | 'name'
  | 'company'
  | 'addressLine1'
  | 'addressLine2'
  | 'addressLine3'
  | 'city'
  | 'stateOrProvidence'
  | 'postalCode'
  | 'country'
  | 'email'
> &
  Partial<Pick<AddressRow, 'phoneHome' | 'phoneCell' | 'phoneWork'>>;

/** An address record (orders-warehouse.md §3 Address): the state's code is its stateOrProvidence. */
export function carrierAddressOf(address: AddressLike): CarrierAddress {
  return {
    name: orNull(address.name),
    company: orNull(address.company),
    street1: address.addressLine1?.trim() ?? '',
    street2: orNull([address.addressLine2, address.addressLine3].filter(Boolean).join(', ')),
    city: address.city?.trim() ?? '',
    state: address.stateOrProvidence?.trim() ?? '',
    postalCode: address.postalCode?.trim() ?? '',
    country: address.country || DEFAULT_COUNTRY_CODE,
    phone: orNull(address.phoneWork ?? address.phoneCell ?? address.phoneHome),
    email: orNull(address.email),
  };
}

/** A warehouse's address, in its company's name (else the warehouse's). */
export function warehouseCarrierAddress(warehouse: typeof warehouses.$inferSelect): CarrierAddress {
  return {
    name: orNull(warehouse.company) ?? warehouse.name,
    company: orNull(warehouse.company),
    street1: warehouse.addressLine1?.trim() ?? '',
    street2: orNull([warehouse.addressLine2, warehouse.addressLine3].filter(Boolean).join(', ')),
    city: warehouse.city?.trim() ?? '',
    state: warehouse.stateOrProvidence?.trim() ?? '',
    postalCode: warehouse.postalCode?.trim() ?? '',
    country: warehouse.country || DEFAULT_COUNTRY_CODE,
    phone: orNull(warehouse.phoneWork ?? warehouse.phoneCell ?? warehouse.phoneHome),
    email: orNull(warehouse.email),
  };
}

/** A warehouse's address as the §5 address rule reads it (the same fields as an address record). */
export function warehouseAddressSubject(warehouse: typeof warehouses.$inferSelect) {
  return {
    addressLine1: warehouse.addressLine1,
    city: warehouse.city,
    postalCode: warehouse.postalCode,
    stateId: warehouse.stateId,
    stateOrProvidence: warehouse.stateOrProvidence,
    countryId: warehouse.countryId,
    country: warehouse.country,
  };
}
