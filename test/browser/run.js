#!/usr/bin/env node
'use strict';
// Browser suite: the package's nodes in n8n's real editor, in Debian's Chromium driven by
// playwright-core (never a downloaded browser), against ONE real n8n started like the e2e suite
// starts one (package installed as n8n installs it, simulator credentials and examples imported):
// the newest 2.x that installs here (NEWEST_2X), or 1.123 with COINREMITTER_BROWSER_N8N=1.123.81. Prints one line per check and "N passed, N failed"; screenshots go to
// test/browser/screenshots/ (git-ignored; the README's copies are in docs/screenshots/).
// The checks are in test/browser/sections/, one module per part of the editor.
// Needs /usr/bin/chromium: scripts/install-browser.sh installs it.
const { copyFileSync, existsSync, mkdirSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { startSimulator } = require('../../simulator/server');
const { attempt, finish } = require('../report');
const {
	credentialsFor,
	packPackage,
	NEWEST_2X,
	prepareN8n,
	targets,
} = require('../../scripts/n8n-runtime');
const { examplesWithWebhookIds } = require('../../scripts/n8n-runtime/webhookIds');
const { shot, SHOTS, signIn } = require('./editor');
const { invoicePanel, withdrawalPanel, withdrawalRequired } = require('./sections/action-panels');
const { credentialDialog } = require('./sections/credential-dialog');
const { examplesImported } = require('./sections/examples-import');
const { nodeCreator } = require('./sections/node-creator');
const { payoutsExample } = require('./sections/payouts-example');
const { triggerOptions } = require('./sections/trigger-panel');
const { whatToTry } = require('./sections/what-to-try');

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
		// As `npm start` imports them: each node with webhooks has this instance's webhookId.
		await instance.importWorkflows(examplesWithWebhookIds(target.n8nDir, instance.userFolder));
		await instance.start();
		await instance.setupOwnerOnceRoutesExist();
		return { sim, instance, target, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}

// The README's screenshot tour, copied from a run on n8n 2.x to docs/screenshots/ (suite's name →
// README's name): the node creator, a credential, the trigger with its Test URL, an executed
// example, and each example's canvas for the gallery.
const TOUR = {
	'node-creator': 'node-creator',
	'credential-tested': 'credential',
	'trigger-test-url': 'trigger-test-url',
	'payouts-executed': 'payouts-executed',
};
const DOCS_SHOTS = join(__dirname, '..', '..', 'docs', 'screenshots');

function copyTour() {
	const examples = readdirSync(SHOTS).filter((name) => name.startsWith('example-'));
	const names = {
		...TOUR,
		...Object.fromEntries(examples.map((n) => [n.slice(0, -4), n.slice(0, -4)])),
	};
	let copied = 0;
	for (const [from, to] of Object.entries(names)) {
		if (!existsSync(join(SHOTS, `${from}.png`))) continue;
		copyFileSync(join(SHOTS, `${from}.png`), join(DOCS_SHOTS, `${to}.png`));
		copied += 1;
	}
	console.log(`# ${copied} screenshots copied to docs/screenshots/ for the README`);
}

/** The longest a section may take (the slowest takes about 70 s on a loaded CI machine). */
const SECTION_LIMIT_MS = 240000;

/** A section's promise, failed if it has not settled within SECTION_LIMIT_MS: a hang fails, with its screenshot. */
function withinLimit(promise) {
	let timer;
	const limit = new Promise((_, reject) => {
		timer = setTimeout(
			() => reject(new Error(`not done within ${SECTION_LIMIT_MS / 1000} s`)),
			SECTION_LIMIT_MS,
		);
	});
	return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** Each section's checks; a section that throws fails with its stack and a screenshot. */
async function runSections(page, sim, instance) {
	const sections = [
		// First: the instance as `npm start` leaves it, as a new user finds it.
		['What to try, followed literally', () => whatToTry(page, sim, instance)],
		['node creator', () => nodeCreator(page)],
		['Invoice → Create panel', () => invoicePanel(page)],
		['Withdrawal → Create panel', () => withdrawalPanel(page)],
		['Withdrawal → Create required fields', () => withdrawalRequired(page)],
		['credential dialog', () => credentialDialog(page, sim)],
		['trigger options and schema', () => triggerOptions(page, instance)],
		['payouts example executed', () => payoutsExample(page, sim)],
		['examples imported through the editor', () => examplesImported(page)],
	];
	for (const [label, run] of sections) {
		const onFailure = () => shot(page, `failed-${label.replace(/\W+/g, '-').toLowerCase()}`);
		await attempt(label, () => withinLimit(run()), { onFailure });
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
	// n8n 2.x by default; COINREMITTER_BROWSER_N8N=1.123.81 runs the same checks on the 1.x line
	// (where the editors differ, each check follows what a user sees on that line).
	const { sim, instance, target, stop } = await startN8nWithExamples(
		process.env.COINREMITTER_BROWSER_N8N || NEWEST_2X,
	);
	console.log(`# ${target.label} at ${instance.baseUrl}, ready in ${seconds()} s`);
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
	try {
		const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
		page.baseUrl = instance.baseUrl;
		page.n8nMajor = Number(target.version.split('.')[0]); // where 1.x and 2.x's editors differ
		page.setDefaultTimeout(20000);
		// Leaving an unsaved workflow by a reload: the browser's "leave site?" is answered Leave.
		page.on('dialog', (dialog) =>
			dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss(),
		);
		await signIn(page, instance.baseUrl);
		await runSections(page, sim, instance);
		if (page.n8nMajor >= 2) copyTour();
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
