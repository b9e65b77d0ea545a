import type { ShippingAddressDto } from '@backroom/shared';
import { formatMoney, formatPhone, toCents } from '@backroom/shared';

/** Dollars as the API sends them (a number) shown as '$1,234.50'; a missing amount as '—'. */
export function dollars(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '—' : formatMoney(toCents(value));
}

/** §9 "Package weight in the order detail is shown in pounds (ounces divided by 16, rounded to 2 decimals)". */
export function poundsOf(ounces: number | null | undefined): string {
  return `${((ounces ?? 0) / 16).toFixed(2)} lb`;
}

/** '12 × 9 × 6 in': a package's size, or '' when it has none. */
export function packageSize(size: { length: number; width: number; height: number }): string {
  const sides = [size.length, size.width, size.height];
  return sides.every((side) => side > 0)
    ? `${sides.map((side) => Number(side.toFixed(2))).join(' × ')} in`
    : '';
}

/** Any part of an address as replies carry it (shippingAddressSchema). */
export type AddressParts = Partial<ShippingAddressDto>;

/**
 * An address as the lines a label would print: name, company, street lines, 'City, ST 78701', country
 * (left out for US), then the e-mail and first phone. Empty parts leave no blank line.
 */
export function addressLines(address: AddressParts | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [[address.city, address.stateOrProvidence].filter(Boolean).join(', '), address.postalCode]
    .filter(Boolean)
    .join(' ');
  const phone = address.phoneHome || address.phoneCell || address.phoneWork;
  return [
    address.name,
    address.company,
    address.addressLine1,
    address.addressLine2,
    address.addressLine3,
    cityLine,
    address.country && address.country !== 'US' ? address.country : null,
    address.email,
    phone ? formatPhone(phone) : null,
  ]
    .map((line) => line?.trim())
    .filter((line): line is string => Boolean(line));
}

/** An address on one line (the shipments table): street, city, state and zip. */
export function addressOneLine(address: AddressParts | null | undefined): string {
  if (!address) return '';
  return [
    address.addressLine1,
    address.city,
    [address.stateOrProvidence, address.postalCode].filter(Boolean).join(' '),
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** 'Ava Nguyen'; an order without a customer shows '—'. */
export function customerName(customer: { firstName?: string | null; lastName?: string | null } | null) {
  const name = [customer?.firstName, customer?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || '—';
}
