// Runs a credential's test the way n8n's credentials tester does for a credential that a node
// tests (`testedBy`): the node's `methods.credentialTest` function, called with n8n-core's own
// CredentialTestContext (its `helpers.request` is n8n's request helper).
import { CredentialTestContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INodeCredentialTestResult } from 'n8n-workflow';

import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';
import { credentialTypes } from './engine';

const node = new CoinRemitter();

export async function testCredential(
	typeName: string,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	if (!credentialTypes[typeName]) throw new Error(`unknown credential type ${typeName}`);
	const testedBy = node.description.credentials?.find(({ name }) => name === typeName)?.testedBy;
	const test = typeof testedBy === 'string' ? node.methods.credentialTest[testedBy] : undefined;
	if (!test) throw new Error(`no node tests ${typeName}`);
	return await test.call(new CredentialTestContext(), {
		id: 'credential-under-test',
		name: typeName,
		type: typeName,
		data,
	});
}
