export * from './next-numbers';
