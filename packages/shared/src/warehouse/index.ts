export * from './division-toasts';
export * from './next-numbers';
export * from './recondition.schemas';
export * from './recondition-flow';
export * from './usb-scale';
export * from './warehouse.schemas';
export * from './warehouse-replies.schemas';
