export * from './next-numbers';
export * from './usb-scale';
export * from './warehouse.schemas';
