import { describe, expect, it } from 'vitest';
import { parseScan } from './parse-scan';
import { scanNotTakenMessage } from './scan-names';

describe('scan names a person understands', () => {
  it.each([
    ['/IBR-12/', 'This screen does not take return labels'],
    ['885978123452', 'This screen does not take product barcodes'],
    ['1Z999AA10123456784', 'This screen does not take tracking numbers'],
    ['{CO:12}', 'This screen does not take order labels'],
    ['{ABC:1}', 'This screen does not take record labels'],
    ['//GCABCDEFGH123456//', 'This screen does not take gift cards'],
    ['MAIN-01AA01AA-01', 'This screen does not take warehouse location labels'],
  ])('%s', (raw, message) => {
    const scan = parseScan(raw);
    expect(scanNotTakenMessage(scan)).toBe(message);
    // Never the parser's internal names.
    expect(message).not.toMatch(/inboundReturn|upc|trackingNumber|entity|division/);
  });

  it('names the scan types as the spec does', () => {
    expect(parseScan('/IBR-7/').type).toBe('inboundReturn');
    expect(parseScan('1Z999AA10123456784').type).toBe('trackingNumber');
  });
});
