export * from './one-off-rules';
export * from './package-rules';
export * from './rate-rules';
export * from './shipping-address';
export * from './shipping-reference.schemas';
export * from './tracking-numbers';
