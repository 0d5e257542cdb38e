export * from './core/bot.js';
export * from './core/define-game.js';
export * from './core/dice.js';
export * from './core/errors.js';
export * from './core/fair-dice.js';
export * from './core/generator.js';
export * from './core/viewer.js';
export * from './games/index.js';
