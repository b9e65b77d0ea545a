export * from './auth.schemas';
export * from './permissions';
