import { describe, expect, it } from 'vitest';
import {
  afterRecondition,
  applyDivisionScan,
  applyProductScan,
  clearStep,
  currentStep,
  INITIAL_RECONDITION_STATE,
  isStepDone,
  RECONDITION_TEXTS,
  type ReconditionDivision,
  type ReconditionRecord,
  type ReconditionState,
  reconditionedText,
  reconditionFailedText,
  visibleRecords,
} from './recondition-flow';

const qpgu: ReconditionDivision = { id: 10, barcode: 'MAIN-Q01', warehouseId: 1, warehouseBinTypeId: 6 };
const otherQpgu: ReconditionDivision = { id: 11, barcode: 'MAIN-Q02', warehouseId: 1, warehouseBinTypeId: 6 };
const bin: ReconditionDivision = {
  id: 20,
  barcode: 'MAIN-01AA01AA-01',
  warehouseId: 1,
  warehouseBinTypeId: 1,
};
const records: ReconditionRecord[] = [
  { id: 1, productId: 100, upc: '0000012345678905', inventoryLocationId: 10 },
  { id: 2, productId: 101, upc: '0000098765432109', inventoryLocationId: 10 },
  { id: 3, productId: 102, upc: '0000011111111116', inventoryLocationId: 12 },
];

function scanned(...steps: Array<(s: ReconditionState) => ReturnType<typeof applyDivisionScan>>) {
  let state = INITIAL_RECONDITION_STATE;
  for (const step of steps) {
    const outcome = step(state);
    if (!outcome.ok) throw new Error(outcome.error);
    state = outcome.state;
  }
  return state;
}
const atProduct = () =>
  scanned(
    (s) => applyDivisionScan(s, qpgu.barcode, qpgu, records),
    (s) => applyDivisionScan(s, bin.barcode, bin, records),
  );

