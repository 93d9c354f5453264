/**
 * Rules of cfdi/validation/globalInvoice.ts: a global invoice's sale (ticket) given twice.
 */
import { validateVoucher, type Voucher } from '../../../../../nodes/CfdiEmision/cfdi';

import { invoiceVoucher } from '../../../../support/vouchers';
import { changed, expectOnlyError, globalInvoice } from '../../../../support/kindFixtures';

const invoice = () => invoiceVoucher() as unknown as Voucher;

describe('a sale is in a global invoice once', () => {
	it('a ticket repeated with the same taxes is refused on the repetition', () => {
		const voucher = changed(
			globalInvoice(),
			(v) => (v.conceptos[2].noIdentificacion = v.conceptos[0].noIdentificacion),
		);
		expectOnlyError(voucher, 'GLOBAL_TICKET_TWICE', 'conceptos[2].noIdentificacion');
		expect(validateVoucher(voucher).errors[0].message).toBe(
			'conceptos[2].noIdentificacion "T-0001" is the ticket of conceptos[0] too, with the same taxes; a sale goes into a global invoice once.',
		);
	});

	it('one ticket split over concepts with different taxes (16 % and 0 %) passes, as the SAT guide allows', () => {
		const voucher = changed(globalInvoice(), (v) => {
			v.conceptos[1].noIdentificacion = v.conceptos[0].noIdentificacion;
			const line = v.conceptos[1].impuestos.traslados[0];
			Object.assign(line, { tasaOCuota: 0, importe: 0 });
			const total = v.impuestos.traslados[0];
			v.impuestos.traslados = [
				{
					...total,
					base: total.base - line.base,
					importe: Math.round((total.importe - 8) * 100) / 100,
				},
				{ base: line.base, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0, importe: 0 },
			];
			v.impuestos.totalImpuestosTrasladados = v.impuestos.traslados[0].importe;
			v.total = Math.round((v.subTotal + v.impuestos.totalImpuestosTrasladados) * 100) / 100;
		});
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('the same ticket number on an ordinary invoice is not a global-invoice matter', () => {
		const voucher = changed(invoice(), (v) =>
			v.conceptos.forEach((c: { noIdentificacion?: string }) => (c.noIdentificacion = 'SKU-1')),
		);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});
});
