import { describe, expect, it } from 'vitest';
import { BIN_KINDS, type BinKind, binKindOf, type ParsedScan, parseScan, type ScanType } from './parse-scan';

const unknown = (raw: string): ParsedScan => ({ type: 'error', raw, message: 'Unknown Scan' });

describe('parseScan: entity codes', () => {
  it.each<[string, ParsedScan]>([
    ['{CO:123}', { type: 'entity', entity: 'CO', id: 123 }],
    ['{PO:7}', { type: 'entity', entity: 'PO', id: 7 }],
    ['{po:45}', { type: 'entity', entity: 'PO', id: 45 }],
    ['  {SKU:0042}\n', { type: 'entity', entity: 'SKU', id: 42 }],
    ['{A:1}', { type: 'entity', entity: 'A', id: 1 }],
    ['{ABCDE:9007199254740991}', { type: 'entity', entity: 'ABCDE', id: 9007199254740991 }],
  ])('%j', (text, expected) => {
    expect(parseScan(text)).toEqual(expected);
  });

  it.each([
    '{ABCDEF:1}',
    '{CO:}',
    '{CO:12a}',
    '{C1:5}',
    '{:5}',
    'CO:5',
    '{CO:5',
    '{CO:-5}',
    '{CO:9007199254740993}',
  ])('rejects %j', (text) => {
    expect(parseScan(text)).toEqual(unknown(text));
  });
});

describe('parseScan: slash codes', () => {
  const checksum64 = 'A'.repeat(64);
  it.each<[string, ParsedScan]>([
    ['//QL12/A1B2C3D4E5//', { type: 'quickLogin', userId: 12, checksum: 'A1B2C3D4E5' }],
    ['//ql3/abc9//', { type: 'quickLogin', userId: 3, checksum: 'ABC9' }],
    ['//QL1/X//', { type: 'quickLogin', userId: 1, checksum: 'X' }],
    [`//QL1/${checksum64}//`, { type: 'quickLogin', userId: 1, checksum: checksum64 }],
    ['//GCABCDEFGH123456//', { type: 'giftCard', code: 'ABCDEFGH123456' }],
    ['//gcabcdefgh123456//', { type: 'giftCard', code: 'ABCDEFGH123456' }],
    ['//EGCABCDEFG123456//', { type: 'eGiftCard', code: 'ABCDEFG123456' }],
    ['//egc0000000000000//', { type: 'eGiftCard', code: '0000000000000' }],
    ['/POV-12-34/', { type: 'purchaseOrderSession', purchaseOrderId: 12, sessionId: 34 }],
    ['/pov-1-2/', { type: 'purchaseOrderSession', purchaseOrderId: 1, sessionId: 2 }],
    ['/SUM-abc123/', { type: 'sessionGroup', hash: 'ABC123' }],
    ['/SVC-7/', { type: 'serviceTicket', id: 7 }],
    ['/svc-700/', { type: 'serviceTicket', id: 700 }],
    ['/IBR-88/', { type: 'inboundReturn', id: 88 }],
    // The return barcode label prints the id without slashes (issue 15).
    ['IBR-88', { type: 'inboundReturn', id: 88 }],
    ['ibr-7', { type: 'inboundReturn', id: 7 }],
    [' IBR-123456 \n', { type: 'inboundReturn', id: 123456 }],
    ['/ibr-5/', { type: 'inboundReturn', id: 5 }],
    ['DgCmwPZnRRMA', { type: 'amazonReturn', rma: 'DGCMWPZNRRMA' }],
    ['D0123456RRMA', { type: 'amazonReturn', rma: 'D0123456RRMA' }],
  ])('%j', (text, expected) => {
    expect(parseScan(text)).toEqual(expected);
  });

  it.each([
    '//QL/ABC//',
    '//QLx/ABC//',
    '//QL12/AB-C//',
    `//QL1/${'A'.repeat(65)}//`,
    '//QL12/A1B2//extra',
    '//GCABCDEFGH12345//', // 13 chars
    '//GCABCDEFGH1234567//', // 15 chars
    '//EGCABCDEFG12345//', // 12 chars
    '//EGCABCDEFG1234567//', // 14 chars
    '//GC//',
    '/POV-12/',
    '/POV-12-x/',
    '/SUM-/',
    '/SUM-ab_c/',
    '/SVC-/',
    '/SVC-1a/',
    '/IBR-12',
    'IBR-12/',
    'IBR-',
    '/IBR-/',
    'IBR-12A',
    'IBR-1-2',
    'DRRMA',
    'D12RRMA',
    'X0123456RRMA',
  ])('rejects %j', (text) => {
    expect(parseScan(text)).toEqual(unknown(text));
  });
});

