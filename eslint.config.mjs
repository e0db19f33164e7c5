import tseslint from 'typescript-eslint';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

const { rules: communityRules } = n8nNodesBase.configs.community;
const { rules: credentialRules } = n8nNodesBase.configs.credentials;
const { rules: nodeRules } = n8nNodesBase.configs.nodes;

export default tseslint.config(
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'simulator/**', 'scripts/**', '*.js', '*.mjs'] },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tseslint.parser, parserOptions: { sourceType: 'module' } },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: communityRules,
	},
	{
		files: ['credentials/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...credentialRules,
			// Applies to n8n's own repository only; a community credential links a full URL.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: {
			...nodeRules,
			// Superseded by @n8n/community-nodes/node-connection-type-literal, which asks for NodeConnectionTypes.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		files: ['package.json'],
		languageOptions: { parser: tseslint.parser },
		plugins: { 'n8n-nodes-base': n8nNodesBase },
		rules: communityRules,
	},
	{ files: ['**/*.ts', 'package.json'], ...n8nCommunityNodesPlugin.configs.recommended },
	...tseslint.configs.recommended.map((c) => ({ ...c, files: ['**/*.ts'] })),
);
