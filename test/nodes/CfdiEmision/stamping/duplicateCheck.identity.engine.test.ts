/**
 * A sale's identity rules in every setting (issue 33 item 3), through n8n-core's engine against the
 * sandbox: a content match holds only within its own window (never widened by another item's key
 * or by Use Voucher Date); lines in another order are the same content; a content twin with other
 * fiscal data names the field; two executions of one sale to different recipients are reported
 * with advice that leaves one document per sale. (Two global invoices of one period:
 * actions/voucher/globalInvoice/globalTwinsReport.engine.test.ts.)
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { mexicoCityDateTime } from '../../../../sandbox/clock';
import { corpusOrder, type Order } from '../../../support/corpusOrder';
import { createParams, orderParams, useSandboxEngine } from '../../../support/nodeTestKit';
import { invoiceVoucher } from '../../../support/vouchers';

const V11 = { typeVersion: 1.1 };
const V1 = { typeVersion: 1 };
const json = (items: INodeExecutionData[], index = 0) => items[index]?.json as IDataObject;

const kit = useSandboxEngine();
const stamped = () =>
	[...kit.sandbox.vouchers.values()].filter((voucher) => voucher.state === 'stamped');
const routesOf = () =>
	kit.sandbox.requests.filter((request) => request.server === 'api').map((r) => r.route);
const createdBodies = () =>
	kit.sandbox.requests
		.filter((request) => request.route === 'createVoucher')
		.map((request) => JSON.parse(request.body) as IDataObject);

const HOUR_MS = 3_600_000;

/** Dates a stamped voucher back, as if it had been stamped `hours` ago (its CFDI Fecha on the list). */
function age(uuid: unknown, hours: number) {
	const voucher = stamped().find((one) => one.uuid === uuid);
	if (!voucher) throw new Error(`no stamped voucher ${String(uuid)}`);
	voucher.fecha = mexicoCityDateTime(Date.now() - hours * HOUR_MS);
}

describe('a content match holds only within its own window', () => {
	test.each([
		['1.1', V11],
		['1', V1],
	])(
		'version %s: another item of the run with a key (the list read reaches 30 days back) does not widen it: the keyless sale identical to an invoice of five days ago is stamped',
		async (_version, typeVersion) => {
			const old = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], typeVersion);
			expect(json(old.items).status).toBe('stamped');
			age(json(old.items).uuid, 5 * 24);
			kit.sandbox.clearLog();

			const { items, error } = await kit.engine.runNode(
				createParams(invoiceVoucher(), { duplicateCheckKey: '={{ $json.key }}' }),
				[{ key: 'K-77' }, { key: '' }],
				typeVersion,
			);
			expect(error).toBeUndefined();
			expect(json(items, 0)).toMatchObject({ status: 'stamped' });
			// Before: answered alreadyStamped with the five-day-old invoice.
			expect(json(items, 1).status).toBe('stamped');
			expect(json(items, 1).uuid).not.toBe(json(old.items).uuid);
			expect(createdBodies().map((body) => body.folio)).toEqual([
				'K-77',
				expect.stringMatching(/^C-[0-9A-F]{8}$/),
			]);
			// The list was read once over the union of the windows (the key's 30 days).
			const [list] = kit.sandbox.requests.filter((request) => request.route === 'listVouchers');
			expect(Number(list.query.finicial)).toBeLessThan(Date.now() / 1000 - 20 * 86_400);
		},
	);

	test('the same run without the keyed item: the keyless sale is judged the same way (stamped)', async () => {
		const old = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		age(json(old.items).uuid, 5 * 24);
		const again = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		expect(json(again.items).status).toBe('stamped');
	});

	test('Use Voucher Date does not widen it: an identical invoice stamped 48 hours ago does not answer a sale dated now', async () => {
		const old = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		age(json(old.items).uuid, 48);
		kit.sandbox.clearLog();
		const dated = createParams(invoiceVoucher(), {
			options: { noCalcularFecha: true, fecha: mexicoCityDateTime(Date.now() - 60_000) },
		});
		const { items } = await kit.engine.runNode(dated, [{}], V11);
		// Before: alreadyStamped with the 48-hour-old invoice (the 72-hour allowance widened the window).
		expect(json(items)).toMatchObject({ status: 'stamped' });
		expect(routesOf()).toContain('createVoucher');
		expect(stamped()).toHaveLength(2);
	});

	test('Use Voucher Date: the same dated voucher sent again is found by its own date, however far back within the 72 hours', async () => {
		const fecha = mexicoCityDateTime(Date.now() - 30 * HOUR_MS);
		const dated = createParams(invoiceVoucher(), { options: { noCalcularFecha: true, fecha } });
		const first = await kit.engine.runNode(dated, [{}], V11);
		expect(json(first.items)).toMatchObject({ status: 'stamped' });
		kit.sandbox.clearLog();
		const second = await kit.engine.runNode(dated, [{}], V11);
		expect(json(second.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(first.items).uuid,
		});
		// A guard (held before too): the window no longer widens, but the voucher's own date still finds it.
		expect(routesOf()).not.toContain('createVoucher');
		expect(stamped()).toHaveLength(1);
	});
});