describe('parseScan: division barcodes', () => {
  const division = (
    barcode: string,
    alias: string,
    zone: number | null,
    row: string | null,
    section: number | null,
    shelf: string | null,
    bin: string | null,
    binKind: BinKind | null,
  ): ParsedScan => ({ type: 'division', barcode, alias, zone, row, section, shelf, bin, binKind });

  it.each<[string, ParsedScan]>([
    ['WH1-01AA02BB-B0001', division('WH1-01AA02BB-B0001', 'WH1', 1, 'AA', 2, 'BB', 'B0001', 'Bin')],
    ['wh1-01aa02bb-n12', division('WH1-01AA02BB-N12', 'WH1', 1, 'AA', 2, 'BB', 'N12', 'Receiving')],
    ['A-99ZZ00AB-R1', division('A-99ZZ00AB-R1', 'A', 99, 'ZZ', 0, 'AB', 'R1', 'Return')],
    [
      'ABCDE-10XY20QR-T12345',
      division('ABCDE-10XY20QR-T12345', 'ABCDE', 10, 'XY', 20, 'QR', 'T12345', 'Transfer'),
    ],
    ['12345-01AA01AA-F9', division('12345-01AA01AA-F9', '12345', 1, 'AA', 1, 'AA', 'F9', 'FBA')],
    ['WH1-01AA02BB-Q01', division('WH1-01AA02BB-Q01', 'WH1', 1, 'AA', 2, 'BB', 'Q01', 'Quarantine')],
    ['WH1-01AA02BB-C77', division('WH1-01AA02BB-C77', 'WH1', 1, 'AA', 2, 'BB', 'C77', 'ChannelOrder')],
    ['WH1-01AA02BB-S5', division('WH1-01AA02BB-S5', 'WH1', 1, 'AA', 2, 'BB', 'S5', 'SalesPerson')],
    ['WH1-01AA02BB-123456', division('WH1-01AA02BB-123456', 'WH1', 1, 'AA', 2, 'BB', '123456', 'Bin')],
    ['WH1-01AA02BB-XY', division('WH1-01AA02BB-XY', 'WH1', 1, 'AA', 2, 'BB', 'XY', null)],
    ['WH1-01AA02BB', division('WH1-01AA02BB', 'WH1', 1, 'AA', 2, 'BB', null, null)],
    ['WH1-01AA02', division('WH1-01AA02', 'WH1', 1, 'AA', 2, null, null, null)],
    ['WH1-01AA', division('WH1-01AA', 'WH1', 1, 'AA', null, null, null, null)],
    ['WH1-01', division('WH1-01', 'WH1', 1, null, null, null, null, null)],
    ['WH1-VIRTUAL', division('WH1-VIRTUAL', 'WH1', null, null, null, null, null, null)],
    ['wh1-virtual-t01', division('WH1-VIRTUAL-T01', 'WH1', null, null, null, null, 'T01', 'Transfer')],
    [' MAIN-VIRTUAL-42 ', division('MAIN-VIRTUAL-42', 'MAIN', null, null, null, null, '42', 'Bin')],
  ])('%j', (text, expected) => {
    expect(parseScan(text)).toEqual(expected);
  });

  it.each([
    'WH1-01AA-B01', // a bin needs the full location
    'WH1-01-B01',
    'ABCDEF-01AA02BB-B01', // alias longer than 5
    '-01AA02BB-B01',
    'WH1-1AA02BB-B01',
    'WH1-01A02BB-B01',
    'WH1-01AA2BB-B01',
    'WH1-01AA02B-B01',
    'WH1-01AA02BB-B', // bin shorter than 2
    'WH1-01AA02BB-B123456', // bin longer than 6
    'WH1-01AA02BB-',
    'WH1-01AA02BB-B0-1',
    'WH1-VIRTUAL-',
    'WH1-VIRTUAL-B',
    'WH1-VIRTUALS',
    'WH1',
    'WH_1-01',
  ])('rejects %j', (text) => {
    expect(parseScan(text)).toEqual(unknown(text));
  });
});

