export * from './agent-protocol';
export * from './papers';
export * from './printing.schemas';
export * from './printing-replies.schemas';
export * from './zpl-labels';
