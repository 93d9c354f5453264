import { METODO_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/metodoPago';

describe('c_MetodoPago', () => {
	it('offers PUE and PPD, each with the SAT name beside the English one', () => {
		expect(METODO_PAGO).toEqual([
			{
				code: 'PUE',
				description: 'Payment in a single installment',
				spanish: 'Pago en una sola exhibición',
			},
			{
				code: 'PPD',
				description: 'Payment in installments or deferred',
				spanish: 'Pago en parcialidades o diferido',
			},
		]);
	});
});
