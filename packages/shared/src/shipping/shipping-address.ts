// The address a shipment can be rated to (orders-warehouse.md §5 "Address for shipping").

export interface ShippingAddressFields {
  addressLine1?: string | null;
  city?: string | null;
  postalCode?: string | null;
  stateId?: number | null;
  /** The state's code ('TX'), as the address or its state record has it. */
  stateCode?: string | null;
  countryId?: number | null;
  /** The country's code ('US'). */
  countryCode?: string | null;
}

export type ShippingAddressField = keyof ShippingAddressFields;

const present = (value: string | null | undefined) => !!value && value.trim() !== '';
const chosen = (id: number | null | undefined) => id != null && id > 0;

/**
 * "Address line 1, city and postal code are required. A state (id and code) and a country (id and code) are
 * also required." The fields that are missing, in that order; none when the address can be shipped to.
 */
export function shippingAddressProblems(address: ShippingAddressFields): ShippingAddressField[] {
  const problems: ShippingAddressField[] = [];
  if (!present(address.addressLine1)) problems.push('addressLine1');
  if (!present(address.city)) problems.push('city');
  if (!present(address.postalCode)) problems.push('postalCode');
  if (!chosen(address.stateId)) problems.push('stateId');
  if (!present(address.stateCode)) problems.push('stateCode');
  if (!chosen(address.countryId)) problems.push('countryId');
  if (!present(address.countryCode)) problems.push('countryCode');
  return problems;
}

export function isValidShippingAddress(address: ShippingAddressFields): boolean {
  return shippingAddressProblems(address).length === 0;
}
