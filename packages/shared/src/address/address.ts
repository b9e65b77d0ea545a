/** "A phone with ten digits shows as (xxx) xxx-xxxx" (orders-warehouse.md §Shared widgets); anything else as typed. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** The inline address editor's fields, in display order. */
export const ADDRESS_FIELDS = [
  { key: 'name', label: 'Name' },
  { key: 'company', label: 'Company', onlyWhenFilled: true },
  { key: 'addressLine1', label: 'Address line 1' },
  { key: 'addressLine2', label: 'Address line 2', onlyWhenFilled: true },
  { key: 'addressLine3', label: 'Address line 3', onlyWhenFilled: true },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'postalCode', label: 'Zip code' },
  { key: 'country', label: 'Country' },
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
] as const;
export type AddressFieldKey = (typeof ADDRESS_FIELDS)[number]['key'];
export type AddressValue = Partial<Record<AddressFieldKey, string | null>>;
