export * from './admin';
export * from './auth';
export * from './catalogue';
export * from './inventory';
export * from './listing';
export * from './printing';
export * from './product-queues';
export * from './warehouse';
