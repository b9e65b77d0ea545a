export * from './return-api.schemas';
export * from './return-statuses';
