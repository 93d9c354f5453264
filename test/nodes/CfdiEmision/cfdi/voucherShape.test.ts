import {
	complementOf,
	hasComplement,
	isRecord,
	itemPath,
	PATHS,
	relatedGroupsOf,
	withComplement,
	withGlobalInformation,
	withRelatedGroups,
} from '../../../../nodes/CfdiEmision/cfdi/voucherShape';

describe('the voucher body as the service reads it', () => {
	it('names the members in error paths as the service does', () => {
		expect(PATHS.payments).toBe('complemento.complementoPago20');
		expect(PATHS.related).toBe('cfdiRelacionados');
		expect(itemPath('conceptos[0].impuestos', 'traslados', 1)).toBe(
			'conceptos[0].impuestos.traslados[1]',
		);
	});

	it('sets a complement on a copy, keeping the other complements and the voucher as it was', () => {
		const voucher = { serie: 'A', complemento: { leyendasFiscales: { version: '1.0' } } };
		const paid = withComplement(voucher, 'payments', { version: '2.0', pago: [] } as never);
		expect(paid).toEqual({
			serie: 'A',
			complemento: {
				leyendasFiscales: { version: '1.0' },
				complementoPago20: { version: '2.0', pago: [] },
			},
		});
		expect(voucher.complemento).toEqual({ leyendasFiscales: { version: '1.0' } });
		expect(hasComplement(paid, 'payments')).toBe(true);
		expect(hasComplement(voucher, 'payments')).toBe(false);
		expect(complementOf(paid, 'legends')).toEqual({ version: '1.0' });
	});

	it('adds related-voucher groups after those the voucher had; none leaves it as it is', () => {
		const first = { tipoRelacion: '01', uuids: ['A'] };
		const second = { tipoRelacion: '04', uuids: ['B'] };
		const voucher = withRelatedGroups({ cfdiRelacionados: [first] }, [second] as never);
		expect(relatedGroupsOf(voucher)).toEqual([first, second]);
		const plain = { serie: 'A' };
		expect(withRelatedGroups(plain, [])).toBe(plain);
	});

	it('writes the global information block under its service name', () => {
		const info = { periodicidad: '01', meses: '05', año: 2026 };
		expect(withGlobalInformation({}, info as never)).toEqual({ informacionGlobal: info });
	});

	it('a record is an object, not null, a list or text', () => {
		expect([{}, [], null, 'x', 1].map(isRecord)).toEqual([true, false, false, false, false]);
	});
});
