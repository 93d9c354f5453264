/**
 * A sale's identity (identity/saleIdentity.ts), its keys: the content key of a voucher sent without a
 * Duplicate Check Key (the folio it derives, what counts as the same content, generic RFCs), the
 * window of the voucher list a sale's voucher can be in, and a key given as text or a number. How a
 * listed voucher is judged against the sale, and the messages: saleIdentity.test.ts. Also the
 * state a listed voucher's status words give (stateOf).
 */
import {
	contentKey,
	contentOf,
	fingerprint,
	isGenericRfc,
	keyText,
	moneyText,
	saleWindow,
	stateOf,
} from '../../../../nodes/CfdiEmision/identity/saleIdentity';
import { listedSale } from '../../../support/listedSale';

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
		expect(stateOf(listedSale({ status, statusDescription: words }))).toBe(state);
	});
});
