/**
 * Two global invoices of one period stamped by two runs at once (globalTwinsReport.ts), through
 * n8n-core's engine against the sandbox: each run reads the twins' tickets from their XML and
 * reports advice that leaves every ticket declared exactly once. Moved from
 * stamping/duplicateCheck.identity.engine.test.ts with its cases.
 * Also covers: nodes/CfdiEmision/stamping/stampingKinds.ts (the twins' weighing handed down by the kinds table).
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { recentGlobalParams, SALES } from '../../../../../support/kindsKit';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';

const V11 = { typeVersion: 1.1 };
const json = (items: INodeExecutionData[], index = 0) => items[index]?.json as IDataObject;

const kit = useSandboxEngine();
const stamped = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');

describe('concurrent runs: two global invoices of one period', () => {
	// Every call answers after this latency: both runs read the list before either stamps.
	beforeEach(() => kit.sandbox.setLatency(120));

	const T4 = { ticket: 'T-0004', total: 11.6 };

	async function twoGlobalsAtOnce(first: IDataObject[], second: IDataObject[]) {
		const params = recentGlobalParams(1);
		// Both look-ups after the stamps reach the service before it answers either: each run sees both.
		kit.sandbox.holdRequests('listVouchers', 2);
		kit.sandbox.holdRequests('listVouchers', 2);
		const runs = await Promise.all([
			kit.engine.runNode(params, first, V11),
			kit.engine.runNode(params, second, V11),
		]);
		const outputs = runs.map((run) => {
			expect(run.error).toBeUndefined();
			return json(run.items);
		});
		const globals = stamped().filter((voucher) => voucher.body.serie === 'F');
		// Both runs went on: two global invoices of the period.
		expect(globals).toHaveLength(2);
		const ticketsOf = (uuid: unknown) =>
			(globals.find((voucher) => voucher.uuid === uuid)?.body.conceptos as IDataObject[]).map(
				(concepto) => concepto.noIdentificacion,
			);
		// Each run reports the twin on its item.
		const reports = outputs.filter((output) => output.duplicate);
		expect(reports).toHaveLength(2);
		return { outputs, globals, ticketsOf, reports };
	}

	test('two global invoices of one period (T1-T3 and T1-T4): cancel the T1-T3 one, whose tickets the other holds in full, whichever is older', async () => {
		const { outputs, ticketsOf, reports } = await twoGlobalsAtOnce(SALES, [...SALES, T4]);
		const small = outputs.find((output) => ticketsOf(output.uuid).length === 3) as IDataObject;
		const large = outputs.find((output) => ticketsOf(output.uuid).length === 4) as IDataObject;
		for (const report of reports) {
			// Before: the older was kept, so "cancel the T1-T4 one" when T1-T3 was stamped first.
			expect(report.duplicate).toMatchObject({
				keep: large.uuid,
				cancel: [{ uuid: small.uuid, motive: '02' }],
			});
			expect(String((report.duplicate as IDataObject).message)).toContain(
				'every ticket is declared exactly once',
			);
		}
		expect([large.status, small.status]).toEqual(['stamped', 'stampedTwin']);
	});

	test('two global invoices of one period (T1-T3 and T2-T4, neither holds the other): keep the older, replace the other with motive 04 declaring only what the kept one does not', async () => {
		const { outputs, globals, ticketsOf, reports } = await twoGlobalsAtOnce(SALES, [
			...SALES.slice(1),
			T4,
		]);
		const [older, newer] = [...globals].sort((a, b) => a.id - b.id);
		const undeclared = ticketsOf(newer.uuid).filter(
			(ticket) => !ticketsOf(older.uuid).includes(ticket),
		);
		for (const report of reports) {
			expect(report.duplicate).toMatchObject({
				keep: older.uuid,
				cancel: [{ uuid: newer.uuid, motive: '04', declareAgain: undeclared }],
			});
			expect(String((report.duplicate as IDataObject).message)).toContain(
				`relating nothing (a valid voucher relating UUID ${newer.uuid} would make it not cancellable), then cancel UUID ${newer.uuid} with motive 04`,
			);
		}
		const twin = outputs.find((output) => output.uuid === newer.uuid) as IDataObject;
		expect(twin.status).toBe('stampedTwin');
	});
});
