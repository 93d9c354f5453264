/**
 * Voucher > Create through n8n-core's engine against the sandbox: the exact request per input mode
 * and stamping mode, the item returned, refusals and Continue On Fail. (The body's other cases:
 * test/nodes/CfdiEmision/actions/voucher/invoice/voucherFromInput.engine.test.ts.)
 *
 * (The shared voucher fields these runs set, as the editor shows them: the form, stamping, output,
 * the related vouchers and fiscal legends: actions/voucher/fields/*.fields.test.ts.)
 */
import { invoiceVoucher } from '../../../../../support/vouchers';
import { account, routes } from '../../../../../support/sandboxCredential';
import {
	createParams,
	fieldsInvoiceParams,
	useSandboxEngine,
} from '../../../../../support/nodeTestKit';

const kit = useSandboxEngine();
const apiRoot = `/businessEmision/api/v1/emisores/${account.emisorId}`;

/** The same invoice as invoiceVoucher(), typed field by field. */
const fieldParams = fieldsInvoiceParams(
	invoiceVoucher().conceptos as unknown[],
	1000.75,
	// The request as the form builds it; the Duplicate Check (on by default: a list read first and a
	// content folio) has its own tests (test/nodes/CfdiEmision/stamping/duplicateCheck*.test.ts).
	{ duplicateCheck: 'off' },
);

