/** The concepts of a credit note (actions/voucher/creditNote/buildCreditNote.ts): those written for lines and for a single amount. */
import {
	buildCreditNote,
	type CreditNoteInput,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	INVOICE_UUID,
	IVA16,
	validateWithKinds,
	CREDITED_LINE,
	creditNoteInput as note,
} from '../../../../../support/kindFixtures';

describe('the concepts of a credit note', () => {
	it('a single amount is described after its relation type (SAT guide for egresos), or as the user says', () => {
		const described = (tipoRelacion: string, extra: Partial<CreditNoteInput> = {}) =>
			buildCreditNote(note({ tipoRelacion, amount: 116, ...extra })).conceptos[0];
		expect(described('01')).toMatchObject({
			claveProdServ: '84111506',
			claveUnidad: 'ACT',
			cantidad: '1',
			descripcion: 'Descuento o bonificacion',
		});
		expect(described('03').descripcion).toBe('Devolucion de mercancias');
		expect(described('07').descripcion).toBe('Aplicacion de anticipo');
		expect(
			described('01', {
				descripcion: 'Rebate for May',
				claveProdServ: '01010101',
				claveUnidad: 'E48',
			}),
		).toMatchObject({
			descripcion: 'Rebate for May',
			claveProdServ: '01010101',
			claveUnidad: 'E48',
		});
	});

	it('a line keeps its identification, unit name and discount; a blank discount is none', () => {
		const voucher = buildCreditNote(
			note({
				tipoRelacion: '03',
				lines: [
					{
						...CREDITED_LINE,
						cantidad: '2',
						noIdentificacion: 'SKU-7',
						unidad: 'Pieza',
						descuento: '20',
					},
					{ ...CREDITED_LINE, descuento: '' },
					{ ...CREDITED_LINE, descuento: 0 },
				],
			}),
		);
		expect(voucher.conceptos[0]).toMatchObject({
			noIdentificacion: 'SKU-7',
			unidad: 'Pieza',
			cantidad: '2',
			importe: 200,
			descuento: 20,
		});
		expect(voucher.conceptos[1]).not.toHaveProperty('noIdentificacion');
		expect(voucher.conceptos[1]).not.toHaveProperty('unidad');
		expect(voucher.conceptos[1]).not.toHaveProperty('descuento');
		expect(voucher.conceptos[2]).toMatchObject({ descuento: 0 });
		// (200 − 20) + 100 + 100 = 380 before tax, 60.80 of IVA: 440.80.
		expect(voucher).toMatchObject({ subTotal: 400, descuento: 20, total: 440.8 });
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('relates each invoice by its UUID as given, without the spaces around it', () => {
		const voucher = buildCreditNote(
			note({
				invoices: [{ uuid: `  ${INVOICE_UUID}\n`, total: 1160, moneda: 'MXN', taxes: [IVA16] }],
				amount: 116,
			}),
		);
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
	});

	it('an empty list of lines is no lines: the single amount is credited', () => {
		expect(buildCreditNote(note({ lines: [], amount: 116 })).conceptos).toHaveLength(1);
		expect(buildCreditNote(note({ lines: [], amount: 116 })).conceptos[0].descripcion).toBe(
			'Descuento o bonificacion',
		);
	});
});
