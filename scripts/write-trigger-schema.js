// Writes the trigger's output schema for the n8n editor, generated from the schemas the trigger parses with.
const { mkdirSync, writeFileSync } = require('fs');
const { join } = require('path');
const { outputJsonSchema } = require('../dist/nodes/CoinRemitterTrigger/outputSchema');

const dir = join(__dirname, '..', 'dist', 'nodes', 'CoinRemitterTrigger', '__schema__');
mkdirSync(dir, { recursive: true });
// The same items at every typeVersion of the trigger; n8n looks the file up by the node's version.
const schema = `${JSON.stringify(outputJsonSchema(), null, 2)}\n`;
for (const version of ['v1.0.0', 'v2.0.0', 'v3.0.0'])
	writeFileSync(join(dir, `${version}.json`), schema);
