// Runs the package's nodes through n8n-core's real execution engine (WorkflowExecute), with a
// credentials helper that applies each credential's `authenticate` the way n8n's server does.
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeExecutionData,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	NodeParameterValueType,
} from 'n8n-workflow';
import { createDeferredPromise, ICredentialsHelper, NodeHelpers, Workflow } from 'n8n-workflow';

import { CoinRemitterApi } from '../../credentials/CoinRemitterApi.credentials';
import { CoinRemitterLegacyApi } from '../../credentials/CoinRemitterLegacyApi.credentials';
import { CoinRemitter } from '../../nodes/CoinRemitter/CoinRemitter.node';

export const PACKAGE = 'n8n-nodes-coinremitter';

/** A node that ran earlier in the execution (`RunOptions.upstream`); never executed by a test. */
const UPSTREAM = 'test.upstream';

export const nodeClasses: Record<string, INodeType> = {
	[`${PACKAGE}.coinRemitter`]: new CoinRemitter(),
	[UPSTREAM]: {
		description: {
			displayName: 'Upstream',
			name: 'upstream',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: 'Upstream' },
			inputs: ['main'],
			outputs: ['main'],
			// What Send Approved reads of the node before it (a Send and Wait node's).
			properties: [
				{ displayName: 'Operation', name: 'operation', type: 'string', default: '' },
				{ displayName: 'Response Type', name: 'responseType', type: 'string', default: 'approval' },
			],
		},
	} as unknown as INodeType,
};

export const credentialTypes: Record<string, ICredentialType> = {
	coinRemitterApi: new CoinRemitterApi(),
	coinRemitterLegacyApi: new CoinRemitterLegacyApi(),
};

class TestNodeTypes implements INodeTypes {
	getByName(type: string): INodeType | IVersionedNodeType {
		const node = nodeClasses[type];
		if (!node) throw new Error(`unknown node type ${type}`);
		return node;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(type), version);
	}

	getKnownTypes() {
		return {};
	}
}

/** Applies credentials like n8n's server: generic properties with expressions resolved, or the credential's function. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		if (typeof type.authenticate === 'function')
			return await type.authenticate(credentials, requestOptions);
		if (type.authenticate?.type !== 'generic') return requestOptions;
		const resolve = (value: string) =>
			String(
				workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials } as IDataObject,
					undefined,
					'',
				) ?? '',
			);
		const target = requestOptions as unknown as Record<string, Record<string, string> | undefined>;
		for (const [outerKey, entries] of Object.entries(type.authenticate.properties)) {
			target[outerKey] ??= {};
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				target[outerKey]![resolve(key)] = resolve(value);
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	getParentTypes(): string[] {
		return [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.credentials[type];
		if (!data) throw new Error(`no test credentials of type ${type}`);
		return structuredClone(data);
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used in tests');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string) {
		return credentialTypes[type].properties;
	}

	isCredentialUsableByNode() {
		return true;
	}
}

export interface RunOptions {
	type?: string;
	parameters: Record<string, NodeParameterValueType>;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** On Error → Continue (using error output): failed items go to the node's second output. */
	errorOutput?: boolean;
	/** Runs of one workflow share what n8n stores per workflow (payout keys); each run is its own workflow unless a test says otherwise. */
	workflowId?: string;
	/** The workflow's static data as n8n loaded it from its database (saved by the test, when it wants, from `run.staticData`). */
	staticData?: IDataObject;
	/** The node's name in the workflow (default "CoinRemitter"). */
	nodeName?: string;
	/** The node's version (default 1, what saved workflows of 0.1.0 and 0.2.0 hold). */
	typeVersion?: number;
	/** The node's id (default "node-under-test"): a second node of one workflow has another. */
	nodeId?: string;
	/** The id of the saved credential (default: its type's name): another id is another wallet. */
	credentialId?: string;
	/**
	 * Nodes that ran before the node in this execution, first to last, each with what it output (the
	 * last one's output is not the node's input: `items` is). The node reads them as n8n keeps them.
	 */
	upstream?: Upstream[];
}

