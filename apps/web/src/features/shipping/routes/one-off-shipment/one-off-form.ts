import {
  type AddressFieldKey,
  DEFAULT_COUNTRY_CODE,
  DEFAULT_COUNTRY_ID,
  ONE_OFF_PARCEL,
  type OneOffAddressInput,
  type OneOffParcelInput,
  type OneOffShipmentDto,
  oneOffParcelProblem,
  type ProviderRate,
  type Warehouse,
} from '@backroom/shared';
import type { AddressEditorValue } from '../../../../components/address-editor';
import { whyNot } from '../../../../lib/why-not';

// The one-off manual shipment screen's rules that are not drawing (catalogue-admin.md §2.12, §4.7, §5, §8, §9).

/** 'Label Purchased with total Fee: ${totalFee}' (§8), the fee in dollars and cents. */
export const labelPurchasedText = (totalFee: number) =>
  `Label Purchased with total Fee: $${totalFee.toFixed(2)}`;

/** 'Voided Shipment {id}: Refund Requested.' (§8), shown when totalRefund is present. */
export const voidedText = (id: string) => `Voided Shipment ${id}: Refund Requested.`;

/** An address starts in the spec's default country, US (orders-warehouse.md §9). */
export const emptyAddress = (): AddressEditorValue => ({
  country: DEFAULT_COUNTRY_CODE,
  countryId: DEFAULT_COUNTRY_ID,
});

/** A parcel row: sides in inches, weight in pounds; null while the input is empty. */
export interface ParcelRow {
  name: string;
  width: number | null;
  height: number | null;
  length: number | null;
  weight: number | null;
}

export const emptyParcel = (n: number): ParcelRow => ({
  name: `Package ${n}`,
  width: 0,
  height: 0,
  length: 0,
  weight: 0,
});

/** Ship From as the chosen warehouse gives it (§2.12 "the warehouse picker fills it"). */
export function warehouseAddress(w: Warehouse): AddressEditorValue {
  return {
    name: w.company ? null : w.name,
    company: w.company ?? null,
    addressLine1: w.addressLine1,
    addressLine2: w.addressLine2,
    city: w.city,
    state: w.stateOrProvidence,
    stateId: w.stateId,
    postalCode: w.postalCode,
    country: w.country || DEFAULT_COUNTRY_CODE,
    countryId: w.countryId || DEFAULT_COUNTRY_ID,
    phone: w.phoneWork,
    email: w.email,
  };
}

const orNull = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/** The call's address (§3 One-off shipment: name, company, addressLine1, city, stateId, postalCode, phone). */
export function toOneOffAddress(a: AddressEditorValue): OneOffAddressInput {
  return {
    name: orNull(a.name),
    company: orNull(a.company),
    addressLine1: orNull(a.addressLine1),
    addressLine2: orNull(a.addressLine2),
    city: orNull(a.city),
    stateId: a.stateId ?? null,
    postalCode: orNull(a.postalCode),
    country: orNull(a.country),
    phone: orNull(a.phone),
    email: orNull(a.email),
  };
}

/** What an address still needs to be valid (§5): marked on the editor. */
export function missingAddressFields(a: AddressEditorValue): AddressFieldKey[] {
  const missing: AddressFieldKey[] = [];
  if (!orNull(a.name) && !orNull(a.company)) missing.push('name', 'company');
  if (!orNull(a.addressLine1)) missing.push('addressLine1');
  if (!orNull(a.city)) missing.push('city');
  if (!a.stateId) missing.push('state');
  if (!orNull(a.postalCode)) missing.push('postalCode');
  return missing;
}

export function toOneOffParcel(p: ParcelRow): OneOffParcelInput {
  return {
    name: orNull(p.name),
    width: p.width ?? 0,
    height: p.height ?? 0,
    length: p.length ?? 0,
    weight: p.weight ?? 0,
  };
}

/** Which inputs of a parcel show the danger style: the §5 rule and the §9 bounds. */
export function parcelErrors(p: ParcelRow): Record<'width' | 'height' | 'length' | 'weight', boolean> {
  const { minDimensionInch, maxDimensionInch, minWeightPounds, maxWeightPounds } = ONE_OFF_PARCEL;
  const side = (v: number | null) => v === null || v === 0 || v < minDimensionInch || v > maxDimensionInch;
  return {
    width: side(p.width),
    height: side(p.height),
    length: side(p.length),
    weight: p.weight === null || p.weight < minWeightPounds || p.weight > maxWeightPounds,
  };
}

export const isValidParcel = (p: ParcelRow) => oneOffParcelProblem(toOneOffParcel(p)) === null;

/** "Rates sorted ascending by numeric rate" (§4.7). */
export function sortedRates(rates: readonly ProviderRate[]): ProviderRate[] {
  return [...rates].sort((a, b) => Number(a.rate) - Number(b.rate));
}

/** What the Rates panel allows (§4.7, §5): buy and void only in their states, radios lock once bought. */
export function oneOffControls(input: {
  shipment: OneOffShipmentDto | null;
  rateId: string | null;
  loading: boolean;
}) {
  const { shipment, rateId, loading } = input;
  // "The label counts as purchased when a tracking code is present."
  const purchased = !!shipment?.tracking_code;
  const rateChosen = !!rateId && !!shipment?.rates.some((r) => r.id === rateId);
  return {
    purchased,
    canChooseRate: !!shipment && !purchased && !loading,
    canInsure: rateChosen && !purchased && !loading,
    canBuy: rateChosen && !purchased && !loading,
    canVoid: purchased && !loading,
    canDownload: purchased && !!shipment?.postage_label?.label_pdf_url,
    canPrint: purchased && !loading,
  };
}

/**
 * Why each of the Rates panel's buttons cannot be used now (issue 19 §2), or null when it can: the rules of
 * oneOffControls in words. A request under way is a moment's wait, shown by the busy button's spinner.
 */
export function oneOffReasons(input: {
  shipment: OneOffShipmentDto | null;
  rateId: string | null;
  /** Both addresses and every package are complete (canCalculateOneOffRates). */
  complete: boolean;
  printerName: string | null;
}) {
  const { shipment, rateId, complete, printerName } = input;
  const purchased = !!shipment?.tracking_code;
  const rateChosen = !!rateId && !!shipment?.rates.some((r) => r.id === rateId);
  const bought = 'The label is bought: void it or start a New Shipment to change the shipment';
  const notBought = 'No label is bought yet';
  return {
    calculate: whyNot(
      [purchased, bought],
      [!complete, 'Fill in both addresses and each package’s weight and sides first'],
    ),
    buy: whyNot(
      [purchased, 'The label is already bought'],
      [!shipment, 'Calculate Rates first'],
      [!rateChosen, 'Choose a rate first'],
    ),
    void: whyNot([!purchased, notBought]),
    download: whyNot(
      [!purchased, notBought],
      [!shipment?.postage_label?.label_pdf_url, 'The carrier gave no PDF for this label'],
    ),
    print: whyNot(
      [!purchased, notBought],
      [!printerName, 'No Shipping Label printer is chosen: pick one in Printer Settings'],
    ),
  };
}
