/**
 * Moves only Date's clock to `at`: the simulator and n8n keep their real timers. Date stands
 * still there, unless `running` (then it goes on at the real pace from `at`).
 */
export function dateOnlyAt(at: string | number, { running = false } = {}) {
	jest.useFakeTimers({
		now: typeof at === 'string' ? new Date(at) : at,
		advanceTimers: running,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}
