import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../../../helpers/engine';
import { onlyRequest } from '../../../../helpers/assertions';
import { editorParameters } from '../../../../helpers/editor';
import { v1Operations } from '../../../../helpers/operations';
import { TCN, useSimulator, v1Credentials } from '../../../../fixtures/simulator';

const ctx = useSimulator();

describe('rate: getSupportedCurrencies', () => {
	describe('v1', () => {
		const { runAsEditor, description: nodeDescription } = v1Operations(ctx);

		it('sends no field and outputs one item per coin with its fee levels as strings', async () => {
			const items = await runAsEditor({ resource: 'rate', operation: 'getSupportedCurrencies' });
			const request = onlyRequest(ctx.sim, TCN);
			expect(request.path).toBe('/v1/rate/supported-currency');
			expect(request.fields).toEqual({});
			const tcn = items.find((item) => item.json.coin_symbol === 'TCN')?.json as IDataObject;
			expect(tcn).toMatchObject({
				coin: 'Tcoin',
				price_in_usd: '0.50000000',
				minimum_deposit_amount: '0.01000000',
			});
			expect((tcn.fees as IDataObject).priority).toMatchObject({
				transaction_fees_type: 'flat',
				transaction_fee: '0.00030000',
			});
		});

		it('pairs every element with its input item when several items run', async () => {
			const result = await runNode({
				parameters: editorParameters(nodeDescription, {
					apiVersion: 'v1',
					resource: 'rate',
					operation: 'getSupportedCurrencies',
				}) as never,
				credentials: v1Credentials(ctx.sim),
				items: [{}, {}],
			});
			const perCall = result.items.length / 2;
			expect(
				result.items
					.slice(0, perCall)
					.every((item) => (item.pairedItem as { item: number }).item === 0),
			).toBe(true);
			expect(
				result.items
					.slice(perCall)
					.every((item) => (item.pairedItem as { item: number }).item === 1),
			).toBe(true);
		});
	});
});
