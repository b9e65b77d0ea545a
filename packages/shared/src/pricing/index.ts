export * from './minimum-price';
export * from './pricing-report';
export * from './pricing-report.schemas';
