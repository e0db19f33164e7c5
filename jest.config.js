/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	setupFiles: ['<rootDir>/test/setup.ts'],
	testTimeout: 30000,
	// n8n-core leaves an unreferenced timer behind after a workflow run.
	forceExit: true,
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
};
