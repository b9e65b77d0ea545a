import { PAPER_ID } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import {
  LABEL_MAPPINGS_VERSION,
  labelMappingsKey,
  parseLabelMappings,
  readLabelMappings,
  resolveLabelPrinter,
  serializeLabelMappings,
  writeLabelMapping,
} from './label-mappings';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const printer = (id: number, paperId: number | null, isActive = 1) => ({ id, paperId, isActive });

describe('label mappings storage', () => {
  it('is version 2.7, one entry per account', () => {
    expect(LABEL_MAPPINGS_VERSION).toBe('2.7');
    expect(labelMappingsKey(7)).toBe('backroom.labelMappings.7');
    expect(JSON.parse(serializeLabelMappings({ pguLabel: 3 }))).toEqual({
      version: '2.7',
      mappings: { pguLabel: 3 },
    });
  });

  it.each([
    ['nothing stored', null],
    ['broken JSON', '{"version":'],
    ['a bare value', '42'],
    ['another version', JSON.stringify({ version: '2.6', mappings: { pguLabel: 3 } })],
    ['a numeric version', JSON.stringify({ version: 2.7, mappings: { pguLabel: 3 } })],
    ['no version', JSON.stringify({ mappings: { pguLabel: 3 } })],
    ['mappings that are not an object', JSON.stringify({ version: '2.7', mappings: 'pguLabel' })],
  ])('reads %s as no mappings', (_name, raw) => {
    expect(parseLabelMappings(raw)).toEqual({});
  });

  it('keeps only known kinds mapped to printer ids', () => {
    const raw = JSON.stringify({
      version: '2.7',
      mappings: { pguLabel: 3, shippingLabel: '4', receipts: 0, madeUpLabel: 5, divisionLabel: 2.5 },
    });
    expect(parseLabelMappings(raw)).toEqual({ pguLabel: 3 });
  });

  it('writes per account and never touches another account', () => {
    const storage = memoryStorage();
    writeLabelMapping(storage, 1, 'pguLabel', 11);
    writeLabelMapping(storage, 1, 'shippingLabel', 12);
    writeLabelMapping(storage, 2, 'pguLabel', 21);
    expect(readLabelMappings(storage, 1)).toEqual({ pguLabel: 11, shippingLabel: 12 });
    expect(readLabelMappings(storage, 2)).toEqual({ pguLabel: 21 });
    expect(readLabelMappings(storage, 3)).toEqual({});
  });

  it('unmaps a kind with null', () => {
    const storage = memoryStorage();
    writeLabelMapping(storage, 1, 'pguLabel', 11);
    writeLabelMapping(storage, 1, 'receipts', 14);
    expect(writeLabelMapping(storage, 1, 'pguLabel', null)).toEqual({ receipts: 14 });
    expect(JSON.parse(storage.getItem(labelMappingsKey(1))!)).toEqual({
      version: '2.7',
      mappings: { receipts: 14 },
    });
  });

  it('replaces data of another version with a fresh 2.7 entry on the first write', () => {
    const key = labelMappingsKey(1);
    const storage = memoryStorage({ [key]: JSON.stringify({ version: '2.6', mappings: { receipts: 9 } }) });
    expect(readLabelMappings(storage, 1)).toEqual({});
    writeLabelMapping(storage, 1, 'pguLabel', 11);
    expect(JSON.parse(storage.getItem(key)!)).toEqual({ version: '2.7', mappings: { pguLabel: 11 } });
  });

  it('survives storage that refuses to work', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(readLabelMappings(broken, 1)).toEqual({});
    expect(writeLabelMapping(broken, 1, 'pguLabel', 11)).toEqual({ pguLabel: 11 });
    expect(readLabelMappings(undefined, 1)).toEqual({});
  });
});

describe('resolveLabelPrinter', () => {
  const printers = [
    printer(1, PAPER_ID.productBarcodeLabel),
    printer(2, PAPER_ID.retailProductLabel),
    printer(3, PAPER_ID.pguLabel),
    printer(4, PAPER_ID.shipLabel, 0),
    printer(5, null),
    printer(6, PAPER_ID.miniDivisionLabel),
  ];

  it('finds the mapped printer while its paper suits the kind', () => {
    expect(resolveLabelPrinter('productBarcodeLabel', 1, printers)?.id).toBe(1);
    expect(resolveLabelPrinter('pguLabel', 3, printers)?.id).toBe(3);
    // Any warehouse-label paper suits division labels, PGU stock included.
    expect(resolveLabelPrinter('divisionLabel', 3, printers)?.id).toBe(3);
    expect(resolveLabelPrinter('divisionLabel', 6, printers)?.id).toBe(6);
  });

  it('is null when nothing is mapped', () => {
    expect(resolveLabelPrinter('productBarcodeLabel', undefined, printers)).toBeNull();
  });

  it('is null when the printer is gone or inactive', () => {
    expect(resolveLabelPrinter('shippingLabel', 99, printers)).toBeNull();
    expect(resolveLabelPrinter('shippingLabel', 4, printers)).toBeNull();
  });

  it('falls back to null when the printer is no longer allowed for the kind', () => {
    // Mapped while it held product barcode paper, then loaded with retail labels: same paper type, wrong paper.
    const reloaded = [printer(1, PAPER_ID.retailProductLabel)];
    expect(resolveLabelPrinter('productBarcodeLabel', 1, reloaded)).toBeNull();
    // Wrong paper type altogether, or no paper at all.
    expect(resolveLabelPrinter('shippingLabel', 3, printers)).toBeNull();
    expect(resolveLabelPrinter('receipts', 5, printers)).toBeNull();
  });

  it('uses the paper the caller knows when given', () => {
    const withPaper = [{ id: 8, isActive: 1, paperId: null, paper: { id: 20, paperTypeId: 20 } }];
    expect(resolveLabelPrinter('shippingLabel', 8, withPaper, (p) => p.paper)?.id).toBe(8);
  });
});
