/** Moves only Date's clock to `at`: the simulator and n8n keep their real timers. */
export function dateOnlyAt(at: string | number) {
	jest.useFakeTimers({
		now: typeof at === 'string' ? new Date(at) : at,
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
