export * from './backoff';
export * from './failures';
