import { PAPER_ID, type Printer, type Warehouse } from '@backroom/shared';
import { describe, expect, it } from 'vitest';
import { applyPrinterPatch } from '../api';
import {
  defaultPrinterWarehouse,
  PRINTER_LIST_COLUMNS,
  printerAddressLabel,
  printerListFileName,
  printerListRows,
  toCsv,
} from './printer-list';

describe('printerAddressLabel', () => {
  it.each([
    ['usb://Zebra/ZD421?serial=123', 'Zebra/ZD421?serial=123'],
    [
      'usb://Zebra%20Technologies/ZTC%20ZD421-203dpi%20ZPL?serial=D4J1',
      'Zebra Technologies/ZTC ZD421-203dpi ZPL?serial=D4J1',
    ],
    ['USB://Zebra/ZD421/', 'Zebra/ZD421'],
    ['usb://Zebra/bad%E0%A4%A', 'Zebra/bad%E0%A4%A'],
    ['tcp://10.0.0.5:9100', '10.0.0.5:9100'],
    ['tcp://zebra-packing.local:9100/', 'zebra-packing.local:9100'],
    ['cups://Zebra_ZD421', 'Zebra_ZD421'],
    ['builtin://bench', 'Built-in'],
    ['BUILTIN://large', 'Built-in'],
    ['  tcp://10.0.0.5  ', '10.0.0.5'],
    ['10.0.0.9:9100', '10.0.0.9:9100'],
  ])('%s shows as %s', (uri, shown) => {
    expect(printerAddressLabel(uri)).toBe(shown);
  });
});

const printer = (over: Partial<Printer> = {}): Printer => ({
  id: 1,
  commonName: 'Bench Label Printer',
  isActive: 1,
  isOffline: 0,
  paperId: PAPER_ID.miniDivisionLabel,
  paper: null,
  uri: 'builtin://bench',
  config: { uri: 'builtin://bench', peel: false, cut: true },
  status: null,
  server: {
    id: 4,
    commonName: 'Built-in Print Server',
    kind: 'builtin',
    warehouseId: null,
    isOnline: true,
    lastHeartbeatAt: null,
  },
  sortOrder: 1,
  ...over,
});

describe('the printer list download', () => {
  it('is named warehouse-printer-list-{date}.csv', () => {
    expect(printerListFileName('2025-03-09')).toBe('warehouse-printer-list-2025-03-09.csv');
  });

  it('holds the visible columns, one line per printer', () => {
    const rows = printerListRows([
      printer(),
      printer({
        id: 2,
        commonName: 'Packing, "left"',
        isOffline: 1,
        paperId: null,
        uri: 'tcp://10.0.0.5:9100',
        config: { uri: 'tcp://10.0.0.5:9100', peel: true, cut: false },
        server: {
          id: 5,
          commonName: 'Dock PC',
          kind: 'agent',
          warehouseId: 1,
          isOnline: false,
          lastHeartbeatAt: null,
        },
      }),
    ]);
    expect(toCsv(PRINTER_LIST_COLUMNS, rows)).toBe(
      [
        'Active,Server,Printer,Status,Peel,Cut,Paper,Address',
        'Yes,Built-in Print Server,Bench Label Printer,Online,No,Yes,"Mini Division Label [2.25"" x 1.25""]",Built-in',
        'Yes,Dock PC,"Packing, ""left""",Offline,Yes,No,,10.0.0.5:9100',
        '',
      ].join('\r\n'),
    );
  });

  it('keeps a name that looks like a formula as text', () => {
    expect(toCsv(['Printer'], [['=HYPERLINK("x")'], ['-5'], ['@cmd']])).toBe(
      `Printer\r\n"'=HYPERLINK(""x"")"\r\n'-5\r\n'@cmd\r\n`,
    );
  });
});

describe('applyPrinterPatch', () => {
  it('changes only the fields sent', () => {
    const before = printer();
    const after = applyPrinterPatch(before, { id: 1, config: { peel: true } });
    expect(after.config).toEqual({ uri: 'builtin://bench', peel: true, cut: true });
    expect(after.commonName).toBe('Bench Label Printer');
    expect(applyPrinterPatch(before, { id: 1, commonName: 'Bench Zebra' }).commonName).toBe('Bench Zebra');
    expect(applyPrinterPatch(before, { id: 1, paperId: null }).paperId).toBeNull();
    expect(applyPrinterPatch(before, { id: 1, isActive: 0 }).isActive).toBe(0);
    expect(
      applyPrinterPatch(before, { id: 1, server: { id: 4, commonName: 'Bench PC' } }).server.commonName,
    ).toBe('Bench PC');
  });
});

describe('defaultPrinterWarehouse', () => {
  const warehouse = (id: number, isActive: number, hasFulfillment: boolean) =>
    ({
      id,
      isActive,
      warehouseType: { id: 1, name: '', hasFulfillment, hasReceiving: true, isThirdParty: false },
    }) as Warehouse;

  it('is the first active warehouse that fulfils orders', () => {
    expect(
      defaultPrinterWarehouse([warehouse(1, 1, false), warehouse(2, 0, true), warehouse(3, 1, true)])?.id,
    ).toBe(3);
  });

  it('is the main one: first by sort order, then the oldest, whatever the names', () => {
    const named = (id: number, sortOrder: number) => ({ ...warehouse(id, 1, true), sortOrder });
    // Listed by name: 'Garage Store' (4) before 'Main Warehouse' (1).
    expect(defaultPrinterWarehouse([named(4, 99), named(1, 99)])?.id).toBe(1);
    expect(defaultPrinterWarehouse([named(4, 10), named(1, 99)])?.id).toBe(4);
  });

  it('falls back to the first active one, then the first, then none', () => {
    expect(defaultPrinterWarehouse([warehouse(1, 0, false), warehouse(2, 1, false)])?.id).toBe(2);
    expect(defaultPrinterWarehouse([warehouse(1, 0, false)])?.id).toBe(1);
    expect(defaultPrinterWarehouse([])).toBeNull();
  });
});
