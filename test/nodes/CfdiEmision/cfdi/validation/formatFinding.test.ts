import { formatFinding } from '../../../../../nodes/CfdiEmision/cfdi/validation/formatFinding';
import { variant } from '../../../../support/corpusBase';
import { validateWithKinds } from '../../../../support/kindFixtures';

describe('formatFinding', () => {
	it('names the item, the path, the value and the fix', () => {
		const voucher = variant((v) =>
			Object.assign(v.receptor, {
				rfc: 'PEGJ800101AB1',
				regimenFiscalReceptor: '616',
				usoCFDI: 'G01',
			}),
		);
		const [finding] = validateWithKinds(voucher).errors;
		expect(finding).toEqual({
			code: 'CFDI40161',
			path: 'receptor.usoCFDI',
			value: 'G01',
			message: 'receptor.usoCFDI "G01" is not allowed for regimenFiscalReceptor "616".',
			fix: 'Use "S01" or "G02".',
		});
		expect(formatFinding(finding, 3)).toBe(
			'Item 3: receptor.usoCFDI "G01" is not allowed for regimenFiscalReceptor "616". Use "S01" or "G02".',
		);
	});

	it('prints the item index as given', () => {
		const finding = { code: 'X', path: 'a', message: 'a is wrong.', fix: 'Fix a.' };
		expect(formatFinding(finding, 0)).toBe('Item 0: a is wrong. Fix a.');
		expect(formatFinding(finding, 41)).toBe('Item 41: a is wrong. Fix a.');
	});

	it('gives exact amounts in amount fixes', () => {
		const [finding] = validateWithKinds(variant((v) => (v.subTotal = 1499))).errors;
		expect(formatFinding(finding, 1)).toBe(
			'Item 1: subTotal 1499 is not the sum of the concept importe values (1500.00). Set subTotal to 1500.00: add up the concept importe values as written, then round.',
		);
	});

	it('suggests the obvious code for a near miss', () => {
		const errors = validateWithKinds(
			variant((v) => Object.assign(v, { formaPago: 3, moneda: 'mxn' })),
		).errors;
		expect(errors.map((e) => formatFinding(e, 2))).toEqual([
			'Item 2: formaPago 3 is not a string. Send it as text: "03".',
			'Item 2: moneda "mxn" is not a c_Moneda code. Use "MXN" (Mexican peso).',
		]);
	});
});

describe('validateVoucher collects every finding', () => {
	it('reports all independent problems at once', () => {
		const voucher = variant((v) => {
			v.version = '3.3';
			v.fecha = '2024-13-01T00:00:00';
			v.lugarExpedicion = '640';
			v.receptor.rfc = 'BAD';
			v.conceptos[1].claveProdServ = 'ABC';
			delete v.exportacion;
		});
		const codes = validateWithKinds(voucher).errors.map((e) => `${e.code} ${e.path}`);
		expect(codes).toEqual([
			'REQUIRED exportacion',
			'VERSION version',
			'CFDI40101 fecha',
			'POSTAL_CODE_PATTERN lugarExpedicion',
			'CLAVE_PROD_SERV_PATTERN conceptos[1].claveProdServ',
			'RFC_PATTERN receptor.rfc',
		]);
	});

	it('reports wrong shapes without throwing', () => {
		for (const input of [
			null,
			42,
			'x',
			[],
			{ emisor: 'x', receptor: [], conceptos: {} },
			{ conceptos: [null, 5] },
		]) {
			const result = validateWithKinds(input);
			expect(result.valid).toBe(false);
			expect(result.errors.length).toBeGreaterThan(0);
		}
		const shapes = validateWithKinds({ emisor: 'x', receptor: [], conceptos: {} }).errors.filter(
			(e) => e.code !== 'REQUIRED',
		);
		expect(shapes.map((e) => `${e.code} ${e.path}`)).toEqual([
			'OBJECT_EXPECTED emisor',
			'OBJECT_EXPECTED receptor',
			'ARRAY_EXPECTED conceptos',
		]);
	});

	it('downgrades missing members to warnings for a pending save', () => {
		const voucher = variant((v) => {
			delete v.receptor.usoCFDI;
			delete v.conceptos[0].claveUnidad;
			v.version = '3.3';
		});
		const pending = validateWithKinds(voucher, { stamp: false });
		expect(pending.errors.map((e) => e.code)).toEqual(['VERSION']);
		expect(pending.warnings.map((w) => w.path)).toEqual([
			'receptor.usoCFDI',
			'conceptos[0].claveUnidad',
		]);
		expect(validateWithKinds(voucher).errors).toHaveLength(3);
	});
});
