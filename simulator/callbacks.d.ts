import type { callbacks } from './server';

export const encodeCallback: (typeof callbacks)['encodeCallback'];
export const fireCallback: (typeof callbacks)['fireCallback'];
