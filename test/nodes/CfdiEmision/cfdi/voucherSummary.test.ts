import { seriesFolio, summarizeVoucher } from '../../../../nodes/CfdiEmision/cfdi/voucherSummary';

describe('summarizeVoucher', () => {
	it('reads what a person looks for first: type, series-folio, recipient, total and currency', () => {
		const summary = summarizeVoucher({
			tipoDeComprobante: 'I',
			serie: ' A ',
			folio: 1001,
			emisor: { rfc: 'EKU9003173C9', nombre: ' ESCUELA KEMPER URGATE ' },
			receptor: { rfc: 'XAXX010101000', nombre: 'PUBLICO EN GENERAL' },
			subTotal: '1000.00',
			impuestos: { totalImpuestosTrasladados: '160.00' },
			total: '1160.00',
			moneda: 'MXN',
		});
		expect(summary).toEqual({
			type: 'I',
			kind: 'invoice',
			series: 'A',
			folio: '1001',
			issuerName: 'ESCUELA KEMPER URGATE',
			recipientRfc: 'XAXX010101000',
			recipientName: 'PUBLICO EN GENERAL',
			subtotal: 1000,
			discount: null,
			taxes: 160,
			withheldTaxes: null,
			total: 1160,
			currency: 'MXN',
		});
		expect(seriesFolio(summary)).toBe('A-1001');
	});

	it('a payment receipt shows the money paid in MXN and each invoice with its balance left', () => {
		const summary = summarizeVoucher({
			tipoDeComprobante: 'P',
			total: 0,
			moneda: 'XXX',
			complemento: {
				complementoPago20: {
					totales: { montoTotalPagos: '500.00' },
					pago: [
						{
							monto: '500.00',
							monedaP: 'MXN',
							doctoRelacionado: [
								{
									idDocumento: 'abc-123',
									numParcialidad: '1',
									impSaldoAnt: '1160.00',
									impPagado: '500.00',
									impSaldoInsoluto: '660.00',
									monedaDR: 'MXN',
								},
							],
						},
					],
				},
			},
		});
		expect(summary.total).toBe(500);
		expect(summary.currency).toBe('MXN');
		expect(summary.invoices).toEqual([
			{
				uuid: 'ABC-123',
				series: null,
				folio: null,
				installment: 1,
				previousBalance: 1160,
				paid: 500,
				balanceLeft: 660,
				currency: 'MXN',
			},
		]);
	});

	it('what is not a voucher gives blanks, not an error; no series or folio is null', () => {
		expect(summarizeVoucher('not a voucher')).toMatchObject({ type: null, total: null });
		expect(seriesFolio({ series: null, folio: null })).toBeNull();
	});
});
