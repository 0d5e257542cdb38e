export * from './commands.js';
export * from './events.js';
export * from './errors.js';
export * from './messages.js';
export * from './names.js';
export * from './view-assembly.js';
export * from './view-changes.js';
