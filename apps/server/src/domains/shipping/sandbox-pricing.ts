// The sandbox carrier's tariff: deterministic prices from weight, size (dimensional weight) and distance
// (zones from the postal codes), and delivery dates from each service's days in transit. Pure functions.
import type { CarrierAddress, CarrierParcel } from './carrier';

export interface SandboxService {
  carrier: 'USPS' | 'UPS' | 'FedEx';
  /** As the carrier's API names it (EasyPost's service names). */
  service: string;
  /** Price of the first pound in zone 1, and what each further pound and zone adds, in cents. */
  baseCents: number;
  perPoundCents: number;
  perZoneCents: number;
  /** Business days in transit for zones 1-9 (9: Alaska, Hawaii, territories and abroad). */
  days: readonly [number, number, number, number, number, number, number, number, number];
  /** Largest billable parcel: pounds, and length plus girth in inches. */
  maxPounds: number;
  maxLengthPlusGirth: number;
  /** Cubic inches per pound of dimensional weight, and the volume above which it applies (0: always). */
  dimDivisor: number;
  dimFromCubicInches: number;
  /** Tracking number parts: UPS service code, USPS service type code, FedEx 5-digit service code. */
  trackingCode: string;
}

const USPS_DIM = { dimDivisor: 166, dimFromCubicInches: 1728 };
const UPS_FEDEX_DIM = { dimDivisor: 139, dimFromCubicInches: 0 };

export const SANDBOX_SERVICES: readonly SandboxService[] = [
  {
    carrier: 'USPS',
    service: 'GroundAdvantage',
    baseCents: 545,
    perPoundCents: 62,
    perZoneCents: 41,
    days: [2, 2, 3, 3, 4, 4, 5, 5, 7],
    maxPounds: 70,
    maxLengthPlusGirth: 130,
    ...USPS_DIM,
    trackingCode: '001',
  },
  {
    carrier: 'USPS',
    service: 'Priority',
    baseCents: 895,
    perPoundCents: 96,
    perZoneCents: 73,
    days: [1, 1, 2, 2, 2, 3, 3, 3, 5],
    maxPounds: 70,
    maxLengthPlusGirth: 108,
    ...USPS_DIM,
    trackingCode: '055',
  },
  {
    carrier: 'USPS',
    service: 'Express',
    baseCents: 2875,
    perPoundCents: 215,
    perZoneCents: 190,
    days: [1, 1, 1, 1, 2, 2, 2, 2, 3],
    maxPounds: 70,
    maxLengthPlusGirth: 108,
    ...USPS_DIM,
    trackingCode: '701',
  },
  // Hidden by the rate rules ('Envelope'), offered as a real carrier would.
  {
    carrier: 'USPS',
    service: 'PriorityMailFlatRateEnvelope',
    baseCents: 995,
    perPoundCents: 0,
    perZoneCents: 0,
    days: [1, 1, 2, 2, 2, 3, 3, 3, 5],
    maxPounds: 4,
    maxLengthPlusGirth: 40,
    ...USPS_DIM,
    trackingCode: '055',
  },
  {
    carrier: 'UPS',
    service: 'Ground',
    baseCents: 1025,
    perPoundCents: 71,
    perZoneCents: 58,
    days: [1, 2, 2, 3, 3, 4, 4, 5, 7],
    maxPounds: 150,
    maxLengthPlusGirth: 165,
    ...UPS_FEDEX_DIM,
    trackingCode: '03',
  },
  {
    carrier: 'UPS',
    service: '2ndDayAir',
    baseCents: 2140,
    perPoundCents: 188,
    perZoneCents: 166,
    days: [2, 2, 2, 2, 2, 2, 2, 2, 3],
    maxPounds: 150,
    maxLengthPlusGirth: 165,
    ...UPS_FEDEX_DIM,
    trackingCode: '02',
  },
  {
    carrier: 'UPS',
    service: 'NextDayAir',
    baseCents: 4560,
    perPoundCents: 342,
    perZoneCents: 310,
    days: [1, 1, 1, 1, 1, 1, 1, 1, 2],
    maxPounds: 150,
    maxLengthPlusGirth: 165,
    ...UPS_FEDEX_DIM,
    trackingCode: '01',
  },
  {
    carrier: 'FedEx',
    service: 'FEDEX_GROUND',
    baseCents: 1010,
    perPoundCents: 69,
    perZoneCents: 60,
    days: [1, 2, 2, 3, 3, 4, 4, 5, 7],
    maxPounds: 150,
    maxLengthPlusGirth: 165,
    ...UPS_FEDEX_DIM,
    trackingCode: '12019',
  },
  {
    carrier: 'FedEx',
    service: 'FEDEX_2_DAY',
    baseCents: 2095,
    perPoundCents: 181,
    perZoneCents: 160,
    days: [2, 2, 2, 2, 2, 2, 2, 2, 3],
    maxPounds: 150,
    maxLengthPlusGirth: 165,
    ...UPS_FEDEX_DIM,
    trackingCode: '12029',
  },
  {
    carrier: 'FedEx',
    service: 'STANDARD_OVERNIGHT',
    baseCents: 4490,
    perPoundCents: 336,
    perZoneCents: 305,
    days: [1, 1, 1, 1, 1, 1, 1, 1, 2],
    maxPounds: 150,
    maxLengthPlusGirth: 165,
    ...UPS_FEDEX_DIM,
    trackingCode: '12005',
  },
];

