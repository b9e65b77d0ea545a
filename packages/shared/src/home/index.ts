export * from './home-summary';
