// Runs a credential's `test` the way n8n's credentials tester does: resolve the request's
// expressions against the credential, authenticate it, send it, then apply the rules.
import { httpRequest } from 'n8n-core/dist/execution-engine/node-execution-context/utils/request-helper-functions';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
	INode,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';

import { TestCredentialsHelper, credentialTypes, nodeClasses } from './engine';

const probeNode: INode = {
	id: 'credential-test',
	name: 'Credential test',
	type: Object.keys(nodeClasses)[0],
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

export async function testCredential(typeName: string, data: ICredentialDataDecryptedObject) {
	const type = credentialTypes[typeName];
	if (!type.test) throw new Error(`${typeName} has no test`);
	const workflow = new Workflow({
		nodes: [probeNode],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeClasses[probeNode.type],
			getByNameAndVersion: () => nodeClasses[probeNode.type],
			getKnownTypes: () => ({}),
		} as never,
	});
	const resolve = (value: unknown): unknown =>
		typeof value === 'string'
			? workflow.expression.getSimpleParameterValue(
					probeNode,
					value,
					'internal',
					{ $credentials: data } as IDataObject,
					undefined,
					'',
				)
			: value;
	const { baseURL, url, method, body, headers } = type.test.request;
	let request: IHttpRequestOptions = {
		url: `${resolve(baseURL) as string}${resolve(url) as string}`,
		method,
		headers:
			headers &&
			(Object.fromEntries(
				Object.entries(headers as IDataObject).map(([name, value]) => [name, resolve(value)]),
			) as IDataObject),
		body: body as IDataObject | undefined,
		json: true,
	};
	let response: IDataObject;
	try {
		// As n8n's tester: a credential that refuses to authenticate fails the test with its words.
		request = await new TestCredentialsHelper({ [typeName]: data }).authenticate(
			data,
			typeName,
			request,
			workflow,
			probeNode,
		);
		response = (await httpRequest(request)) as IDataObject;
	} catch (error) {
		return { status: 'Error' as const, message: (error as Error).message };
	}
	for (const rule of type.test.rules ?? []) {
		if (
			rule.type === 'responseSuccessBody' &&
			response[rule.properties.key] === rule.properties.value
		) {
			return { status: 'Error' as const, message: rule.properties.message };
		}
	}
	return { status: 'OK' as const, message: 'Connection tested successfully' };
}
