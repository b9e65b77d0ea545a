import './api/zod-messages';

export * from './address';
export * from './admin';
export * from './api/envelope';
export * from './api/text';
export * from './auth';
export * from './catalogue';
export * from './money/money';
export * from './orders';
export * from './printing';
export * from './returns';
export * from './scanner';
export * from './shipping';
export * from './warehouse';
