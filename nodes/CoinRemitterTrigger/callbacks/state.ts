import type { IDataObject } from 'n8n-workflow';

import type { TriggerEvent } from './schemas';

/** True once a transaction has the confirmations the service asks for. */
export function isConfirmed(item: IDataObject, legacyConfirmationsNeeded: number): boolean {
	if (item.status_code === 1 && (item.event === 'deposit' || item.event === 'withdrawal')) return true;
	const confirmations = typeof item.confirmations === 'number' ? item.confirmations : 0;
	if (typeof item.required_confirmations === 'number') return confirmations >= item.required_confirmations;
	return item.interface === 'legacy' && confirmations >= legacyConfirmationsNeeded;
}

/**
 * What makes a delivery new: the same transaction pending and then confirmed, or the same invoice
 * or order in a new status or with a new payment, are different states; a repeat of one is not.
 */
export function stateKey(event: TriggerEvent, item: IDataObject, confirmed: boolean): string {
	const payments = Array.isArray(item.payment_history) ? item.payment_history.length : 0;
	switch (event) {
		case 'deposit':
		case 'withdrawal':
			return `${item.interface}:tx:${String(item.id)}:${confirmed ? 'confirmed' : 'pending'}`;
		case 'invoice':
			return `${item.interface}:invoice:${String(item.invoice_id)}:${String(item.status_code)}:${payments}`;
		default:
			return `widget:${String(item.widget_id)}:${String(item.order_id)}:${String(item.status_code)}:${payments}`;
	}
}

const MAX_REMEMBERED = 5000;

/**
 * Remembers delivered states in the workflow's static data (kept across executions and restarts)
 * and in this process (covers deliveries that arrive at the same moment).
 */
export class DeliveryMemory {
	private static readonly recent = new Map<string, number>();

	constructor(
		private readonly staticData: IDataObject,
		private readonly scope: string,
	) {}

	/** Records the key; answers false when it was already delivered. */
	claim(key: string, now = Date.now()): boolean {
		const scoped = `${this.scope}|${key}`;
		const seen = (this.staticData.delivered ??= {}) as Record<string, number>;
		if (seen[key] !== undefined || DeliveryMemory.recent.has(scoped)) return false;
		seen[key] = now;
		DeliveryMemory.recent.set(scoped, now);
		prune(seen);
		if (DeliveryMemory.recent.size > MAX_REMEMBERED) {
			const [oldest] = DeliveryMemory.recent.keys();
			DeliveryMemory.recent.delete(oldest);
		}
		this.staticData.delivered = seen;
		return true;
	}
}

function prune(seen: Record<string, number>) {
	const keys = Object.keys(seen);
	if (keys.length <= MAX_REMEMBERED) return;
	keys.sort((a, b) => seen[a] - seen[b]);
	for (const key of keys.slice(0, keys.length - MAX_REMEMBERED)) delete seen[key];
}
