export * from './division-toasts';
export * from './next-numbers';
export * from './usb-scale';
export * from './warehouse.schemas';
