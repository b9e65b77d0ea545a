export * from './collection-editor';
export * from './collections';