describe('parseScan: UPC', () => {
  it.each<[string, ParsedScan]>([
    ['96385074', { type: 'upc', upc: '0000000096385074', raw: '96385074' }],
    ['036000291452', { type: 'upc', upc: '0000036000291452', raw: '036000291452' }],
    // 12 digits are a UPC even with a bad check digit.
    ['036000291453', { type: 'upc', upc: '0000036000291453', raw: '036000291453' }],
    ['4006381333931', { type: 'upc', upc: '0004006381333931', raw: '4006381333931' }],
    ['10036000291459', { type: 'upc', upc: '0010036000291459', raw: '10036000291459' }],
    // An 18-digit GTIN is longer than 16 and is kept whole.
    ['000614141000000014', { type: 'upc', upc: '000614141000000014', raw: '000614141000000014' }],
    ['  036000291452\t', { type: 'upc', upc: '0000036000291452', raw: '036000291452' }],
  ])('%j', (text, expected) => {
    expect(parseScan(text)).toEqual(expected);
  });

  it.each<[string, ParsedScan]>([
    ['10036000291458', { type: 'invalidUpc', raw: '10036000291458' }], // 14, bad check digit
    ['123456789012345', { type: 'invalidUpc', raw: '123456789012345' }], // 15
    ['1234567890123456', { type: 'invalidUpc', raw: '1234567890123456' }], // 16
    ['12345678901234567', { type: 'invalidUpc', raw: '12345678901234567' }], // 17
  ])('invalid UPC %j', (text, expected) => {
    expect(parseScan(text)).toEqual(expected);
  });

  // Boundary lengths 7/8/9, 11/12/13, 13/14/15, 17/18/19 with valid and invalid check digits.
  it.each<[string, ScanType]>([
    ['1234565', 'error'],
    ['12345670', 'upc'],
    ['12345671', 'error'],
    ['123456784', 'error'],
    ['12345678905', 'error'],
    ['123456789012', 'upc'],
    ['123456789013', 'upc'],
    ['1234567890128', 'upc'],
    ['1234567890129', 'error'],
    ['12345678901231', 'upc'],
    ['12345678901232', 'invalidUpc'],
    ['123456789012343', 'invalidUpc'],
    ['12345678901234560', 'invalidUpc'],
    ['123456789012345675', 'upc'],
    ['123456789012345676', 'error'],
    ['1234567890123456789', 'error'],
  ])('length boundary %s -> %s', (text, type) => {
    expect(parseScan(text).type).toBe(type);
  });
});

