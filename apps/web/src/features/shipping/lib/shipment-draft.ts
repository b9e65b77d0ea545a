import {
  DELIVERY_TYPE,
  type OrderShipmentDto,
  type OrderShipmentPatch,
  OUNCES_PER_POUND,
  type ParsedScan,
  parseScan,
  type ShipmentSubject,
} from '@backroom/shared';

// The shipment control's working copy (orders-warehouse.md §Order item and shipment screens, §5 Package):
// what the packer has chosen and typed before it is announced to the server. Weights are kept in ounces as
// stored; the control shows and takes pounds. The §4/§5 rules themselves are the shared ones
// (shipment-flags.ts, package-rules.ts), applied to `subjectOf(shipment, draft)`.

export interface PackageDraft {
  warehousePackagingId: number | null;
  packageLengthInch: number | null;
  packageWidthInch: number | null;
  packageHeightInch: number | null;
  packageWeightOunce: number | null;
  isTrainingShipment: 0 | 1;
}

export type PackageField = Exclude<keyof PackageDraft, 'isTrainingShipment' | 'warehousePackagingId'>;

/** The database keeps 2 decimals of inches and ounces: the copy does too, so it compares equal once saved. */
export const round2 = (value: number) => Math.round(value * 100) / 100;

const positiveOrNull = (value: number | null | undefined) =>
  value === null || value === undefined || !(value > 0) ? null : round2(value);

/** Pounds as the control shows them: ounces / 16, 2 decimals. */
export const poundsFromOunces = (ounces: number | null) =>
  ounces === null ? null : round2(ounces / OUNCES_PER_POUND);

/** What the control stores for the pounds typed: × 16. */
export const ouncesFromPounds = (pounds: number | null) =>
  pounds === null || !Number.isFinite(pounds) ? null : round2(pounds * OUNCES_PER_POUND);

export function draftOf(shipment: OrderShipmentDto): PackageDraft {
  return {
    warehousePackagingId: shipment.warehousePackagingId,
    packageLengthInch: positiveOrNull(shipment.packageLengthInch),
    packageWidthInch: positiveOrNull(shipment.packageWidthInch),
    packageHeightInch: positiveOrNull(shipment.packageHeightInch),
    packageWeightOunce: positiveOrNull(shipment.packageWeightOunce),
    isTrainingShipment: shipment.isTrainingShipment === 1 ? 1 : 0,
  };
}

/** A box of the account's packaging, as the dropdown offers it. */
export interface PackagingBox {
  id: number;
  commonName: string;
  packageLengthInch: number;
  packageWidthInch: number;
  packageHeightInch: number;
}

/** Choosing a box fills its three sides (the server does the same when it saves the choice). */
export function withBox(draft: PackageDraft, box: PackagingBox): PackageDraft {
  if (draft.warehousePackagingId === box.id) return draft;
  return {
    ...draft,
    warehousePackagingId: box.id,
    packageLengthInch: positiveOrNull(box.packageLengthInch),
    packageWidthInch: positiveOrNull(box.packageWidthInch),
    packageHeightInch: positiveOrNull(box.packageHeightInch),
  };
}

type PackageChanges = Pick<
  OrderShipmentPatch,
  | 'warehousePackagingId'
  | 'packageLengthInch'
  | 'packageWidthInch'
  | 'packageHeightInch'
  | 'packageWeightOunce'
  | 'isTrainingShipment'
>;

/**
 * What the draft changes of the saved shipment, as PATCH …/shipments takes it; null when nothing. An emptied
 * side or weight is not sent (the server keeps a value it is not given): the control shows it as an error.
 */
