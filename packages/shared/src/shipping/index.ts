export * from './one-off.schemas';
export * from './order-shipments.schemas';
export * from './return-labels.schemas';
export * from './shipment-flags';
export * from './shipping-common.schemas';
