export * from './agent-protocol';
export * from './papers';
export * from './printing.schemas';
export * from './zpl-labels';
