/** A sale's identity on the voucher list (issue 27 items 1-3): cfdi/saleIdentity.ts. */
import {
	collisionMessage,
	contentKey,
	contentOf,
	describeListed,
	fingerprint,
	isGenericRfc,
	judgeListed,
	keyText,
	moneyText,
	saleWindow,
	stateOf,
	totalChangedMessage,
	type ListedSale,
} from '../../../../nodes/CfdiEmision/cfdi/saleIdentity';
import type { BusinessKey } from '../../../../nodes/CfdiEmision/cfdi/voucherSource';

const KEY: BusinessKey = { value: 'order:1', from: 'the order', serie: 'A', folio: '1001' };
const SALE = { recipientRfc: 'URE180429TM6', total: '1160.00', currency: 'MXN' };

let id = 0;
const listed = (over: Partial<ListedSale> = {}): ListedSale => {
	id += 1;
	return {
		uuid: `UUID-${id}`,
		voucherId: id,
		date: `2026-11-2${id % 10}T10:00:00`,
		status: 'stamped',
		statusDescription: null,
		series: 'A',
		folio: '1001',
		recipientRfc: 'URE180429TM6',
		total: 1160,
		currency: 'MXN',
		...over,
	};
};

describe('judgeListed: which listed voucher is this sale', () => {
	test('same series, folio, recipient and total: this sale, stamped', () => {
		const voucher = listed();
		expect(judgeListed(KEY, SALE, [voucher])).toEqual({
			kind: 'stamped',
			voucher,
			others: [],
		});
	});

	test('series and folio compared trimmed and without case', () => {
		const voucher = listed({ series: ' a ', folio: '1001 ' });
		expect(
			judgeListed({ ...KEY, folio: 'so-1001' }, SALE, [listed({ folio: 'SO-1001' })]).kind,
		).toBe('stamped');
		expect(judgeListed(KEY, SALE, [voucher]).kind).toBe('stamped');
	});

	test('another series or folio: not this sale', () => {
		expect(judgeListed(KEY, SALE, [listed({ series: 'B' }), listed({ folio: '1002' })])).toEqual({
			kind: 'none',
		});
	});

	test('the key with another recipient: a folio collision, never an answer', () => {
		const other = listed({ recipientRfc: 'XOJI740919U48', total: 116 });
		expect(judgeListed(KEY, SALE, [other])).toEqual({ kind: 'collision', vouchers: [other] });
	});

	test('the same recipient next to a collision: this sale wins', () => {
		const other = listed({ recipientRfc: 'XOJI740919U48' });
		const mine = listed();
		expect(judgeListed(KEY, SALE, [other, mine])).toMatchObject({ kind: 'stamped', voucher: mine });
	});

	test('same recipient, another total: stamped, with both totals', () => {
		const voucher = listed({ total: 1508 });
		expect(judgeListed(KEY, { ...SALE, total: '2088.00' }, [voucher])).toEqual({
			kind: 'stamped',
			voucher,
			others: [],
			totalChanged: { invoiced: '1508.00', now: '2088.00' },
		});
	});

	test('a total equal to the cent in another notation is the same total', () => {
		expect(judgeListed(KEY, SALE, [listed({ total: '1160' })]).kind).toBe('stamped');
		expect(judgeListed(KEY, SALE, [listed({ total: 1160.01 })])).toMatchObject({
			totalChanged: { invoiced: '1160.01', now: '1160.00' },
		});
	});

	test('an unknown sale total compares recipient only', () => {
		const voucher = listed({ total: 5 });
		expect(judgeListed(KEY, { recipientRfc: SALE.recipientRfc }, [voucher])).toEqual({
			kind: 'stamped',
			voucher,
			others: [],
		});
	});

	test('every stamped voucher of the sale is reported, oldest first; a changed total counts as another', () => {
		const newer = listed({ date: '2026-11-25T10:00:00' });
		const older = listed({ date: '2026-11-24T10:00:00' });
		const changed = listed({ date: '2026-11-23T10:00:00', total: 99 });
		expect(judgeListed(KEY, SALE, [newer, changed, older])).toEqual({
			kind: 'stamped',
			voucher: older,
			others: [newer, changed],
		});
	});

	test('cancelled (by code or by words) does not count; awaiting acceptance does', () => {
		expect(judgeListed(KEY, SALE, [listed({ status: 'cancelled' })])).toEqual({ kind: 'none' });
		expect(
			judgeListed(KEY, SALE, [listed({ status: 'unknown', statusDescription: 'Cancelado' })]),
		).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listed({ status: 'pendingAcceptance' })]).kind).toBe('stamped');
	});

	test('a pending voucher of the sale is finished; of another total or without id it is not', () => {
		const pending = listed({ status: 'pending', uuid: '' });
		expect(judgeListed(KEY, SALE, [pending])).toEqual({ kind: 'pending', voucher: pending });
		expect(judgeListed(KEY, SALE, [listed({ status: 'pending', uuid: '', total: 1 })])).toEqual({
			kind: 'none',
		});
		expect(
			judgeListed(KEY, SALE, [listed({ status: 'pending', uuid: '', voucherId: null })]),
		).toEqual({ kind: 'none' });
		// A stamped one goes before a pending one; another recipient's pending draft is no collision.
		const stamped = listed();
		expect(judgeListed(KEY, SALE, [pending, stamped]).kind).toBe('stamped');
		expect(
			judgeListed(KEY, SALE, [listed({ status: 'pending', recipientRfc: 'XOJI740919U48' })]),
		).toEqual({ kind: 'none' });
	});

	test.each([
		['folio', { folio: null, omits: ['folio'] }, 'folio'],
		['series', { series: null, omits: ['series'] }, 'series'],
		['recipient RFC', { recipientRfc: null }, 'recipient RFC'],
		['state', { status: 'unknown', statusDescription: null }, 'state'],
		['state words nobody knows', { status: 'unknown', statusDescription: 'Procesado' }, 'state'],
		['UUID of a stamped voucher', { uuid: '' }, 'UUID'],
	])('a voucher that could be this sale without its %s: undecidable', (_, over, missing) => {
		const verdict = judgeListed(KEY, SALE, [listed(over as Partial<ListedSale>)]);
		expect(verdict.kind).toBe('undecidable');
		expect(verdict.kind === 'undecidable' && verdict.reason).toContain(`without its ${missing}`);
	});

	test('a voucher lacking facts that cannot be this sale is read past', () => {
		expect(
			judgeListed(KEY, SALE, [
				listed({ folio: null, omits: ['folio'], recipientRfc: 'XOJI740919U48' }),
			]),
		).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listed({ folio: null, omits: ['folio'], total: 3 })])).toEqual({
			kind: 'none',
		});
		// A key without series: a listed voucher without series is under it.
		expect(judgeListed({ ...KEY, serie: '' }, SALE, [listed({ series: null })]).kind).toBe(
			'stamped',
		);
	});

	test('a voucher the list gives without series or folio (null, not left out) is another sale', () => {
		// The e2e's account holds receipts of series P without a folio, to the same recipient and total.
		expect(judgeListed(KEY, SALE, [listed({ folio: null })])).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listed({ folio: '' })])).toEqual({ kind: 'none' });
		expect(judgeListed(KEY, SALE, [listed({ series: null })])).toEqual({ kind: 'none' });
	});

	test('this sale found stamped beats an unclear voucher', () => {
		const mine = listed();
		expect(judgeListed(KEY, SALE, [listed({ folio: null, omits: ['folio'] }), mine])).toMatchObject(
			{
				kind: 'stamped',
				voucher: mine,
			},
		);
	});

	test('the list in another case or with spaces still names this sale', () => {
		const voucher = listed({ recipientRfc: ' ure180429tm6 ' });
		expect(judgeListed(KEY, SALE, [voucher])).toEqual({ kind: 'stamped', voucher, others: [] });
	});

	test('stamped at the same second: the lower voucher id is the invoice, the other its twin', () => {
		const second = listed({ date: '2026-11-20T10:00:00', voucherId: 9 });
		const first = listed({ date: '2026-11-20T10:00:00', voucherId: 3 });
		const third = listed({ date: '2026-11-20T10:00:00', voucherId: 5 });
		expect(judgeListed(KEY, SALE, [second, first, third])).toEqual({
			kind: 'stamped',
			voucher: first,
			others: [third, second],
		});
	});

	test('two invoices whose total is no longer the sale: the oldest answers with both totals, the other is its twin', () => {
		const older = listed({ date: '2026-11-20T10:00:00', total: 1508 });
		const newer = listed({ date: '2026-11-21T10:00:00', total: 1508 });
		expect(judgeListed(KEY, { ...SALE, total: '2088' }, [newer, older])).toEqual({
			kind: 'stamped',
			voucher: older,
			others: [newer],
			totalChanged: { invoiced: '1508.00', now: '2088.00' },
		});
	});

	test('a sale without a recipient RFC cannot be told from a voucher under its key: undecidable', () => {
		const voucher = listed();
		expect(judgeListed(KEY, { total: '1160.00' }, [voucher])).toEqual({
			kind: 'undecidable',
			reason: `the list shows a voucher that could be this sale's without its recipient RFC (UUID ${voucher.uuid}, id ${voucher.voucherId}, series A folio 1001, recipient URE180429TM6, total 1160.00, dated ${voucher.date})`,
			vouchers: [voucher],
		});
	});

	test('a state the list does not give, with another total under the same series and folio: undecidable, not another sale', () => {
		const voucher = listed({ status: 'unknown', total: 99 });
		expect(judgeListed(KEY, SALE, [voucher])).toMatchObject({
			kind: 'undecidable',
			vouchers: [voucher],
		});
	});

	test('a key without series: a state the list does not give, with another total, is still undecidable', () => {
		const voucher = listed({ series: null, status: 'unknown', total: 99 });
		expect(judgeListed({ ...KEY, serie: '' }, SALE, [voucher]).kind).toBe('undecidable');
	});

	test('a listed voucher whose total the list leaves out is this sale by its recipient', () => {
		const voucher = listed({ total: null });
		expect(judgeListed(KEY, SALE, [voucher])).toEqual({ kind: 'stamped', voucher, others: [] });
	});

	test('a voucher without its series on the list, with another total, is another sale', () => {
		expect(judgeListed(KEY, SALE, [listed({ series: null, omits: ['series'], total: 3 })])).toEqual(
			{ kind: 'none' },
		);
	});

	test('every fact the list lacks is named', () => {
		const voucher = listed({
			folio: null,
			omits: ['folio'],
			recipientRfc: null,
			status: 'unknown',
		});
		const verdict = judgeListed(KEY, SALE, [voucher]);
		expect(verdict.kind === 'undecidable' && verdict.reason).toContain(
			"could be this sale's without its folio, recipient RFC, state (",
		);
	});

	test("totals in the decimals of the sale's currency, or of the listed voucher's when the sale names none", () => {
		const voucher = listed({ total: 1508, currency: 'JPY' });
		const changed = { invoiced: '1508', now: '2088' };
		expect(judgeListed(KEY, { ...SALE, total: '2088', currency: 'JPY' }, [voucher])).toMatchObject({
			totalChanged: changed,
		});
		expect(
			judgeListed(KEY, { recipientRfc: SALE.recipientRfc, total: '2088' }, [voucher]),
		).toMatchObject({ totalChanged: changed });
	});

	test('what decides first: this sale stamped, then an unclear voucher, then a pending one, then a collision', () => {
		const unclear = listed({ folio: null, omits: ['folio'] });
		const pending = listed({ status: 'pending', uuid: '' });
		const collision = listed({ recipientRfc: 'XOJI740919U48', date: '2026-11-20T10:00:00' });
		expect(judgeListed(KEY, SALE, [collision, pending, unclear]).kind).toBe('undecidable');
		expect(judgeListed(KEY, SALE, [collision, pending])).toEqual({
			kind: 'pending',
			voucher: pending,
		});
		expect(judgeListed(KEY, SALE, [collision, unclear]).kind).toBe('undecidable');
		const later = listed({ recipientRfc: 'EKU9003173C9', date: '2026-11-21T10:00:00' });
		expect(judgeListed(KEY, SALE, [later, collision])).toEqual({
			kind: 'collision',
			vouchers: [collision, later],
		});
	});

	test('two vouchers without facts: the reason counts them', () => {
		const unclear = listed({ folio: null, omits: ['folio'] });
		const verdict = judgeListed(KEY, SALE, [unclear, { ...unclear }]);
		expect(verdict.kind === 'undecidable' && verdict.reason).toBe(
			`the list shows 2 vouchers that could be this sale's without its folio (UUID ${unclear.uuid}, id ${unclear.voucherId}, series A folio (none), recipient URE180429TM6, total 1160.00, dated ${unclear.date})`,
		);
		expect(verdict.kind === 'undecidable' && verdict.vouchers).toEqual([unclear, unclear]);
	});
});

