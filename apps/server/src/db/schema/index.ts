export * from './admin';
export * from './auth';
export * from './catalogue';
export * from './inventory';
export * from './printing';
export * from './warehouse';
