import { CoinRemitterApi } from '../../../credentials/CoinRemitterApi.credentials';
import { CoinRemitterLegacyApi } from '../../../credentials/CoinRemitterLegacyApi.credentials';
import { CoinRemitterWidgetApi } from '../../../credentials/CoinRemitterWidgetApi.credentials';
import { CoinRemitter } from '../../../nodes/CoinRemitter/CoinRemitter.node';
import { CoinRemitterTrigger } from '../../../nodes/CoinRemitterTrigger/CoinRemitterTrigger.node';

describe('node versions and credential labels', () => {
	it('places new triggers at typeVersion 3 and keeps 1 and 2 for saved workflows', () => {
		const { description } = new CoinRemitterTrigger();
		expect(description.version).toEqual([1, 2, 3]);
		expect(description.defaultVersion).toBe(3);
	});

	it.each([
		['CoinRemitter', new CoinRemitter().description],
		['CoinRemitter Trigger', new CoinRemitterTrigger().description],
	])('%s labels each credential as its credential type is named', (_node, description) => {
		const typeNames = Object.fromEntries(
			[new CoinRemitterApi(), new CoinRemitterLegacyApi(), new CoinRemitterWidgetApi()].map(
				(type) => [type.name, type.displayName],
			),
		);
		const labels = (description.credentials ?? []).map((credential) => [
			credential.displayName,
			typeNames[credential.name],
		]);
		expect(labels.length).toBeGreaterThanOrEqual(2);
		for (const [label, typeName] of labels) expect(label).toBe(typeName);
	});
});
