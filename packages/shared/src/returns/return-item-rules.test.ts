import { describe, expect, it } from 'vitest';
import {
  applySavingRules,
  canReceiveInventory,
  isEditableItem,
  isProcessedLine,
  isReceivableItem,
  isReturnOpenForSaving,
  itemsMatchingUpc,
  pickScannedItem,
  receiptRefusal,
  returnUpcKey,
  scanActionFor,
  statusOnOpeningReceive,
} from './return-item-rules';

const item = (status: number, quantity: number, received: number) => ({
  inboundReturnItemStatusId: status,
  quantity,
  quantityReceived: received,
});

describe('item status rules (returns.md §4)', () => {
  it.each([
    [1, false],
    [5, false],
    [10, true],
    [15, true],
    [20, false],
    [25, false],
    [30, false],
  ])('status %i is receivable: %s', (status, receivable) => {
    expect(isReceivableItem(status)).toBe(receivable);
  });

  it.each([
    [1, true],
    [5, false],
    [10, false],
    [20, false],
  ])('status %i is editable (plus/minus): %s', (status, editable) => {
    expect(isEditableItem(status)).toBe(editable);
  });

  it.each([
    [item(1, 2, 0), false],
    [item(1, 2, 2), true],
    [item(10, 2, 1), false],
    [item(10, 2, 3), true],
    [item(20, 2, 0), true],
    [item(25, 1, 0), true],
    [item(30, 5, 0), true],
    [item(1, 0, 0), true],
  ])('%o is processed: %s', (line, processed) => {
    expect(isProcessedLine(line)).toBe(processed);
  });

  it.each([
    [1, 10],
    [5, 10],
    [10, 10],
    [15, 15],
    [20, 20],
  ])('opening the receive dialog moves status %i to %i', (from, to) => {
    expect(statusOnOpeningReceive(from)).toBe(to);
  });

  it.each([
    [1, true],
    [5, true],
    [10, true],
    [15, false],
    [20, false],
    [25, false],
    [30, false],
  ])('a return with status %i is open to the saving rules: %s', (status, open) => {
    expect(isReturnOpenForSaving(status)).toBe(open);
  });
});

describe('saving rules (returns.md §4)', () => {
  it('rule 1: an item below 10 that is processed becomes Processed', () => {
    const result = applySavingRules({ returnStatusId: 15, items: [item(1, 1, 1), item(5, 2, 1)] });
    expect(result.items.map((i) => i.inboundReturnItemStatusId)).toEqual([20, 5]);
    expect(result.returnStatusId).toBe(15);
  });

  it('rule 2: every line processed on an open return closes it and processes Received items', () => {
    const result = applySavingRules({
      returnStatusId: 10,
      items: [item(10, 1, 1), item(25, 1, 1), item(30, 3, 0), item(15, 1, 1)],
    });
    expect(result.returnStatusId).toBe(20);
    expect(result.items.map((i) => i.inboundReturnItemStatusId)).toEqual([20, 25, 30, 15]);
  });

  it('rule 3: anything received on an open return that is not all in makes it In Process', () => {
    const result = applySavingRules({ returnStatusId: 1, items: [item(10, 2, 1), item(1, 1, 0)] });
    expect(result.returnStatusId).toBe(10);
    expect(result.items.map((i) => i.inboundReturnItemStatusId)).toEqual([10, 1]);
  });

  it('leaves an open return with nothing received alone', () => {
    expect(applySavingRules({ returnStatusId: 5, items: [item(1, 2, 0)] }).returnStatusId).toBe(5);
  });

  it('leaves a return on Hold, Closed, Cancelled or in Channel Appeal alone', () => {
    for (const status of [15, 20, 25, 30]) {
      expect(applySavingRules({ returnStatusId: status, items: [item(10, 1, 1)] }).returnStatusId).toBe(
        status,
      );
    }
  });

  it('does not change its input', () => {
    const items = [item(1, 1, 1)];
    applySavingRules({ returnStatusId: 1, items });
    expect(items[0]!.inboundReturnItemStatusId).toBe(1);
  });

  it('an empty return is not closed by the rules', () => {
    expect(applySavingRules({ returnStatusId: 1, items: [] }).returnStatusId).toBe(1);
  });
});

describe('scanning a product UPC (returns.md §4, §5)', () => {
  const product = (upc: string | null) => ({ product: upc === null ? null : { upc } });
  const items = [
    { id: 1, ...item(10, 1, 1), ...product('885978123452') },
    { id: 2, ...item(10, 2, 0), ...product('0885978123452') },
    { id: 3, ...item(1, 1, 0), ...product('4957054123451') },
    { id: 4, ...item(1, 1, 0), ...product(null) },
  ];

  it.each([
    ['885978123452', '0000885978123452'],
    [' 885-978-123452 ', '0000885978123452'],
    ['abc', ''],
    [null, ''],
  ])('%j is compared as %j', (value, key) => {
    expect(returnUpcKey(value)).toBe(key);
  });

  it('matches after stripping non-digits and padding to 16', () => {
    expect(itemsMatchingUpc(items, '00885978123452').map((i) => i.id)).toEqual([1, 2]);
    expect(itemsMatchingUpc(items, 'UPC 4957054123451').map((i) => i.id)).toEqual([3]);
    expect(itemsMatchingUpc(items, '111')).toEqual([]);
    expect(itemsMatchingUpc(items, '')).toEqual([]);
  });

  it('picks the first match that still expects a unit', () => {
    expect(pickScannedItem(items, '885978123452')?.id).toBe(2);
    expect(pickScannedItem([items[0]!], '885978123452')?.id).toBe(1);
    expect(pickScannedItem(items, '999')).toBeNull();
  });

  it('a first-party item below Received gets +1; anything else opens the receive dialog', () => {
    expect(scanActionFor(true, item(1, 1, 0))).toEqual({ kind: 'incrementFirstParty' });
    expect(scanActionFor(true, item(5, 1, 0))).toEqual({ kind: 'incrementFirstParty' });
    expect(scanActionFor(true, item(10, 1, 0))).toEqual({ kind: 'openReceive' });
    expect(scanActionFor(false, item(1, 1, 0))).toEqual({ kind: 'openReceive' });
  });

  it('Receive Inventory is disabled at quantity 0 or while busy', () => {
    expect(canReceiveInventory(item(1, 1, 0), false)).toBe(true);
    expect(canReceiveInventory(item(1, 0, 0), false)).toBe(false);
    expect(canReceiveInventory(item(1, 1, 0), true)).toBe(false);
  });
});

describe('receiptRefusal', () => {
  it('allows a unit while the item expects more', () => {
    expect(receiptRefusal(10, { id: 1, ...item(10, 2, 1) }, 'GTR-1')).toBeNull();
  });
  it('refuses an over-receipt', () => {
    expect(receiptRefusal(10, { id: 1, ...item(10, 2, 2) }, 'GTR-1')).toBe(
      'All 2 expected units of GTR-1 are already received.',
    );
    expect(receiptRefusal(10, { id: 1, ...item(10, 1, 1) }, 'GTR-1')).toBe(
      'All 1 expected unit of GTR-1 is already received.',
    );
  });
  it('refuses closed items and closed or cancelled returns', () => {
    expect(receiptRefusal(10, { id: 1, ...item(30, 2, 0) }, 'GTR-1')).toMatch(/already closed/);
    expect(receiptRefusal(20, { id: 1, ...item(10, 2, 0) }, 'GTR-1')).toMatch(/Closed/);
    expect(receiptRefusal(25, { id: 1, ...item(10, 2, 0) }, 'GTR-1')).toMatch(/Cancelled/);
  });
});
