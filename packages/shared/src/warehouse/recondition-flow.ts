// catalogue-admin.md §4.4 Recondition flow, §5 Recondition scans, §8 recondition toasts.
import { normalizeUpc } from '../scanner/gtin';
import { binTypeByCode } from './warehouse.schemas';

/** §4.4 "Steps: (1) qpgu, (2) destinationDivision, (3) product, (4) evaluate." */
export const RECONDITION_STEPS = ['qpgu', 'destinationDivision', 'product', 'evaluate'] as const;
export type ReconditionStep = (typeof RECONDITION_STEPS)[number];

/** BIN_TYPES id of a quarantine bin (prefix Q). */
export const QUARANTINE_BIN_TYPE_ID = binTypeByCode('quarantine').id;

/** §5 scan rejections and §8 toasts, word for word. */
export const RECONDITION_TEXTS = {
  notQuarantineBin: 'Scanned Division is not a Quarantine Bin.',
  emptyQuarantineBin: 'Quarantine Bin does not contain inventory to be reconditioned.',
  destinationIsQuarantine: 'Destination cannot be a Quarantine PGU.',
  productNotInList: 'Scanned Product has no inventory to be reconditioned.',
  productBeforeDestination: 'Scan a Destination Division before Scanning a Unit',
  productBeforeQpgu: 'Scan a QPGU before Scanning a Unit',
  unexpectedProduct: 'Unexpected Product Scan',
  unknownScan: 'Unknown Scan',
} as const;

export function divisionNotFoundText(barcode: string): string {
  return `Division with barcode ${barcode} not found.`;
}
export function reconditionedText(sku: string, barcode: string): string {
  return `${sku} reconditioned into ${barcode}. Place unit in Division.`;
}
export function reconditionFailedText(sku: string, barcode: string): string {
  return `Error processing reconditioned product ${sku} to ${barcode}, please try again.`;
}

/** What the flow needs to know of a scanned division. */
export interface ReconditionDivision {
  id: number;
  barcode: string;
  warehouseId: number;
  warehouseBinTypeId: number | null;
}

/** What the flow needs to know of an inventory record of the recondition list. */
export interface ReconditionRecord {
  id: number;
  productId: number;
  upc: string | null;
  inventoryLocationId: number | null;
}

export interface ReconditionState {
  qpgu: ReconditionDivision | null;
  destinationDivision: ReconditionDivision | null;
  /** The normalised UPC of the scanned product. */
  product: string | null;
  /** Records reconditioned on this screen: hidden from the table. */
  doneIds: readonly number[];
}

export const INITIAL_RECONDITION_STATE: ReconditionState = {
  qpgu: null,
  destinationDivision: null,
  product: null,
  doneIds: [],
};

/** Whether a step is done. Step 4 (evaluate) is never complete. */
export function isStepDone(state: ReconditionState, step: ReconditionStep): boolean {
  if (step === 'evaluate') return false;
  return state[step] !== null;
}

/** The current step: the first one that is not done (its earlier ones all are). */
export function currentStep(state: ReconditionState): ReconditionStep {
  return RECONDITION_STEPS.find((step) => !isStepDone(state, step))!;
}

/** §4.4 "The delete mark on a completed step clears that step and all later ones." */
export function clearStep(state: ReconditionState, step: ReconditionStep): ReconditionState {
  const from = RECONDITION_STEPS.indexOf(step);
  const cleared = (s: Exclude<ReconditionStep, 'evaluate'>) => RECONDITION_STEPS.indexOf(s) >= from;
  return {
    ...state,
    qpgu: cleared('qpgu') ? null : state.qpgu,
    destinationDivision: cleared('destinationDivision') ? null : state.destinationDivision,
    product: cleared('product') ? null : state.product,
  };
}

export function isQuarantineBin(division: ReconditionDivision): boolean {
  return division.warehouseBinTypeId === QUARANTINE_BIN_TYPE_ID;
}

function sameUpc(a: string | null, b: string): boolean {
  return a !== null && a.trim() !== '' && normalizeUpc(a) === normalizeUpc(b);
}

/** Records not yet reconditioned on this screen. */
function openRecords(records: readonly ReconditionRecord[], state: ReconditionState) {
  return records.filter((r) => !state.doneIds.includes(r.id));
}

/** §4.4 "The table is filtered to the scanned PGU and product and hides already reconditioned records." */
export function visibleRecords<T extends ReconditionRecord>(
  records: readonly T[],
  state: ReconditionState,
): T[] {
  return openRecords(records, state).filter(
    (r) =>
      (state.qpgu === null || r.inventoryLocationId === state.qpgu.id) &&
      (state.product === null || sameUpc(r.upc, state.product)),
  ) as T[];
}

export type ScanOutcome =
  | { ok: true; state: ReconditionState; openModal: boolean }
  | { ok: false; error: string };

/** A division scan, once looked up (null when the lookup found nothing). */
export function applyDivisionScan(
  state: ReconditionState,
  barcode: string,
  division: ReconditionDivision | null,
  records: readonly ReconditionRecord[],
): ScanOutcome {
  if (!division) return { ok: false, error: divisionNotFoundText(barcode) };
  if (currentStep(state) === 'qpgu') {
    if (!isQuarantineBin(division)) return { ok: false, error: RECONDITION_TEXTS.notQuarantineBin };
    if (!openRecords(records, state).some((r) => r.inventoryLocationId === division.id)) {
      return { ok: false, error: RECONDITION_TEXTS.emptyQuarantineBin };
    }
    return { ok: true, state: { ...state, qpgu: division }, openModal: false };
  }
  // At step 2, and later (a new destination replaces the chosen one and the product must be scanned again).
  if (isQuarantineBin(division)) return { ok: false, error: RECONDITION_TEXTS.destinationIsQuarantine };
  return {
    ok: true,
    state: { ...clearStep(state, 'destinationDivision'), destinationDivision: division },
    openModal: false,
  };
}

/** A product (UPC) scan: at step 3 it must match a UPC of the list (within the scanned PGU). */
export function applyProductScan(
  state: ReconditionState,
  upc: string,
  records: readonly ReconditionRecord[],
): ScanOutcome {
  const step = currentStep(state);
  if (step === 'qpgu') return { ok: false, error: RECONDITION_TEXTS.productBeforeQpgu };
  if (step === 'destinationDivision') return { ok: false, error: RECONDITION_TEXTS.productBeforeDestination };
  if (step !== 'product') return { ok: false, error: RECONDITION_TEXTS.unexpectedProduct };
  const inPgu = visibleRecords(records, state);
  if (!inPgu.some((r) => sameUpc(r.upc, upc)))
    return { ok: false, error: RECONDITION_TEXTS.productNotInList };
  return { ok: true, state: { ...state, product: normalizeUpc(upc) }, openModal: true };
}

/** §4.4 after a successful recondition: the record is done and hidden, the product step reset. */
export function afterRecondition(state: ReconditionState, recordId: number): ReconditionState {
  return { ...clearStep(state, 'product'), doneIds: [...state.doneIds, recordId] };
}
