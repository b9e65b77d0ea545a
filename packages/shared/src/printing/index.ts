export * from './agent-protocol';
export * from './papers';
export * from './printing.schemas';