describe('stateOf', () => {
	test.each([
		['stamped', null, 'stamped'],
		['cancelled', 'Vigente', 'cancelled'],
		['unknown', 'Cancelado', 'cancelled'],
		['unknown', 'Cancelado con aceptación', 'cancelled'],
		['unknown', 'En proceso de cancelación', 'pendingAcceptance'],
		['unknown', 'Solicitud de cancelación', 'pendingAcceptance'],
		['unknown', 'Vigente', 'stamped'],
		['unknown', 'Timbrado', 'stamped'],
		['unknown', 'Pendiente', 'pending'],
		['unknown', 'Borrador', 'pending'],
		['unknown', 'Pendiente de aceptación', 'pendingAcceptance'],
		['unknown', 'Cancelled', 'cancelled'],
		['unknown', 'Stamped', 'stamped'],
		['unknown', '', 'unknown'],
		['unknown', 'Procesado', 'unknown'],
		['pending', null, 'pending'],
		['pendingAcceptance', null, 'pendingAcceptance'],
	])('code %s, words %s: %s', (status, words, state) => {
		expect(stateOf(listed({ status, statusDescription: words }))).toBe(state);
	});
});

describe('messages', () => {
	test('a collision names both sales and how to keep shops apart', () => {
		const { message, fix } = collisionMessage(KEY, SALE, [
			listed({
				uuid: 'AAA',
				voucherId: 1,
				recipientRfc: 'XOJI740919U48',
				total: 116,
				date: '2026-11-20',
			}),
		]);
		expect(message).toContain(
			'Folio collision: series A folio 1001 already documents another sale',
		);
		expect(message).toContain(
			'(UUID AAA, id 1, series A folio 1001, recipient XOJI740919U48, total 116.00, dated 2026-11-20)',
		);
		expect(message).toContain(
			'this sale (order:1, from the order) is for recipient URE180429TM6, total 1160.00',
		);
		expect(fix).toMatch(/^Nothing was sent\. The listed voucher is another recipient's/);
		expect(fix).toContain('cancel it first (motive 01 or 02)');
		expect(fix).toContain('its own series');
		expect(fix).toContain('Folio = Order ID');
		expect(fix).toContain('Duplicate Check Key');
	});

	test('a collision of a key without series, in a currency without decimals, for a sale given in lower case', () => {
		const { message } = collisionMessage(
			{ ...KEY, serie: '' },
			{ recipientRfc: 'ure180429tm6', total: '1160', currency: 'JPY' },
			[
				listed({
					uuid: 'AAA',
					voucherId: null,
					date: null,
					series: null,
					folio: '1001',
					recipientRfc: 'XOJI740919U48',
					total: 116,
					currency: 'JPY',
				}),
			],
		);
		expect(message).toBe(
			'Folio collision: series (none) folio 1001 already documents another sale (UUID AAA, series (none) folio 1001, recipient XOJI740919U48, total 116); this sale (order:1, from the order) is for recipient URE180429TM6, total 1160',
		);
	});

	test('a collision with two listed sales names both', () => {
		const { message } = collisionMessage(KEY, SALE, [
			listed({ uuid: 'AAA', voucherId: 1, date: null, recipientRfc: 'XOJI740919U48', total: 116 }),
			listed({ uuid: 'BBB', voucherId: 2, date: null, recipientRfc: 'EKU9003173C9', total: 58 }),
		]);
		expect(message).toContain(
			'(UUID AAA, id 1, series A folio 1001, recipient XOJI740919U48, total 116.00; UUID BBB, id 2, series A folio 1001, recipient EKU9003173C9, total 58.00)',
		);
	});

	test('a collision for a sale whose total is not known names what is known', () => {
		const vouchers = [listed({ recipientRfc: 'XOJI740919U48' })];
		expect(collisionMessage(KEY, { recipientRfc: 'URE180429TM6' }, vouchers).message).toMatch(
			/this sale \(order:1, from the order\) is for recipient URE180429TM6$/,
		);
		expect(collisionMessage(KEY, {}, vouchers).message).toMatch(/is for another recipient$/);
	});

	test('a changed total says both totals and what to do', () => {
		const text = totalChangedMessage(KEY, listed({ uuid: 'BBB' }), {
			invoiced: '1508.00',
			now: '2088.00',
		});
		expect(text).toContain('invoiced by UUID BBB for 1508.00, but the sale now totals 2088.00');
		expect(text).toContain('additional invoice');
		expect(text).toContain('credit note against UUID BBB');
		expect(text).toMatch(/^The sale changed after its invoice: order:1 is invoiced/);
		expect(text).toContain('Nothing was sent.');
	});

	test('describeListed leaves out what the list does not give', () => {
		expect(
			describeListed({
				uuid: '',
				voucherId: null,
				date: null,
				status: '',
				series: null,
				folio: null,
			}),
		).toBe('');
		expect(
			describeListed({ uuid: 'U', voucherId: 7, date: 'd', status: '', series: null, folio: '9' }),
		).toBe('UUID U, id 7, series (none) folio 9, dated d');
		expect(
			describeListed({
				uuid: 'U',
				voucherId: null,
				date: null,
				status: '',
				series: 'A',
				folio: null,
				total: 'n/a',
			}),
		).toBe('UUID U, series A folio (none), total n/a');
	});
});

describe('the content key of a voucher without one', () => {
	const body = {
		tipoDeComprobante: 'I',
		moneda: 'MXN',
		serie: 'F',
		receptor: { rfc: 'ure180429tm6' },
		conceptos: [{ claveProdServ: '01010101', cantidad: '2', valorUnitario: 500, importe: 1000 }],
		total: '1160.00',
	};
	const NOW = Date.parse('2026-11-25T12:00:00Z') / 1000;

	test('a stable folio from the content, the window of a day by default', () => {
		const { key, folio } = contentKey(body, NOW);
		expect(folio).toMatch(/^C-[0-9A-F]{8}$/);
		expect(key).toMatchObject({
			value: `content:${folio.slice(2)}`,
			serie: 'F',
			folio,
			since: '2026-11-24T12:00:00.000Z',
			exactSince: true,
			from: "the voucher's content (recipient, lines and total; no Duplicate Check Key), within 24 hours",
		});
		expect(contentKey(body, NOW, 2).key.since).toBe('2026-11-25T10:00:00.000Z');
		// A negative window is no window: from now.
		expect(contentKey(body, NOW, -5).key.since).toBe('2026-11-25T12:00:00.000Z');
	});

	test('the same content in another notation is the same key; dates and payment data do not count', () => {
		const again = {
			...body,
			fecha: '2026-11-25T10:00:00',
			formaPago: '04',
			receptor: { rfc: 'URE180429TM6 ', nombre: 'Other name' },
			conceptos: [
				{ claveProdServ: '01010101', cantidad: 2, valorUnitario: '500.00', importe: '1000' },
			],
			total: 1160,
		};
		expect(contentKey(again, NOW).folio).toBe(contentKey(body, NOW).folio);
	});

	test.each([
		['recipient', { receptor: { rfc: 'XOJI740919U48' } }],
		['total', { total: '1160.01' }],
		['a line', { conceptos: [{ claveProdServ: '01010101', cantidad: '3', valorUnitario: 500 }] }],
		['series', { serie: 'G' }],
		['type', { tipoDeComprobante: 'E' }],
		['currency', { moneda: 'USD' }],
		[
			'related voucher (a replacement, 04, with the same lines as the voucher it replaces)',
			{ cfdiRelacionados: [{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: 'A1' }] }] },
		],
	])('another %s is another key', (_, change) => {
		expect(contentKey({ ...body, ...change }, NOW).folio).not.toBe(contentKey(body, NOW).folio);
	});

	test('contentOf reads what is there, and objects as JSON', () => {
		expect(contentOf({})).toBe(['', '', '', '', ''].join('\u001e'));
		expect(contentOf({ conceptos: [{ impuestos: { a: 1 } }, 'x'] })).toContain('{"a":1}');
		expect(fingerprint('')).toBe('811C9DC5');
		expect(
			contentKey({ ...body, conceptos: [{ ...body.conceptos[0], descuento: null }] }, NOW).folio,
		).toBe(contentKey(body, NOW).folio);
		// Members given as null (a JSON body) read as absent.
		expect(contentOf({ receptor: null, conceptos: [null] })).toBe(contentOf({ conceptos: [{}] }));
	});

	test('sales that differ only in how their figures or words run together are different sales', () => {
		const folio = (line: Record<string, unknown>) =>
			contentKey({ ...body, conceptos: [{ ...body.conceptos[0], ...line }] }, NOW).folio;
		const values = [100.05, 100.5, 1005, 10.05].map((valorUnitario) => folio({ valorUnitario }));
		expect(new Set(values).size).toBe(4);
		expect(folio({ valorUnitario: 100.5 })).toBe(folio({ valorUnitario: '100.50' }));
		expect(folio({ noIdentificacion: 'AB', descripcion: 'C' })).not.toBe(
			folio({ noIdentificacion: 'A', descripcion: 'BC' }),
		);
		expect(folio({ descripcion: ' Widget ' })).toBe(folio({ descripcion: 'Widget' }));
	});

	test('a replacement of one voucher is not a replacement of another; a credit note is not a replacement', () => {
		const relating = (tipoRelacion: string, uuid: string) =>
			contentKey(
				{ ...body, cfdiRelacionados: [{ tipoRelacion, cfdiRelacionado: [{ uuid }] }] },
				NOW,
			).folio;
		expect(relating('04', 'A1')).not.toBe(relating('04', 'B2'));
		expect(relating('04', 'A1')).not.toBe(relating('01', 'A1'));
	});

	test('the folio always carries eight hex digits', () => {
		expect(fingerprint('T-28')).toBe('0F2CE6D0');
	});

	test('related vouchers count whatever their order and letter case', () => {
		const related = (...groups: Array<[string, string[]]>) => ({
			...body,
			cfdiRelacionados: groups.map(([tipoRelacion, uuids]) => ({
				tipoRelacion,
				cfdiRelacionado: uuids.map((uuid) => ({ uuid })),
			})),
		});
		const one = contentKey(related(['01', ['b2', 'A1']], ['04', ['C3']]), NOW).folio;
		expect(contentKey(related(['04', ['c3']], ['01', ['A1', 'B2']]), NOW).folio).toBe(one);
		expect(contentKey(related(['01', ['A1']], ['04', ['C3']]), NOW).folio).not.toBe(one);
	});

	test('generic RFCs', () => {
		expect(isGenericRfc(' xaxx010101000')).toBe(true);
		expect(isGenericRfc('XEXX010101000')).toBe(true);
		expect(isGenericRfc('URE180429TM6')).toBe(false);
		expect(isGenericRfc(undefined)).toBe(false);
	});
});

