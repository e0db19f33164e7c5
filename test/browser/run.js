#!/usr/bin/env node
'use strict';
// Browser suite: the package's nodes in n8n's real editor, in Debian's Chromium driven by
// playwright-core (never a downloaded browser), against ONE real n8n 1.123 started like the e2e
// suite starts one (package installed as n8n installs it, simulator credentials and examples
// imported). Prints one line per check and "N passed, N failed"; screenshots go to
// test/browser/screenshots/ (git-ignored; the README's copies are in docs/screenshots/).
// The checks are in test/browser/sections/, one module per part of the editor.
// Needs /usr/bin/chromium: scripts/install-browser.sh installs it.
const { existsSync, mkdirSync } = require('node:fs');
const { chromium } = require('playwright-core');
const { startSimulator } = require('../../simulator/server');
const {
	attempt,
	credentialsFor,
	EXAMPLES,
	finish,
	packPackage,
	prepareN8n,
	targets,
} = require('../harness');
const { shot, SHOTS, signIn } = require('./editor');
const { invoicePanel, withdrawalPanel, withdrawalRequired } = require('./sections/action-panels');
const { credentialDialog } = require('./sections/credential-dialog');
const { nodeCreator } = require('./sections/node-creator');
const { payoutsExample } = require('./sections/payouts-example');
const { triggerOptions } = require('./sections/trigger-panel');

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** The simulator and one n8n with the package, the simulator's credentials and the examples, its owner set up. */
async function startN8nWithExamples(version) {
	const sim = await startSimulator({ rateLimit: 1000 });
	let instance;
	const stop = async () => {
		await instance?.dispose();
		await sim.stop();
	};
	try {
		const [target] = await targets({ only: version });
		if (!target) throw new Error(`n8n ${version} is not among the e2e targets`);
		instance = await prepareN8n({
			...target,
			tarball: await packPackage(),
			credentials: credentialsFor(sim.url),
		});
		await instance.importWorkflowFolder(EXAMPLES);
		await instance.start();
		await instance.setupOwnerOnceRoutesExist();
		return { sim, instance, target, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

/** Each section's checks; a section that throws fails with its stack and a screenshot. */
async function runSections(page, sim, instance) {
	const sections = [
		['node creator', () => nodeCreator(page)],
		['Invoice → Create panel', () => invoicePanel(page)],
		['Withdrawal → Create panel', () => withdrawalPanel(page)],
		['Withdrawal → Create required fields', () => withdrawalRequired(page)],
		['credential dialog', () => credentialDialog(page, sim)],
		['trigger options and schema', () => triggerOptions(page, instance)],
		['payouts example executed', () => payoutsExample(page, sim)],
	];
	for (const [label, run] of sections) {
		const onFailure = () => shot(page, `failed-${label.replace(/\W+/g, '-').toLowerCase()}`);
		await attempt(label, run, { onFailure });
	}
}

async function main() {
	const started = Date.now();
	const seconds = () => Math.round((Date.now() - started) / 1000);
	if (!existsSync(CHROMIUM)) {
		console.log(`FAIL - Chromium at ${CHROMIUM}: run scripts/install-browser.sh first`);
		process.exit(1);
	}
	mkdirSync(SHOTS, { recursive: true });
	// COINREMITTER_BROWSER_N8N=2.40.7 points the suite at n8n 2.x. Not part of CI: written against
	// 1.123's editor; on 2.40 the node creator, panels, API Version switch, trigger options and the
	// example pass, while checks tied to 1.123's markup (issue tooltips, credential dialog texts,
	// the schema preview's wording) do not.
	const { sim, instance, target, stop } = await startN8nWithExamples(
		process.env.COINREMITTER_BROWSER_N8N || '1.123.81',
	);
	console.log(`# ${target.label} at ${instance.baseUrl}, ready in ${seconds()} s`);
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
		page.baseUrl = instance.baseUrl;
		page.setDefaultTimeout(20000);
		await signIn(page, instance.baseUrl);
		await runSections(page, sim, instance);
	} finally {
		await browser.close();
		await stop();
	}
	finish(` (${seconds()} s)`);
}

if (require.main === module) {
	main().catch((error) => {
		console.error(error);
		process.exit(1);
	});
}

module.exports = { CHROMIUM, CHROMIUM_ARGS, signIn };
