export * from './constants.js';
export * from './languages.js';
export * from './auth.js';
export * from './api/common.js';
export * from './api/heartbeat.js';
export * from './api/config.js';
export * from './api/users.js';
export * from './platforms/platforms.js';
