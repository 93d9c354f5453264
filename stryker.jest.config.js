/**
 * The jest configuration of `npm run mutate` (StrykerJS): only the pure tests (test/cfdi,
 * test/orders), which exercise cfdi/ without the engine or the sandbox. Not used by `npm test`.
 */
const base = require('./jest.config');

/** @type {import('jest').Config} */
module.exports = {
	...base,
	roots: ['<rootDir>/test/cfdi', '<rootDir>/test/orders'],
	globalSetup: undefined,
};
