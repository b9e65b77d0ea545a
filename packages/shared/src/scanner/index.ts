export * from './division-barcode';
export * from './gtin';
export * from './parse-scan';
export * from './scan-names';
