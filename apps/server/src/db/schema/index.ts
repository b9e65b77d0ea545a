export * from './admin';
export * from './auth';