/** Rough centre (latitude, longitude) of each ZIP code's first-digit region, for distances between regions. */
const ZIP_REGION_CENTRES: readonly [number, number][] = [
  [42.5, -72.0], // 0 New England, New Jersey, Puerto Rico
  [41.5, -76.5], // 1 New York, Pennsylvania, Delaware
  [37.5, -78.5], // 2 DC, Maryland, Virginia, the Carolinas
  [32.5, -84.5], // 3 Georgia, Florida, Alabama, Tennessee, Mississippi
  [40.0, -85.0], // 4 Indiana, Kentucky, Michigan, Ohio
  [44.5, -94.5], // 5 Iowa, Minnesota, Montana, the Dakotas, Wisconsin
  [39.5, -93.0], // 6 Illinois, Kansas, Missouri, Nebraska
  [32.0, -97.0], // 7 Arkansas, Louisiana, Oklahoma, Texas
  [39.5, -109.0], // 8 Mountain states
  [39.0, -121.0], // 9 Pacific states
];

/** Alaska, Hawaii and the Pacific and Caribbean territories: zone 9 from anywhere. */
const FAR_ZIP_PREFIXES = /^(00[6-9]|96[7-9]|99[5-9])/;

function milesBetween([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 3959 * 2 * Math.asin(Math.sqrt(a));
}

const usZip = (address: Pick<CarrierAddress, 'postalCode' | 'country'>) => {
  const zip = address.postalCode.replace(/\D/g, '');
  return address.country.toUpperCase() === 'US' && zip.length >= 5 ? zip.slice(0, 5) : null;
};

/**
 * The zone (1-9) between two addresses, by ZIP prefix: 1 within a 3-digit prefix, 2-3 within a first-digit
 * region, 2-8 by distance between regions, 9 to or from Alaska, Hawaii, the territories or abroad.
 */
export function sandboxZone(
  from: Pick<CarrierAddress, 'postalCode' | 'country'>,
  to: Pick<CarrierAddress, 'postalCode' | 'country'>,
): number {
  const a = usZip(from);
  const b = usZip(to);
  if (!a || !b || FAR_ZIP_PREFIXES.test(a) || FAR_ZIP_PREFIXES.test(b)) return 9;
  if (a.slice(0, 3) === b.slice(0, 3)) return 1;
  if (a[0] === b[0]) return Math.abs(Number(a.slice(0, 3)) - Number(b.slice(0, 3))) < 30 ? 2 : 3;
  const miles = milesBetween(ZIP_REGION_CENTRES[Number(a[0])]!, ZIP_REGION_CENTRES[Number(b[0])]!);
  const limits = [150, 300, 600, 1000, 1400, 1800];
  const index = limits.findIndex((limit) => miles <= limit);
  return index === -1 ? 8 : index + 2;
}

/** Whole pounds billed for a parcel: its weight or its dimensional weight, whichever is more, rounded up. */
export function billablePounds(
  parcel: CarrierParcel,
  service: Pick<SandboxService, 'dimDivisor' | 'dimFromCubicInches'>,
): number {
  const actual = parcel.weightOunce / 16;
  const volume = parcel.lengthInch * parcel.widthInch * parcel.heightInch;
  const dimensional = volume > service.dimFromCubicInches ? volume / service.dimDivisor : 0;
  return Math.max(1, Math.ceil(Math.max(actual, dimensional) - 1e-9));
}

/** Longest side plus twice the other two (the girth). */
export function lengthPlusGirth(parcel: CarrierParcel): number {
  const [longest, ...others] = [parcel.lengthInch, parcel.widthInch, parcel.heightInch].sort((x, y) => y - x);
  return longest! + 2 * (others[0]! + others[1]!);
}

/** Whether the service carries the parcel at all (weight and size limits). */
export function serviceTakes(service: SandboxService, parcel: CarrierParcel): boolean {
  return (
    parcel.weightOunce / 16 <= service.maxPounds && lengthPlusGirth(parcel) <= service.maxLengthPlusGirth
  );
}

/** The price of one parcel by a service in a zone, in cents. */
export function parcelPriceCents(service: SandboxService, parcel: CarrierParcel, zone: number): number {
  const pounds = billablePounds(parcel, service);
  const perPound = service.perPoundCents * (1 + 0.12 * (zone - 1));
  return Math.round(service.baseCents + (pounds - 1) * perPound + (zone - 1) * service.perZoneCents);
}

/** `days` business days (Monday to Friday) after `from`, as a date (UTC). */
export function addBusinessDays(from: Date, days: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date;
}

/** The delivery date a rate promises: noon UTC, so it is the same calendar day in every US time zone. */
export function deliveryDateOf(shippedAt: Date, days: number): string {
  const date = addBusinessDays(shippedAt, days);
  date.setUTCHours(12);
  return date.toISOString().replace('.000Z', 'Z');
}

/** Insurance: $1.00 per $100 insured (or part of it), none when nothing is insured. */
export function insuranceFeeCents(insuredCents: number): number {
  return insuredCents > 0 ? Math.ceil(insuredCents / 10000) * 100 : 0;
}