describe('saleWindow: where a voucher of the sale can be on the list', () => {
	const NOW = 2_000_000_000;
	test('from the sale date less a 30-minute margin to now plus the margin', () => {
		const since = new Date((NOW - 600) * 1000).toISOString();
		expect(saleWindow([{ since }], NOW, 30)).toEqual({ from: NOW - 600 - 1800, to: NOW + 1800 });
	});
	test('vouchers sent with their own date: 72 hours further back', () => {
		const since = new Date(NOW * 1000).toISOString();
		expect(saleWindow([{ since }], NOW, 30, true).from).toBe(NOW - 1800 - 72 * 3600);
	});
	test('an exact start is not widened; a key without a date looks back the given days; the earliest wins', () => {
		const since = new Date((NOW - 100) * 1000).toISOString();
		expect(saleWindow([{ since, exactSince: true }], NOW, 30).from).toBe(NOW - 100);
		expect(saleWindow([{}], NOW, 30).from).toBe(NOW - 30 * 86_400);
		expect(saleWindow([{ since: 'not a date' }, { since, exactSince: true }], NOW, 2).from).toBe(
			NOW - 2 * 86_400,
		);
		expect(saleWindow([], NOW, 2)).toEqual({ from: NOW, to: NOW + 1800 });
		expect(saleWindow([{ since: '1970-01-01T00:00:00Z' }], NOW, 2).from).toBe(0);
	});
});

describe('keyText: a Duplicate Check Key is text or a number', () => {
	test.each([
		[' SO-77 ', { text: 'SO-77' }],
		[1001, { text: '1001' }],
		[undefined, { text: '' }],
		[null, { text: '' }],
		[{ id: 1 }, { wrongType: 'an object' }],
		[[1], { wrongType: 'a list' }],
		[true, { wrongType: 'a boolean' }],
		[NaN, { wrongType: 'the number NaN' }],
	])('%p → %p', (value, read) => {
		expect(keyText(value)).toEqual(read);
	});
	test('moneyText', () => {
		expect(moneyText('12.5')).toBe('12.50');
		expect(moneyText('x')).toBeUndefined();
		expect(moneyText(5, 0)).toBe('5');
	});
});
