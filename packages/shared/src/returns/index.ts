export * from './return-api.schemas';
export * from './return-appeal-statuses';
export * from './return-notes.schemas';
export * from './return-statuses';
export * from './returns-search.schemas';
