export * from './events.js';
export * from './errors.js';
export * from './messages.js';
