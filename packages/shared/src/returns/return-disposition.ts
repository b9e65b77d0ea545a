// returns.md §2 Inventory disposition modal, §4 Disposition modal, §9 bin types and the return bin.
import { NEW_CONDITION_ID, PRODUCT_CONDITIONS, type ProductCondition } from '../catalogue/product-conditions';
import { RETURN_ITEM_STATUS } from './return-statuses';

/** The modal's three modes. */
export const DISPOSITION_STEPS = ['receiveSessionBin', 'productCondition', 'returnToVendor'] as const;
export type DispositionStep = (typeof DISPOSITION_STEPS)[number];

/** What a receipt does with the unit: back to stock (after grading) or set aside for the vendor. */
export const RECEIPT_DISPOSITIONS = ['productCondition', 'returnToVendor'] as const;
export type ReceiptDisposition = (typeof RECEIPT_DISPOSITIONS)[number];

/**
 * §9 "Bin types: 2 group (return to stock), 12 transfer (return to vendor)". These are the receive screen's
 * own numbers; our bins are typed by BIN_TYPES (4 is Transfer), so returnBinTypeOf maps a bin onto them.
 */
export const RETURN_BIN_TYPE = { group: 2, transfer: 12 } as const;
export type ReturnBinType = (typeof RETURN_BIN_TYPE)[keyof typeof RETURN_BIN_TYPE];

/** BIN_TYPES id of a Transfer bin (prefix T). */
const TRANSFER_BIN_TYPE_ID = 4;

export interface DispositionBin {
  level: string;
  isActive: number;
  warehouseBinTypeId: number | null;
  /** The division type the spec's POST …/warehouse/bin sends; 12 marks a transfer bin as well. */
  warehouseDivisionTypeId?: number | null;
  chaosZone: number | null;
  chaosBin: string | null;
}

/**
 * The receive screen's bin type of a scanned division: 12 for a transfer bin (return to vendor), 2 for any
 * other bin (return to stock), null for what is not an active bin (a zone, a shelf ...).
 */
export function returnBinTypeOf(division: DispositionBin): ReturnBinType | null {
  if (division.level !== 'bin' || division.isActive !== 1) return null;
  if (
    division.warehouseBinTypeId === TRANSFER_BIN_TYPE_ID ||
    division.warehouseDivisionTypeId === RETURN_BIN_TYPE.transfer
  ) {
    return RETURN_BIN_TYPE.transfer;
  }
  return RETURN_BIN_TYPE.group;
}

/** A bin of type 2 (group) leads to the productCondition step; type 12 (transfer) to returnToVendor. */
export function dispositionStepForBinType(
  type: ReturnBinType,
): Exclude<DispositionStep, 'receiveSessionBin'> {
  return type === RETURN_BIN_TYPE.transfer ? 'returnToVendor' : 'productCondition';
}

/** The refusal when a scanned division cannot take a returned unit, or null when it can. */
export function binRefusal(division: DispositionBin & { barcode: string }): string | null {
  if (division.level !== 'bin') return `${division.barcode} is a ${division.level}: scan a bin.`;
  if (division.isActive !== 1) return `${division.barcode} is not active.`;
  return null;
}

/** The virtual-return case: a location with neither zone nor bin (the warehouse's `{alias}-VIRTUAL`). */
export function isVirtualLocation(division: Pick<DispositionBin, 'chaosZone' | 'chaosBin'>): boolean {
  return division.chaosZone === null && division.chaosBin === null;
}

/** "With no zone or bin only condition 1 is offered; otherwise only conditions above 1." */
export function offeredConditions(
  division: Pick<DispositionBin, 'chaosZone' | 'chaosBin'>,
): ProductCondition[] {
  return isVirtualLocation(division)
    ? PRODUCT_CONDITIONS.filter((condition) => condition.id === NEW_CONDITION_ID)
    : PRODUCT_CONDITIONS.filter((condition) => condition.id > NEW_CONDITION_ID);
}

/** "A receipt takes in one unit per action, with inventory condition 1." */
export const RECEIPT_UNITS = 1;
export const RECEIPT_INVENTORY_CONDITION_ID = 1;

/** A return bin is named 'Inbound Return #{id}', is active, has type 'return' and is withheld. */
export const returnBinName = (inboundReturnId: number) => `Inbound Return #${inboundReturnId}`;

/** The virtual bin barcode is the warehouse short alias plus '-VIRTUAL'. */
export const virtualBinBarcode = (shortAlias: string) => `${shortAlias.trim().toUpperCase()}-VIRTUAL`;

/**
 * The item's status after one unit is received: back to stock leaves it Received (Under Review stays Under
 * Review; the saving rules process it); to the vendor makes it Sent Back once every expected unit is in.
 */
export function statusAfterReceipt(
  item: { inboundReturnItemStatusId: number; quantity: number; quantityReceived: number },
  disposition: ReceiptDisposition,
): number {
  if (disposition === 'returnToVendor' && item.quantityReceived >= item.quantity)
    return RETURN_ITEM_STATUS.sentBack;
  return item.inboundReturnItemStatusId < RETURN_ITEM_STATUS.received
    ? RETURN_ITEM_STATUS.received
    : item.inboundReturnItemStatusId;
}
