export * from './return-api.schemas';
export * from './return-appeals';
export * from './return-label-rules';
export * from './return-notes';
export * from './return-payments';
export * from './return-refund';
export * from './return-statuses';
