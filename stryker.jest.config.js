/**
 * The jest configuration of `npm run mutate` (StrykerJS): only the pure tests (test/cfdi,
 * test/orders), which exercise cfdi/ without the engine or the sandbox. Not used by `npm test`.
 * MUTATE_TESTS (comma-separated test files) narrows the tests further, e.g. to the tests of the
 * files being mutated: on a busy machine each mutant then runs in seconds.
 */
const base = require('./jest.config');

const only = (process.env.MUTATE_TESTS ?? '').split(',').map((file) => file.trim()).filter(Boolean);

/** @type {import('jest').Config} */
module.exports = {
	...base,
	roots: ['<rootDir>/test/cfdi', '<rootDir>/test/orders'],
	...(only.length > 0 ? { testMatch: only.map((file) => `**/${file}`) } : {}),
	globalSetup: undefined,
};
