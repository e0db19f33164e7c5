/* eslint-disable @typescript-eslint/no-require-imports, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- Jest test code, never loaded by n8n: the simulator's plain JavaScript is required as it runs, with Node built-ins */
import { join } from 'node:path';
import * as ts from 'typescript';

import { useSimulator } from '../../fixtures/simulator';

/**
 * The simulator is plain JavaScript; the TypeScript tests see it through hand-written declarations
 * (simulator/*.d.ts). This keeps them from drifting: everything they declare must exist in the
 * running code with the same kind (function, number, string, object...), down through nested
 * objects, and a recorded request must hold nothing they do not declare.
 */
const SIMULATOR = join(__dirname, '../../../simulator');
const MODULES = ['server', 'callbacks', 'multipart'];

const program = ts.createProgram(
	MODULES.map((name) => join(SIMULATOR, `${name}.d.ts`)),
	{ strict: true, types: ['node'], skipLibCheck: true, noEmit: true },
);
const checker = program.getTypeChecker();

function exportsOf(name: string): ts.Symbol[] {
	const source = program.getSourceFile(join(SIMULATOR, `${name}.d.ts`))!;
	return checker.getExportsOfModule(checker.getSymbolAtLocation(source)!);
}

const isOptional = (symbol: ts.Symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0;
const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbol(symbol);

/** What kind of runtime value a declared type stands for; undefined when no simple kind says it. */
function kindOf(type: ts.Type): string | undefined {
	const type_ = checker.getNonNullableType(type);
	if (type_.getCallSignatures().length > 0 || type_.getConstructSignatures().length > 0)
		return 'function';
	if (type_.flags & ts.TypeFlags.NumberLike) return 'number';
	if (type_.flags & ts.TypeFlags.StringLike) return 'string';
	if (type_.flags & ts.TypeFlags.BooleanLike) return 'boolean';
	if (type_.flags & ts.TypeFlags.BigIntLike) return 'bigint';
	if (type_.flags & ts.TypeFlags.Object) return 'object';
	return undefined;
}

/** A declared object literal (not a Map, an array, a Promise or a Buffer): its members are checked too. */
function isLiteralObject(type: ts.Type): boolean {
	const symbol = type.getSymbol() ?? type.aliasSymbol;
	const name = symbol?.getName();
	return (
		kindOf(type) === 'object' &&
		!checker.isArrayType(type) &&
		(name === '__type' ||
			name === '__object' ||
			(symbol?.flags ?? 0) & ts.SymbolFlags.Interface) !== 0 &&
		!['Map', 'Set', 'Promise', 'Buffer', 'Array', 'Record'].includes(name ?? '')
	);
}

/** Where a declared member and the runtime value under its name disagree. */
function memberDrift(member: ts.Symbol, holder: Record<string, unknown>, where: string): string[] {
	const name = member.getName();
	if (!(name in holder))
		return isOptional(member) ? [] : [`${where} is declared but not in the simulator`];
	return valueDrift(typeOf(member), holder[name], where);
}

function valueDrift(declared: ts.Type, actual: unknown, where: string): string[] {
	const kind = kindOf(declared);
	const actualKind = actual === null ? 'null' : typeof actual;
	if (actual === undefined) return [];
	if (kind !== undefined && kind !== actualKind)
		return [`${where} is declared a ${kind} but is a ${actualKind}`];
	const type = checker.getNonNullableType(declared);
	if (checker.isArrayType(type) && Array.isArray(actual)) {
		const [element] = checker.getTypeArguments(type as ts.TypeReference);
		return actual.flatMap((item, index) => valueDrift(element, item, `${where}[${index}]`));
	}
	return isLiteralObject(type) ? drift(type, actual, where) : [];
}

/** Where the declared members of `type` and the runtime `value` disagree. */
function drift(type: ts.Type, value: unknown, path: string): string[] {
	const holder = Object(value) as Record<string, unknown>;
	return type
		.getProperties()
		.flatMap((member) => memberDrift(member, holder, `${path}.${member.getName()}`));
}

/** The instance type of an exported class. */
const instanceType = (symbol: ts.Symbol) => checker.getDeclaredTypeOfSymbol(symbol);

describe('the simulator’s declarations', () => {
	const ctx = useSimulator();

	it.each(MODULES)('declare only what %s.js exports, with the kinds it has', (name) => {
		const runtime = require(join(SIMULATOR, `${name}.js`)) as Record<string, unknown>;
		const problems: string[] = [];
		for (const symbol of exportsOf(name)) {
			if (!(symbol.flags & (ts.SymbolFlags.Value | ts.SymbolFlags.Alias))) continue; // types only
			const where = `${name}.${symbol.getName()}`;
			if (symbol.flags & ts.SymbolFlags.Class) {
				if (typeof runtime[symbol.getName()] !== 'function') problems.push(`${where} is no class`);
			} else problems.push(...memberDrift(symbol, runtime, where));
		}
		expect(problems).toEqual([]);
	});

	it('declares the members a running Simulator has, with their kinds', () => {
		const simulator = exportsOf('server').find((symbol) => symbol.getName() === 'Simulator')!;
		expect(drift(instanceType(simulator), ctx.sim, 'Simulator')).toEqual([]);
	});

	it('declares every field of a recorded request', async () => {
		await fetch(`${ctx.sim.url}/v1/wallet/balance?probe=1`, { method: 'POST', body: 'x=1' });
		await fetch(`${ctx.sim.url}/api/v3/TCN/get-balance`, { method: 'POST' });
		const recorded = exportsOf('server').find((symbol) => symbol.getName() === 'RecordedRequest')!;
		const declared = new Set(
			instanceType(recorded)
				.getProperties()
				.map((member) => member.getName()),
		);
		expect(ctx.sim.requests.length).toBeGreaterThan(0);
		for (const request of ctx.sim.requests) {
			const undeclared = Object.keys(request).filter((field) => !declared.has(field));
			expect(undeclared).toEqual([]);
			expect(drift(instanceType(recorded), request, 'RecordedRequest')).toEqual([]);
		}
	});

	it('finds a member that is declared but missing (the check can fail)', () => {
		const simulator = exportsOf('server').find((symbol) => symbol.getName() === 'Simulator')!;
		const withoutFaults = Object.assign(Object.create(Object.getPrototypeOf(ctx.sim)), {
			...ctx.sim,
			faults: { ...ctx.sim.faults, delayMs: 'slow' },
			sink: undefined,
		});
		delete withoutFaults.sink;
		expect(drift(instanceType(simulator), withoutFaults, 'Simulator')).toEqual([
			'Simulator.sink is declared but not in the simulator',
			'Simulator.faults.delayMs is declared a number but is a string',
		]);
	});
});
