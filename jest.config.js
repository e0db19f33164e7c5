/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	testMatch: ['<rootDir>/test/**/*.test.ts'],
	setupFiles: ['<rootDir>/test/setup.ts'],
	testTimeout: 30000,
	// The unit tests mostly wait (the simulator over HTTP, rate-limit windows, timers), not compute:
	// on CI's 2 cores, 4 workers take 70 s where jest's default of one worker took 163 s.
	maxWorkers: 4,
	// n8n-core leaves an unreferenced timer behind after a workflow run.
	forceExit: true,
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
};
