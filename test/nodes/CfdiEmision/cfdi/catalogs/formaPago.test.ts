import { FORMA_PAGO } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/formaPago';
import { findEntry } from '../../../../../nodes/CfdiEmision/cfdi/catalogs/lookup';

describe('catalogs', () => {
	it('describes the common payment forms', () => {
		expect(findEntry(FORMA_PAGO, '01')?.description).toBe('Cash');
		expect(findEntry(FORMA_PAGO, '03')?.description).toBe('Electronic funds transfer');
		expect(findEntry(FORMA_PAGO, '04')?.description).toBe('Credit card');
		expect(findEntry(FORMA_PAGO, '28')?.description).toBe('Debit card');
		expect(findEntry(FORMA_PAGO, '99')?.description).toBe('To be defined');
		expect(findEntry(FORMA_PAGO, '07')).toBeUndefined();
		expect(findEntry(FORMA_PAGO, 3)).toBeUndefined();
	});
});