describe('lines in another order are the same content', () => {
	test.each([
		['1.1', V11],
		['1', V1],
	])(
		'version %s: the sale re-delivered with its lines reversed returns the first invoice; nothing is stamped',
		async (_version, typeVersion) => {
			const first = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], typeVersion);
			expect(json(first.items).status).toBe('stamped');
			const reversed = invoiceVoucher();
			reversed.conceptos = [...(reversed.conceptos as IDataObject[])].reverse();
			kit.sandbox.clearLog();
			const second = await kit.engine.runNode(createParams(reversed), [{}], typeVersion);
			// Before: stamped a second time.
			expect(json(second.items).status).toBe('alreadyStamped');
			expect(json(second.items).uuid).toBe(json(first.items).uuid);
			expect(routesOf()).not.toContain('createVoucher');
			expect(stamped()).toHaveLength(1);
		},
	);
});

describe('a voucher of several lines stamped before the lines were sorted', () => {
	test('its folio then (the lines in the order given) is still found: a re-run returns it, nothing is stamped', async () => {
		const reversed = invoiceVoucher();
		reversed.conceptos = [...(reversed.conceptos as IDataObject[])].reverse();
		// As the node wrote it before: the content of the lines in the order given (contentKey.test.ts pins it).
		const before = await kit.engine.runNode(
			createParams({ ...reversed, folio: 'C-894E3391' }, { duplicateCheck: 'off' }),
			[{}],
			V11,
		);
		expect(json(before.items).status).toBe('stamped');
		kit.sandbox.clearLog();
		const again = await kit.engine.runNode(createParams(reversed), [{}], V11);
		expect(json(again.items)).toMatchObject({
			status: 'alreadyStamped',
			uuid: json(before.items).uuid,
		});
		expect(routesOf()).not.toContain('createVoucher');
	});
});