describe('recondition steps (§4.4)', () => {
  it('start at the qpgu step; a step is current when the earlier ones are done and it is not', () => {
    expect(currentStep(INITIAL_RECONDITION_STATE)).toBe('qpgu');
    const s1 = scanned((s) => applyDivisionScan(s, qpgu.barcode, qpgu, records));
    expect(currentStep(s1)).toBe('destinationDivision');
    expect(currentStep(atProduct())).toBe('product');
  });

  it('a product scan at step 3 completes the product step, opens the modal and makes evaluate current', () => {
    const outcome = applyProductScan(atProduct(), '12345678905', records);
    expect(outcome).toMatchObject({ ok: true, openModal: true });
    if (!outcome.ok) return;
    expect(outcome.state.product).toBe('0000012345678905');
    expect(currentStep(outcome.state)).toBe('evaluate');
    expect(isStepDone(outcome.state, 'evaluate')).toBe(false);
  });

  it('the delete mark clears the step and every later one', () => {
    const outcome = applyProductScan(atProduct(), '12345678905', records);
    if (!outcome.ok) throw new Error(outcome.error);
    const cleared = clearStep(outcome.state, 'destinationDivision');
    expect(cleared.qpgu).toEqual(qpgu);
    expect(cleared.destinationDivision).toBeNull();
    expect(cleared.product).toBeNull();
    expect(currentStep(clearStep(outcome.state, 'qpgu'))).toBe('qpgu');
    expect(clearStep(outcome.state, 'product').destinationDivision).toEqual(bin);
  });

  it('after a recondition the record is done and hidden, and the product step is reset', () => {
    const outcome = applyProductScan(atProduct(), '12345678905', records);
    if (!outcome.ok) throw new Error(outcome.error);
    const after = afterRecondition(outcome.state, 1);
    expect(currentStep(after)).toBe('product');
    expect(visibleRecords(records, after).map((r) => r.id)).toEqual([2]);
  });

  it('the table is filtered to the scanned PGU and product', () => {
    expect(visibleRecords(records, INITIAL_RECONDITION_STATE).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(visibleRecords(records, atProduct()).map((r) => r.id)).toEqual([1, 2]);
    const outcome = applyProductScan(atProduct(), '0000098765432109', records);
    if (!outcome.ok) throw new Error(outcome.error);
    expect(visibleRecords(records, outcome.state).map((r) => r.id)).toEqual([2]);
  });
});

describe('recondition scan rejections (§5)', () => {
  it('step 1 needs a quarantine bin holding inventory to recondition', () => {
    const s = INITIAL_RECONDITION_STATE;
    expect(applyDivisionScan(s, bin.barcode, bin, records)).toEqual({
      ok: false,
      error: 'Scanned Division is not a Quarantine Bin.',
    });
    expect(applyDivisionScan(s, otherQpgu.barcode, otherQpgu, records)).toEqual({
      ok: false,
      error: 'Quarantine Bin does not contain inventory to be reconditioned.',
    });
    const allDone = { ...s, doneIds: [1, 2] };
    expect(applyDivisionScan(allDone, qpgu.barcode, qpgu, records)).toEqual({
      ok: false,
      error: RECONDITION_TEXTS.emptyQuarantineBin,
    });
  });

  it('step 2 refuses a quarantine bin; an unknown barcode is not found', () => {
    const s1 = scanned((s) => applyDivisionScan(s, qpgu.barcode, qpgu, records));
    expect(applyDivisionScan(s1, otherQpgu.barcode, otherQpgu, records)).toEqual({
      ok: false,
      error: 'Destination cannot be a Quarantine PGU.',
    });
    expect(applyDivisionScan(s1, 'MAIN-99', null, records)).toEqual({
      ok: false,
      error: 'Division with barcode MAIN-99 not found.',
    });
  });

  it('a product scan before its step, or after it, is refused with its own message', () => {
    expect(applyProductScan(INITIAL_RECONDITION_STATE, '12345678905', records)).toEqual({
      ok: false,
      error: 'Scan a QPGU before Scanning a Unit',
    });
    const s1 = scanned((s) => applyDivisionScan(s, qpgu.barcode, qpgu, records));
    expect(applyProductScan(s1, '12345678905', records)).toEqual({
      ok: false,
      error: 'Scan a Destination Division before Scanning a Unit',
    });
    const opened = applyProductScan(atProduct(), '12345678905', records);
    if (!opened.ok) throw new Error(opened.error);
    expect(applyProductScan(opened.state, '12345678905', records)).toEqual({
      ok: false,
      error: 'Unexpected Product Scan',
    });
  });

  it('a product not in the list (or not in the scanned PGU) has no inventory to recondition', () => {
    expect(applyProductScan(atProduct(), '99999999999', records)).toEqual({
      ok: false,
      error: 'Scanned Product has no inventory to be reconditioned.',
    });
    expect(applyProductScan(atProduct(), '11111111116', records)).toEqual({
      ok: false,
      error: RECONDITION_TEXTS.productNotInList,
    });
  });

  it('a new destination at a later step replaces the destination and resets the product', () => {
    const opened = applyProductScan(atProduct(), '12345678905', records);
    if (!opened.ok) throw new Error(opened.error);
    const other = { ...bin, id: 21, barcode: 'MAIN-01AA01AA-02' };
    const outcome = applyDivisionScan(opened.state, other.barcode, other, records);
    expect(outcome).toMatchObject({ ok: true, state: { destinationDivision: other, product: null } });
  });
});

describe('recondition toasts (§8)', () => {
  it('are word for word', () => {
    expect(reconditionedText('AB-123', 'MAIN-01AA01AA-01')).toBe(
      'AB-123 reconditioned into MAIN-01AA01AA-01. Place unit in Division.',
    );
    expect(reconditionFailedText('AB-123', 'MAIN-01AA01AA-01')).toBe(
      'Error processing reconditioned product AB-123 to MAIN-01AA01AA-01, please try again.',
    );
    expect(RECONDITION_TEXTS.unknownScan).toBe('Unknown Scan');
  });
});
