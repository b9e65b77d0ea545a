export * from './catalogue.schemas';
