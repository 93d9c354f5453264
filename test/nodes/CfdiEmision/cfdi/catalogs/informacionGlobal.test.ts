import {
	MESES,
	PERIODICIDAD,
} from '../../../../../nodes/CfdiEmision/cfdi/catalogs/informacionGlobal';

describe('c_Periodicidad and c_Meses of a global invoice', () => {
	it('offers five periods, daily to bimonthly', () => {
		expect(PERIODICIDAD.map((entry) => [entry.code, entry.description])).toEqual([
			['01', 'Daily'],
			['02', 'Weekly'],
			['03', 'Fortnightly'],
			['04', 'Monthly'],
			['05', 'Bimonthly'],
		]);
		expect(PERIODICIDAD[0].spanish).toBe('Diario');
	});

	it('offers the twelve months then the six two-month periods (13-18)', () => {
		expect(MESES).toHaveLength(18);
		expect(MESES[0]).toEqual({ code: '01', description: 'January', spanish: 'Enero' });
		expect(MESES[12]).toMatchObject({ code: '13', description: 'January-February' });
		expect(MESES[17]).toMatchObject({ code: '18', description: 'November-December' });
	});
});
