/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }],
	},
	// dist/package.json would otherwise collide with the root package.json in jest's module map.
	modulePathIgnorePatterns: ['<rootDir>/dist/'],
	testTimeout: 60000,
	globalSetup: '<rootDir>/test/globalSetup.ts',
};
