export * from './backoff';
export * from './failures';
export * from './redirects';
