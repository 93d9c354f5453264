/**
 * Related vouchers and fiscal legends on any voucher (cfdi/kinds/relations.ts), as the node's
 * "Related Vouchers" and "Fiscal Legends" fields give them: UUIDs typed in one text or as a list,
 * one group per relation type, each UUID once; legends trimmed, in the schema's member order.
 */
import {
	relatedGroups,
	withFiscalLegends,
	withRelatedVouchers,
} from '../../../../../nodes/CfdiEmision/cfdi/kinds/relations';
import { baseVoucher } from '../../../../support/corpusBase';
import { INVOICE_UUID, SECOND_UUID, validateWithKinds } from '../../../../support/kindFixtures';

const THIRD = '11111111-2222-4333-8444-555555555555';

describe('related vouchers', () => {
	it('splits one text at commas, semicolons, spaces and new lines, and each list item too', () => {
		expect(
			relatedGroups([
				{ tipoRelacion: '04', uuids: ` ${INVOICE_UUID},${SECOND_UUID};\n${THIRD}\t` },
			]),
		).toEqual([
			{
				tipoRelacion: '04',
				cfdiRelacionado: [{ uuid: INVOICE_UUID }, { uuid: SECOND_UUID }, { uuid: THIRD }],
			},
		]);
		expect(
			relatedGroups([
				{ tipoRelacion: '04', uuids: [`${INVOICE_UUID} ${SECOND_UUID}`, '', ` ${THIRD} `] },
			]),
		).toEqual([
			{
				tipoRelacion: '04',
				cfdiRelacionado: [{ uuid: INVOICE_UUID }, { uuid: SECOND_UUID }, { uuid: THIRD }],
			},
		]);
	});

	it('one group per relation type in the order first given, each UUID once whatever its case (the first spelling kept)', () => {
		const groups = relatedGroups([
			{ tipoRelacion: ' 07 ', uuids: [INVOICE_UUID.toLowerCase()] },
			{ tipoRelacion: '04', uuids: SECOND_UUID },
			{ tipoRelacion: '07', uuids: `${INVOICE_UUID}, ${THIRD}` },
		]);
		expect(groups).toEqual([
			{
				tipoRelacion: '07',
				cfdiRelacionado: [{ uuid: INVOICE_UUID.toLowerCase() }, { uuid: THIRD }],
			},
			{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: SECOND_UUID }] },
		]);
	});

	it('skips an empty row; a type without UUIDs, or UUIDs without a type, is kept for validation to name', () => {
		const voucher = baseVoucher();
		expect(withRelatedVouchers(voucher, [{ tipoRelacion: ' ', uuids: ' , ' }])).not.toHaveProperty(
			'cfdiRelacionados',
		);
		expect(relatedGroups([{ tipoRelacion: undefined as unknown as string, uuids: [] }])).toEqual(
			[],
		);
		const noUuid = withRelatedVouchers(voucher, [{ tipoRelacion: '04', uuids: '' }]);
		expect(validateWithKinds(noUuid).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
			'LIST_EMPTY cfdiRelacionados[0].cfdiRelacionado',
		]);
		const noType = withRelatedVouchers(voucher, [{ tipoRelacion: '', uuids: INVOICE_UUID }]);
		expect(noType.cfdiRelacionados).toEqual([
			{ tipoRelacion: '', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(validateWithKinds(noType).errors.map((e) => e.path)).toEqual([
			'cfdiRelacionados[0].tipoRelacion',
		]);
	});

	it('a relation to another voucher is accepted by the validator', () => {
		const voucher = withRelatedVouchers(baseVoucher(), [
			{ tipoRelacion: '04', uuids: INVOICE_UUID },
		]);
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});
});

describe('fiscal legends', () => {
	it('trims each member and writes them in the schema order (disposicionFiscal, norma, textoLeyenda)', () => {
		const voucher = withFiscalLegends(baseVoucher(), [
			{
				textoLeyenda: '  Contribuyente del RESICO ',
				norma: ' Regla 2.7.1.2 ',
				disposicionFiscal: ' RMF2024 ',
			},
		]);
		const [legend] = (voucher.complemento as { leyendasFiscales: { leyenda: object[] } })
			.leyendasFiscales.leyenda;
		expect(legend).toEqual({
			disposicionFiscal: 'RMF2024',
			norma: 'Regla 2.7.1.2',
			textoLeyenda: 'Contribuyente del RESICO',
		});
		expect(Object.keys(legend)).toEqual(['disposicionFiscal', 'norma', 'textoLeyenda']);
		expect(validateWithKinds(voucher).errors).toEqual([]);
	});

	it('no legend given leaves the voucher as it was; a legend with a rule but no text is kept for validation to name', () => {
		const voucher = baseVoucher();
		expect(withFiscalLegends(voucher, [])).toBe(voucher);
		expect(
			withFiscalLegends(voucher, [{ textoLeyenda: '  ', norma: '', disposicionFiscal: ' ' }]),
		).toBe(voucher);
		for (const legend of [
			{ textoLeyenda: '', norma: 'Regla 2.7.1.2' },
			{ textoLeyenda: ' ', disposicionFiscal: 'RMF2024' },
		]) {
			const withRuleOnly = withFiscalLegends(voucher, [legend]);
			expect(validateWithKinds(withRuleOnly).errors.map((e) => `${e.code} ${e.path}`)).toEqual([
				'REQUIRED complemento.leyendasFiscales.leyenda[0].textoLeyenda',
			]);
		}
	});

	it('keeps the version of legends already there', () => {
		const voucher = {
			...baseVoucher(),
			complemento: { leyendasFiscales: { version: '1.0', leyenda: [{ textoLeyenda: 'Primera' }] } },
		};
		const added = withFiscalLegends(voucher, [{ textoLeyenda: 'Segunda' }]);
		expect(added.complemento).toEqual({
			leyendasFiscales: {
				version: '1.0',
				leyenda: [{ textoLeyenda: 'Primera' }, { textoLeyenda: 'Segunda' }],
			},
		});
	});
});
