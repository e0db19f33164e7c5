// The scripted model's last answer reads as a person reads it: one line per tool it called, each
// tool's message, refusal or first fields in a few words, never an escaped JSON string.
import { finalAnswer } from '../../../simulator/openai';

const call = (name: string) => ({ role: 'assistant', tool_calls: [{ function: { name } }] });
const result = (content: unknown) => ({ role: 'tool', content: JSON.stringify(content) });

describe("the scripted model's answer", () => {
	it('says what each tool answered, in the order called, with no JSON', () => {
		const results = [
			result([{ balance: '12.5', coin_symbol: 'TCN', wallet_name: 'tcn-wallet', deep: { x: 1 } }]),
			result({ error: 'This withdrawal was already attempted' }),
			result({ message: 'Sent 0.5 TCN' }),
		];
		const messages = [call('balance'), call('withdraw'), call('withdraw_2'), ...results];
		expect(finalAnswer(messages, results)).toBe(
			[
				'Done. What each tool said:',
				'- balance: balance 12.5, coin_symbol TCN, wallet_name tcn-wallet',
				'- withdraw: refused: This withdrawal was already attempted',
				'- withdraw_2: Sent 0.5 TCN',
			].join('\n'),
		);
	});
});
