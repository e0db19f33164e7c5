// Writes the trigger's output schema for the n8n editor, generated from the schemas the trigger parses with.
const { mkdirSync, writeFileSync } = require('fs');
const { join } = require('path');
const { outputJsonSchema } = require('../dist/nodes/CoinRemitterTrigger/outputSchema');

const dir = join(__dirname, '..', 'dist', 'nodes', 'CoinRemitterTrigger', '__schema__');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'v1.0.0.json'), `${JSON.stringify(outputJsonSchema(), null, 2)}\n`);