describe('a content twin that differs in a fiscal field', () => {
	test.each([
		['Payment Form', { formaPago: '01' }, 'formaPago', '03', '01'],
		['Payment Method', { metodoPago: 'PPD', formaPago: '99' }, 'metodoPago', 'PUE', 'PPD'],
	])(
		'%s: alreadyStamped naming the field, both values and what to do; nothing is sent',
		async (label, overrides, field, invoiced, now) => {
			const first = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
			kit.sandbox.clearLog();
			const { items } = await kit.engine.runNode(
				createParams(invoiceVoucher(overrides)),
				[{}],
				V11,
			);
			const item = json(items);
			expect(item).toMatchObject({ status: 'alreadyStamped', uuid: json(first.items).uuid });
			const check = item.duplicateCheck as IDataObject;
			// Before: only the generic note; nothing named the field.
			expect(check.fiscalChanged).toMatchObject({
				fields: expect.arrayContaining([{ field, label, invoiced, now }]),
			});
			expect(String(item.message)).toContain(`${label} (${field}) ${invoiced} there, ${now} now`);
			expect(String(item.message)).toContain('motive 01');
			expect(String(item.message)).toContain('Duplicate Check Key');
			expect(routesOf()).toEqual(['listVouchers', 'downloadXml']);
			expect(stamped()).toHaveLength(1);
		},
	);

	test('CFDI Use and recipient regime: both named; Fail makes it an error naming them', async () => {
		await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		const changed = invoiceVoucher();
		changed.receptor = {
			...(changed.receptor as IDataObject),
			usoCFDI: 'G01',
			regimenFiscalReceptor: '603',
		};
		const { items } = await kit.engine.runNode(createParams(changed), [{}], V11);
		const fields = ((json(items).duplicateCheck as IDataObject).fiscalChanged as IDataObject)
			.fields as IDataObject[];
		expect(fields.map((entry) => [entry.field, entry.invoiced, entry.now])).toEqual([
			['receptor.usoCFDI', 'G03', 'G01'],
			['receptor.regimenFiscalReceptor', '601', '603'],
		]);
		const failed = await kit.engine.runNode(
			createParams(changed, { duplicateCheck: 'fail' }),
			[{}],
			V11,
		);
		expect(failed.error?.message).toContain('CFDI Use (receptor.usoCFDI) G03 there, G01 now');
		expect(stamped()).toHaveLength(1);
	});

	test('the same fiscal data: the generic note, no fiscalChanged', async () => {
		await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		const { items } = await kit.engine.runNode(createParams(invoiceVoucher()), [{}], V11);
		const check = json(items).duplicateCheck as IDataObject;
		expect(check.fiscalChanged).toBeUndefined();
		expect(String(check.note)).toContain('identified by the voucher');
	});
});

/** The order of example 1 with the buyer's RFC typed otherwise (the same order id, so the same key). */
function sameOrderOtherRfc(): Order {
	const order = corpusOrder('example-1');
	order.note_attributes = [
		{ name: 'RFC', value: 'XOJI740919U48' },
		{ name: 'Razon social', value: 'INGRID XODAR JIMENEZ' },
		{ name: 'Regimen fiscal', value: '612' },
		{ name: 'Codigo postal', value: '88965' },
	];
	return order;
}

describe('concurrent runs', () => {
	// Every call answers after this latency: both runs read the list before either stamps.
	beforeEach(() => kit.sandbox.setLatency(120));

	test('one sale stamped by two runs at once to different recipients: the newer voucher is reported on its item as a twin, naming both RFCs and which to cancel', async () => {
		const runs = await Promise.all([
			kit.engine.runNode(orderParams(), [corpusOrder('example-1')], V11),
			kit.engine.runNode(orderParams(), [sameOrderOtherRfc()], V11),
		]);
		const outputs = runs.map((run) => {
			expect(run.error).toBeUndefined();
			return json(run.items);
		});
		const invoices = stamped()
			.filter((voucher) => voucher.body.folio === '1001')
			.sort((a, b) => a.id - b.id);
		// The situation the rule is about: both runs went on, two invoices for one sale.
		expect(invoices).toHaveLength(2);
		const [older, newer] = invoices;
		const twin = outputs.find((output) => output.uuid === newer.uuid) as IDataObject;
		// Before: both items 'stamped', no report.
		expect(twin.status).toBe('stampedTwin');
		expect(twin.duplicate).toMatchObject({
			key: 'order:5829364210001',
			keep: older.uuid,
			cancel: [{ uuid: newer.uuid, motive: '02' }],
			recipients: expect.arrayContaining([
				{ uuid: older.uuid, recipientRfc: expect.any(String) },
				{ uuid: newer.uuid, recipientRfc: expect.any(String) },
			]),
		});
		const message = String((twin.duplicate as IDataObject).message);
		expect(message).toContain('URE180429TM6');
		expect(message).toContain('XOJI740919U48');
		expect(message).toContain(`cancel ${newer.uuid}`);
		const kept = outputs.find((output) => output.uuid === older.uuid) as IDataObject;
		expect(kept.status).toBe('stamped');
	});
});
