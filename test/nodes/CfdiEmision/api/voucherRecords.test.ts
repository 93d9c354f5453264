import {
	readListPage,
	statusFromSubEstatus,
	toVoucherRecord,
} from '../../../../nodes/CfdiEmision/api/voucherRecords';

describe('voucher list records', () => {
	const item = {
		uuid: 'abc-1',
		idComprobante: 1001,
		fecha: '2024-05-01T10:00:00',
		estatus: 'Vigente',
		subestatus: 'En proceso',
		subestatusId: 4,
		serie: 'A',
		folio: '7',
		receptorRfc: 'URE180429TM6',
		receptorNombre: 'UNIVERSIDAD',
		subtotal: 1000,
		total: 1160,
		moneda: 'MXN',
	};

	it('reads both framings', () => {
		expect(readListPage([item])).toEqual({ items: [item] });
		expect(readListPage({ numeroComprobantes: 12, resumenComprobante: [item] })).toEqual({
			items: [item],
			total: 12,
		});
		expect(readListPage({ resumenComprobante: [] })).toEqual({ items: [] });
	});

	it('refuses answers that are not a voucher list', () => {
		expect(() => readListPage({ message: 'x' })).toThrow(/instead of a list of vouchers/);
		expect(() => readListPage([1, 2])).toThrow(/not objects/);
		expect(() => readListPage('text')).toThrow(/instead of a list/);
	});

	it('maps an item with readable names and status', () => {
		expect(toVoucherRecord(item)).toEqual({
			uuid: 'ABC-1',
			voucherId: 1001,
			date: '2024-05-01T10:00:00',
			status: 'pendingAcceptance',
			subEstatusId: 4,
			statusDescription: 'En proceso',
			series: 'A',
			folio: '7',
			recipientRfc: 'URE180429TM6',
			recipientName: 'UNIVERSIDAD',
			subtotal: 1000,
			total: 1160,
			currency: 'MXN',
		});
		expect([0, 2, 3, 4, 9, null].map(statusFromSubEstatus)).toEqual([
			'pending',
			'stamped',
			'cancelled',
			'pendingAcceptance',
			'unknown',
			'unknown',
		]);
	});
});