describe('voucher: create', () => {
	test('fields mode, direct stamping: the exact request and the returned item', async () => {
		const { items, error } = await kit.engine.runNode({ ...fieldParams, stampingMode: 'direct' }, [
			{ orderId: 1 },
		]);
		expect(error).toBeUndefined();
		const [create] = routes(kit.sandbox, 'createVoucher');
		expect(create.method).toBe('POST');
		expect(create.pathname).toBe(`${apiRoot}/comprobantes`);
		expect(create.query).toEqual({ emitir: 'true' });
		expect(create.headers['content-type']).toMatch(/^application\/json/);
		expect(create.headers.authorization).toMatch(/^Bearer /);
		expect(JSON.parse(create.body)).toEqual(invoiceVoucher());

		const stored = [...kit.sandbox.vouchers.values()];
		expect(stored).toHaveLength(1);
		expect(items).toEqual([
			{
				json: {
					esValido: true,
					idComprobante: stored[0].id,
					errores: null,
					uuid: stored[0].uuid,
					subEstatusId: 2,
					descripcion: null,
					status: 'stamped',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('two-phase stamping (the default): a pending save, then PUT emitir=true on the returned id', async () => {
		const { items, error } = await kit.engine.runNode(fieldParams, [{}]);
		expect(error).toBeUndefined();
		const [save, stamp] = kit.sandbox.requests.filter((r) => r.server === 'api');
		expect([save.method, save.pathname, save.query]).toEqual([
			'POST',
			`${apiRoot}/comprobantes`,
			{ emitir: 'false' },
		]);
		expect(JSON.parse(save.body)).toEqual(invoiceVoucher());
		const [stored] = [...kit.sandbox.vouchers.values()];
		expect([stamp.method, stamp.pathname, stamp.query]).toEqual([
			'PUT',
			`${apiRoot}/comprobantes/${stored.id}`,
			{ emitir: 'true' },
		]);
		expect(JSON.parse(stamp.body)).toEqual({ ...invoiceVoucher(), id: stored.id });
		expect(stored.stampCount).toBe(1);
		expect(items[0].json).toEqual({
			esValido: true,
			idComprobante: stored.id,
			errores: null,
			uuid: stored.uuid,
			subEstatusId: 2,
			descripcion: null,
			status: 'stamped',
		});
	});

	test('JSON mode sends the same body as fields mode for the same voucher', async () => {
		await kit.engine.runNode(fieldParams, [{}]);
		await kit.engine.runNode(createParams(invoiceVoucher(), { duplicateCheck: 'off' }), [{}]);
		const [fromFields, fromJson] = routes(kit.sandbox, 'createVoucher');
		expect(JSON.parse(fromJson.body)).toEqual(JSON.parse(fromFields.body));
	});

	test('stamp off saves a pending voucher (emitir=false); the voucher date option sets noCalcularFecha and fecha', async () => {
		const { items } = await kit.engine.runNode(
			createParams(invoiceVoucher(), {
				stamp: false,
				options: { noCalcularFecha: true, fecha: '2026-11-20T09:15:00' },
			}),
			[{}],
		);
		const [create] = routes(kit.sandbox, 'createVoucher');
		expect(create.query).toEqual({ emitir: 'false', noCalcularFecha: 'true' });
		expect(JSON.parse(create.body).fecha).toBe('2026-11-20T09:15:00');
		expect(items[0].json).toMatchObject({
			esValido: false,
			uuid: null,
			subEstatusId: 0,
			status: 'pending',
		});
		expect(kit.sandbox.vouchers.get(Number(items[0].json.idComprobante))?.state).toBe('pending');
	});

	test("the voucher date given as an instant (a UTC text, $now in another zone) is sent as Mexico City's wall clock", async () => {
		// 31 October 2026 23:30 in Mexico City: 05:30 UTC on 1 November, 22:30 in Los Angeles.
		for (const fecha of [
			'2026-11-01T05:30:00Z',
			"={{ DateTime.fromISO('2026-10-31T22:30:00', { zone: 'America/Los_Angeles' }) }}",
		]) {
			kit.sandbox.clearLog();
			const { error } = await kit.engine.runNode(
				createParams(invoiceVoucher(), {
					stamp: false,
					duplicateCheck: 'off',
					options: { noCalcularFecha: true, fecha },
				}),
				[{}],
			);
			expect(error).toBeUndefined();
			const [create] = routes(kit.sandbox, 'createVoucher');
			expect([fecha, JSON.parse(create.body).fecha]).toEqual([fecha, '2026-10-31T23:30:00']);
		}
	});

	test('additional fields (JSON) are merged into the body', async () => {
		await kit.engine.runNode(
			{
				...fieldParams,
				options: {
					additionalFieldsJson:
						'{"folio":"1001","receptor":{"direccionIDFacturador":7},"condicionesDePago":"30 days"}',
				},
			},
			[{}],
		);
		const body = JSON.parse(routes(kit.sandbox, 'createVoucher')[0].body);
		expect(body.folio).toBe('1001');
		expect(body.condicionesDePago).toBe('30 days');
		expect(body.receptor).toEqual({
			...(invoiceVoucher().receptor as object),
			direccionIDFacturador: 7,
		});
	});

	test('a refused stamp is an error listing every code, with the item index, and nothing is stored', async () => {
		const { error } = await kit.engine.runNode(
			createParams(invoiceVoucher({ serie: 'ZZ', subTotal: 999 }), {
				options: { validation: 'off' },
			}),
			[{}],
		);
		expect(error?.message).toMatch(/^Item 0: The service refused the voucher: /);
		expect(error?.message).toContain('FAC112');
		expect(kit.sandbox.vouchers.size).toBe(0);
	});

	test('"series busy" (FAC119) is retried with a pause and then succeeds', async () => {
		kit.sandbox.injectFault({ route: 'createVoucher', kind: 'seriesBusy', times: 2 });
		const { items, error } = await kit.engine.runNode(
			createParams(invoiceVoucher(), { options: { retryDelayMs: 1 } }),
			[{}],
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		expect(routes(kit.sandbox, 'createVoucher').length).toBe(3);
		expect(kit.sandbox.stampCount()).toBe(1);
	});

	test('Continue On Fail: one output per input, the bad item as an error item, the others stamped', async () => {
		const { items, error } = await kit.engine.runNode(
			{ ...createParams(), voucherJson: '={{ JSON.stringify($json.voucher) }}' },
			[
				{ voucher: invoiceVoucher({ folio: '1' }) },
				{ voucher: invoiceVoucher({ serie: 'ZZ' }) },
				// Another sale (another folio): the same content again would return the first voucher.
				{ voucher: invoiceVoucher({ folio: '3' }) },
			],
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.status).toBe('stamped');
		expect(items[1].json.error).toMatch(/^Item 1: The service refused the voucher: FAC112/);
		expect(items[1].json.errores).toEqual([expect.objectContaining({ codigo: 'FAC112' })]);
		expect(items[2].json.status).toBe('stamped');
		expect(kit.sandbox.stampCount()).toBe(2);
	});

	test('without Continue On Fail the error says which items were already stamped', async () => {
		const { error } = await kit.engine.runNode(
			{ ...createParams(), voucherJson: '={{ JSON.stringify($json.voucher) }}' },
			[
				{ voucher: invoiceVoucher() },
				{ voucher: invoiceVoucher({ serie: 'ZZ' }) },
				{ voucher: invoiceVoucher() },
			],
		);
		const [first] = [...kit.sandbox.vouchers.values()];
		expect(error?.message).toMatch(/^Item 1: /);
		expect(error?.description).toContain(`item 0: stamped UUID ${first.uuid}`);
		// Stamping stops at the failed item: item 2 was never sent.
		expect(routes(kit.sandbox, 'createVoucher')).toHaveLength(2);
	});

	test('invalid JSON in the voucher is reported with the item index and nothing is sent', async () => {
		const { error } = await kit.engine.runNode({ ...createParams(), voucherJson: '{"emisor": ' }, [
			{},
		]);
		expect(error?.message).toMatch(/^Item 0: "Voucher \(JSON\)" is not valid JSON/);
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
