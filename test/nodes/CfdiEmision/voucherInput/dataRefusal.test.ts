/**
 * The structured refusal a page words for its buyer (issue 32 item 1): the node's findings and the
 * service's errores as { by, sent, field, path, code, value, message, fix, problems }.
 */
import {
	localRefusal,
	serviceRefusal,
	valueAt,
	withValues,
} from '../../../../nodes/CfdiEmision/voucherInput/dataRefusal';

const voucher = {
	receptor: { rfc: 'FUNK671228PH6', domicilioFiscalReceptor: '06000' },
	conceptos: [{ claveUnidad: 'H87' }, { claveUnidad: 'XYZ' }],
};

describe('dataRefusal', () => {
	test('valueAt reads members and line indexes; undefined when absent', () => {
		expect(valueAt(voucher, 'receptor.rfc')).toBe('FUNK671228PH6');
		expect(valueAt(voucher, 'conceptos[1].claveUnidad')).toBe('XYZ');
		expect(valueAt(voucher, 'conceptos[5].claveUnidad')).toBeUndefined();
		expect(valueAt(voucher, 'emisor.rfc')).toBeUndefined();
	});

	test("a local finding: checked before sending (sent false), the form's label, the node's code, the value", () => {
		const refusal = localRefusal(
			[
				{
					code: 'RFC_PATTERN',
					path: 'receptor.rfc',
					value: 'FUNK67122PH',
					message: 'receptor.rfc "FUNK67122PH" is not a valid RFC.',
					fix: 'An RFC has 12 characters (legal entity) or 13 (individual); this one has 11.',
				},
				{ code: 'UNIT', path: 'conceptos[1].claveUnidad', message: 'm', fix: 'f' },
			],
			voucher,
		);
		expect(refusal).toMatchObject({
			by: 'localCheck',
			sent: false,
			field: 'Recipient RFC',
			path: 'receptor.rfc',
			code: 'RFC_PATTERN',
			value: 'FUNK67122PH',
		});
		// A value the finding does not give is read from the voucher.
		expect(refusal?.problems[1]).toMatchObject({
			field: "line 2's Unit Code",
			value: 'XYZ',
		});
		expect(localRefusal([])).toBeUndefined();
	});

	test("the service's codes: a recipient code placed on its field with the buyer's fix, another kept without a field; values from the body sent", () => {
		const refusal = serviceRefusal([
			{
				codigo: 'CFDI40147',
				mensaje: 'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista...',
			},
			{ codigo: 'FAC112', mensaje: 'La serie no existe' },
		]);
		expect(refusal).toMatchObject({
			by: 'service',
			sent: true,
			field: 'Recipient Fiscal Postal Code',
			path: 'receptor.domicilioFiscalReceptor',
			code: 'CFDI40147',
		});
		expect(refusal?.fix).toContain('postal code');
		expect(refusal?.problems[1]).toMatchObject({ field: null, path: null, code: 'FAC112' });
		const valued = withValues(refusal!, voucher);
		expect([valued.value, valued.problems[0].value, valued.problems[1].value]).toEqual([
			'06000',
			'06000',
			undefined,
		]);
		expect(serviceRefusal([])).toBeUndefined();
	});
});
