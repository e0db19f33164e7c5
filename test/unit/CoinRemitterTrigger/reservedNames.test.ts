// The trigger's own names (event, interface, verified, verification, deliveryKey, unverifiedFields,
// and an invoice's owed and overpaid)
// are set by the trigger on every item, verified or not: a sender's value for one of them never
// reaches the item's top level; it is kept under unverifiedFields.
import { RESERVED_NAMES } from '../../../nodes/CoinRemitterTrigger/receive';
import { callbacks } from '../../../simulator/server';
import { useSimulator, v1Credentials } from '../../fixtures/simulator';
import { callWebhook, encode } from '../../helpers/webhook';

const ctx = useSimulator();

const claims = {
	event: 'invoice',
	interface: 'v1',
	verified: 'true',
	verification: 'Verified: the CoinRemitter API confirmed this record',
	deliveryKey: 'v1:invoice:INV1:1',
	unverifiedFields: 'none',
	owed: '0',
	overpaid: '999',
};

describe("the trigger's reserved names", () => {
	it('lists exactly the names of the interface and the invoice balance', () => {
		expect([...RESERVED_NAMES].sort()).toEqual(Object.keys(claims).sort());
	});

	it('an unverified widget order that names itself an invoice stays a widget order; the claims go under unverifiedFields', async () => {
		const forged = {
			...callbacks.widgetOrders.paymentButton(),
			...claims,
			invoice_id: 'INV1',
			status_code: '1',
			status: 'Paid',
		};
		const [item] = (await callWebhook(encode(forged))).items;
		expect(item).toMatchObject({ event: 'widgetOrder', verified: false });
		expect(item.verification).toMatch(/^NOT verified/);
		expect(item.deliveryKey).toMatch(/^widget:/);
		expect(item.unverifiedFields).toEqual(claims);
	});

	it("a deposit verified against the API keeps the trigger's names; what the sender claimed under them is under unverifiedFields", async () => {
		const deposit = callbacks.samples.deposit(ctx.sim);
		const callback = callbacks.v1TransactionWebhook(ctx.sim, deposit.id as string);
		const [item] = (
			await callWebhook(encode({ ...callback, ...claims }), {
				credentials: v1Credentials(ctx.sim),
			})
		).items;
		expect(item).toMatchObject({ event: 'deposit', interface: 'v1', verified: true });
		expect(item.deliveryKey).toMatch(/^v1:tx:/);
		expect(item.unverifiedFields).toMatchObject(claims);
	});
});