describe('parseScan: tracking numbers', () => {
  const tracking = (carrier: 'UPS' | 'FedEx' | 'USPS', trackingNumber: string): ParsedScan => ({
    type: 'trackingNumber',
    carrier,
    trackingNumber,
  });

  it.each<[string, ParsedScan]>([
    ['1Z999AA10123456784', tracking('UPS', '1Z999AA10123456784')],
    ['1z999aa10123456784', tracking('UPS', '1Z999AA10123456784')],
    ['9611020987654312345672', tracking('FedEx', '9611020987654312345672')], // FedEx Ground 96, 22 digits
    ['96123456789012345678', tracking('FedEx', '96123456789012345678')], // 20 digits starting 96
    ['1001921334250001000300779017972697', tracking('FedEx', '779017972697')], // 34 digits: last 12
    ['9622001900000000000000776632517510', tracking('FedEx', '776632517510')],
    ['9400100000000000000001', tracking('USPS', '9400100000000000000001')], // 22
    ['920550000000000000001', tracking('USPS', '920550000000000000001')], // 21
    ['91000000000000000001', tracking('USPS', '91000000000000000001')], // 20
    ['9300000000000000000000', tracking('USPS', '9300000000000000000000')],
    ['9500000000000000000000', tracking('USPS', '9500000000000000000000')],
    // 420 + 5-digit ZIP + IMpb (30 digits) and 420 + 9-digit ZIP + IMpb (34 digits).
    ['420902109400100000000000000001', tracking('USPS', '9400100000000000000001')],
    ['4209021012349400100000000000000001', tracking('USPS', '9400100000000000000001')],
    ['4209021091000000000000000001', tracking('USPS', '91000000000000000001')],
    ['EA123456789US', tracking('USPS', 'EA123456789US')],
    ['ea123456789us', tracking('USPS', 'EA123456789US')],
  ])('%j', (text, expected) => {
    expect(parseScan(text)).toEqual(expected);
  });

  it('lets UPC rules win over FedEx 12 and 15 digit numbers', () => {
    expect(parseScan('986578788855')).toEqual({ type: 'upc', upc: '0000986578788855', raw: '986578788855' });
    expect(parseScan('568283610012000')).toEqual({ type: 'invalidUpc', raw: '568283610012000' });
  });

  it.each([
    '1Z999AA1012345678', // 15 after 1Z
    '1Z999AA101234567844', // 17 after 1Z
    '1Z999AA1012345678-',
    '90000000000000000000', // 20 digits, not 91-96
    '97000000000000000000000',
    '9400100000000000000000001', // 25 digits
    '961234567890123456789', // 21 digits starting 96
    '42090210123', // 420 with nothing after the ZIP
    '4209021094001000000000000000001', // 31 digits: no ZIP form leaves an IMpb
    'EA12345678US',
    'EA123456789GB',
    'E1123456789US',
  ])('rejects %j', (text) => {
    expect(parseScan(text)).toEqual(unknown(text));
  });
});

describe('parseScan: unknown input', () => {
  it.each([
    '',
    '   ',
    'hello world',
    'ABC',
    '{CO:1',
    '//',
    '/',
    '12-34-56-78',
    '0361234\t5',
  ])('%j is an unknown scan', (text) => {
    expect(parseScan(text)).toEqual(unknown(text.trim()));
  });

  it('reports the trimmed text but keeps its case', () => {
    expect(parseScan('  Hello  ')).toEqual({ type: 'error', raw: 'Hello', message: 'Unknown Scan' });
  });
});

describe('binKindOf', () => {
  it('maps every special prefix', () => {
    expect(BIN_KINDS).toEqual({
      B: 'Bin',
      N: 'Receiving',
      R: 'Return',
      T: 'Transfer',
      F: 'FBA',
      Q: 'Quarantine',
      C: 'ChannelOrder',
      S: 'SalesPerson',
    });
  });

  it.each<[string, ReturnType<typeof binKindOf>]>([
    ['B01', 'Bin'],
    ['N1', 'Receiving'],
    ['R22', 'Return'],
    ['T3', 'Transfer'],
    ['F44', 'FBA'],
    ['Q5', 'Quarantine'],
    ['C66', 'ChannelOrder'],
    ['S7', 'SalesPerson'],
    ['q5', 'Quarantine'],
    ['123', 'Bin'],
    ['0', 'Bin'],
    ['X1', null],
    ['1B', null],
    ['', null],
  ])('%j -> %s', (bin, kind) => {
    expect(binKindOf(bin)).toBe(kind);
  });
});
