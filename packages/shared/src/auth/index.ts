export * from './auth.schemas';
export * from './permissions';
export * from './roles';
export * from './route-access';
export * from './user-reach';
