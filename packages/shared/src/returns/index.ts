export * from './return-api.schemas';
export * from './return-detail.schemas';
export * from './return-disposition';
export * from './return-item-rules';
export * from './return-links';
export * from './return-statuses';
export * from './return-texts';
