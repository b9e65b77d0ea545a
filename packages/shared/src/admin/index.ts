export * from './account.schemas';
export * from './user.schemas';
export * from './utc-offsets';