/** A node that ran before the node under test: its name, what it output, and its parameters. */
export interface Upstream {
	name: string;
	items: IDataObject[];
	parameters?: INode['parameters'];
}

export interface RunResult {
	/** Every output of the node, first to last. */
	outputs: Array<INodeExecutionData[] | null>;
	items: INodeExecutionData[];
	/** What went to the error output (On Error → Continue (using error output)). */
	errorItems: INodeExecutionData[];
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string };
	run: IRun;
	/** The workflow's static data after the run, as n8n would save it at the end of a non-manual execution. */
	staticData: IDataObject;
}

const NODE_NAME = 'CoinRemitter';
let runs = 0;

/** Executes one node of the package on the given input items and returns what came out. */
export async function runNode(options: RunOptions): Promise<RunResult> {
	const type = options.type ?? `${PACKAGE}.coinRemitter`;
	const node: INode = {
		id: options.nodeId ?? 'node-under-test',
		name: options.nodeName ?? NODE_NAME,
		type,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: Object.fromEntries(
			Object.keys(options.credentials).map((name) => [
				name,
				{ id: options.credentialId ?? name, name },
			]),
		),
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
	};
	const workflowId = options.workflowId ?? `test-${++runs}`;
	const upstream = options.upstream ?? [];
	const upstreamNodes: INode[] = upstream.map(({ name, parameters }, index) => ({
		id: `upstream-${index}`,
		name,
		type: UPSTREAM,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters ?? {},
	}));
	const chain = [...upstreamNodes, node];
	const connections = Object.fromEntries(
		upstreamNodes.map(({ name }, index) => [
			name,
			{ main: [[{ node: chain[index + 1].name, type: 'main' as const, index: 0 }]] },
		]),
	);
	const workflow = new Workflow({
		id: workflowId,
		nodes: chain,
		connections,
		active: false,
		nodeTypes: new TestNodeTypes(),
		staticData: options.staticData,
	});

	const hooks = new ExecutionLifecycleHooks('manual', 'test-execution', {
		id: workflowId,
		name: 'test',
		active: false,
		nodes: chain,
		connections,
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
		activeVersionId: null,
	} as unknown as ConstructorParameters<typeof ExecutionLifecycleHooks>[2]);
	const finished = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (run) => finished.resolve(run));

	const additionalData = {
		hooks,
		credentialsHelper: new TestCredentialsHelper(options.credentials),
		executeWorkflow: async () => {
			throw new Error('not used in tests');
		},
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		userId: 'test-user',
		// Each run is its own execution: rate-limit pacing is per execution.
		executionId: `test-${Math.random().toString(36).slice(2)}`,
	} as unknown as IWorkflowExecuteAdditionalData;

	const input = (options.items ?? [{}]).map((json) => ({ json }));
	const runData = Object.fromEntries(
		upstream.map(({ name, items }, index) => [
			name,
			[
				{
					startTime: Date.now(),
					executionTime: 0,
					executionIndex: index,
					source: index === 0 ? [] : [{ previousNode: upstream[index - 1].name }],
					data: { main: [items.map((json, item) => ({ json, pairedItem: { item } }))] },
				},
			],
		]),
	);
	const previous = upstream.at(-1)?.name;
	const runExecutionData: IRunExecutionData = {
		startData: {},
		resultData: { runData },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [
				{
					node,
					data: { main: [input] },
					source: previous ? { main: [{ previousNode: previous }] } : null,
				},
			],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;

	await new WorkflowExecute(additionalData, 'manual', runExecutionData).processRunExecutionData(
		workflow,
	);
	const run = await finished.promise;
	const taskData = run.data.resultData.runData[options.nodeName ?? NODE_NAME]?.[0];
	return {
		outputs: taskData?.data?.main ?? [],
		items: taskData?.data?.main?.[0] ?? [],
		errorItems: taskData?.data?.main?.[1] ?? [],
		error: (taskData?.error ?? run.data.resultData.error) as RunResult['error'],
		run,
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
	};
}