export function draftChanges(draft: PackageDraft, shipment: OrderShipmentDto): PackageChanges | null {
  const saved = draftOf(shipment);
  const changes: PackageChanges = {};
  if (draft.warehousePackagingId !== saved.warehousePackagingId)
    changes.warehousePackagingId = draft.warehousePackagingId;
  for (const field of [
    'packageLengthInch',
    'packageWidthInch',
    'packageHeightInch',
    'packageWeightOunce',
  ] as const) {
    const value = draft[field];
    if (value !== null && value !== saved[field]) changes[field] = value;
  }
  if (draft.isTrainingShipment !== saved.isTrainingShipment)
    changes.isTrainingShipment = draft.isTrainingShipment;
  return Object.keys(changes).length ? changes : null;
}

/** The shipment as the shared §4 rules read it, with the draft's package in place of the saved one. */
export function subjectOf(shipment: OrderShipmentDto, draft: PackageDraft): ShipmentSubject {
  return {
    ...shipment,
    ...draft,
    items: shipment.items,
    address: shipment.address,
  };
}

/**
 * An external shipment: one whose label was not bought here (the channel fulfils it, FBA, or its tracking
 * numbers were entered with Mark Shipped). The packaging dropdown is hidden for it and it cannot be rated.
 */
export function isExternalShipment(shipment: OrderShipmentDto, order?: { isFBA?: number | null }): boolean {
  if (order?.isFBA === 1) return true;
  return shipment.label === null && Boolean(shipment.trackingNumber);
}

/** A shipment still at the bench: not voided, and no label bought (here or elsewhere). */
export function isOpenShipment(shipment: OrderShipmentDto): boolean {
  return (
    shipment.isVoided !== 1 &&
    shipment.isPurchased !== 1 &&
    shipment.isShipped !== 1 &&
    !shipment.trackingNumber &&
    shipment.rateState === 'unshipped'
  );
}

/** Units of the order that no shipment (but a voided one) holds yet. */
export function unshippedUnits(
  items: readonly { productId: number | null; quantityOrdered: number }[],
  shipments: readonly OrderShipmentDto[],
): number {
  const inShipments = new Map<number | null, number>();
  for (const shipment of shipments) {
    if (shipment.isVoided === 1) continue;
    for (const item of shipment.items)
      inShipments.set(item.productId, (inShipments.get(item.productId) ?? 0) + item.quantity);
  }
  const ordered = new Map<number | null, number>();
  for (const item of items)
    ordered.set(item.productId, (ordered.get(item.productId) ?? 0) + item.quantityOrdered);
  let left = 0;
  for (const [productId, quantity] of ordered)
    left += Math.max(0, quantity - (inShipments.get(productId) ?? 0));
  return left;
}

/** The scan code of a box: {PKG:id}, which the shared scan parser reads as an entity code. */
export const packagingBarcode = (id: number) => `{PKG:${id}}`;

/**
 * The box a scan or typed text names: its {PKG:id} code, its number in the list (1, 2, …) or its name
 * (any case). Null when it names none.
 */
export function boxFromScan<B extends PackagingBox>(
  text: string,
  boxes: readonly B[],
  parsed: ParsedScan = parseScan(text),
): B | null {
  if (parsed.type === 'entity') {
    return parsed.entity === 'PKG' ? (boxes.find((box) => box.id === parsed.id) ?? null) : null;
  }
  const typed = text.trim();
  if (/^\d{1,2}$/.test(typed)) return boxes[Number(typed) - 1] ?? null;
  const name = typed.toLowerCase();
  return name ? (boxes.find((box) => box.commonName.toLowerCase() === name) ?? null) : null;
}

const SHIPPED_DELIVERY_TYPES: readonly number[] = [
  DELIVERY_TYPE.STANDARD,
  DELIVERY_TYPE.EXPEDITED,
  DELIVERY_TYPE.NEXT_DAY,
];

/** Shipping applies to an order that has shipments or a line a carrier delivers (not picked up, carried out). */
export function shipsToCustomer(order: {
  items: readonly { deliveryTypeId?: number | null }[];
  shipments: readonly unknown[];
}): boolean {
  return (
    order.shipments.length > 0 ||
    order.items.some((item) => SHIPPED_DELIVERY_TYPES.includes(item.deliveryTypeId ?? DELIVERY_TYPE.STANDARD))
  );
}
