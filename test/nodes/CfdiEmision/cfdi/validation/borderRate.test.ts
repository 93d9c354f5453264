/**
 * IVA 8 % and the place of issue (cfdi/validation/borderRate.ts), through validateVoucher: the SAT's
 * c_CodigoPostal column "Estímulo Franja Fronteriza" is not embedded, so a voucher charging IVA 8 %
 * is warned, never refused here, naming the postal code, the field and the fix (issue 33: Monterrey's
 * 64000 with IVA 8 % was stamped without a word).
 */
import { baseVoucher, mixedRatesVariant, variant } from '../../../../support/corpusBase';
import { validateWithKinds } from '../../../../support/kindFixtures';

const borderWarnings = (voucher: unknown) =>
	validateWithKinds(voucher).warnings.filter((warning) => warning.code.startsWith('IVA8_'));

describe('IVA 8 % and the Place of Issue', () => {
	test('Monterrey (64000, Nuevo León, a border state outside its border municipality): warned, the service judges', () => {
		const result = validateWithKinds(mixedRatesVariant());
		expect(result.errors).toEqual([]);
		expect(borderWarnings(mixedRatesVariant())).toEqual([
			{
				code: 'IVA8_BORDER_UNVERIFIED',
				path: 'lugarExpedicion',
				value: '64000',
				message:
					'line 2 charges IVA 8 %, the border-region stimulus (estímulo fiscal región fronteriza), and the Place of Issue Postal Code (lugarExpedicion) 64000 is in Nuevo León, a state with border municipalities, but only their postal codes qualify. The SAT\'s c_CodigoPostal marks them (column "Estímulo Franja Fronteriza"); that column is not embedded in this node, so 64000 was not checked here: the stamping service will judge it.',
				fix: "If 64000 is not the postal code of a branch in a border municipality, charge 16 % on that line, or give the issuing branch's postal code as the Place of Issue Postal Code (lugarExpedicion).",
			},
		]);
	});

	test('Mexico City (06600, outside every border state): warned that it is no border postal code', () => {
		const [warning] = borderWarnings(
			mixedRatesVariant((v) => {
				v.lugarExpedicion = '06600';
			}),
		);
		expect(warning).toMatchObject({
			code: 'IVA8_OUTSIDE_BORDER',
			path: 'lugarExpedicion',
			value: '06600',
		});
		expect(warning.message).toBe(
			'line 2 charges IVA 8 %, the border-region stimulus (estímulo fiscal región fronteriza), but the Place of Issue Postal Code (lugarExpedicion) 06600 is in none of the states with border municipalities, so it is no border-region postal code: the stamping service is expected to refuse the rate.',
		);
		expect(warning.fix).toContain('charge 16 % on that line');
	});

	test('one warning per voucher, naming every line at 8 %, once each; the rate written as text counts', () => {
		const voucher = mixedRatesVariant((v) => {
			v.conceptos[0].impuestos.traslados[0].tasaOCuota = '0.080000';
			v.conceptos[1].impuestos.traslados.push({ ...v.conceptos[1].impuestos.traslados[0] });
		});
		const warnings = borderWarnings(voucher);
		expect(warnings).toHaveLength(1);
		expect(warnings[0].message).toMatch(/^lines 1 and 2 charge IVA 8 %/);
		expect(warnings[0].fix).toContain('on those lines');
	});

	test('no warning without IVA 8 %: 16 %, 0 %, exempt, IVA withheld at 8 %, another tax at 0.08', () => {
		expect(borderWarnings(baseVoucher())).toEqual([]);
		expect(
			borderWarnings(
				variant((v) => {
					v.conceptos[0].impuestos.retenciones = [
						{ base: 1000, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, importe: 80 },
					];
					v.conceptos[1].impuestos.traslados[0] = {
						base: 500,
						impuesto: '003',
						tipoFactor: 'Tasa',
						tasaOCuota: 0.08,
						importe: 40,
					};
				}),
			),
		).toEqual([]);
	});

	test('a missing or malformed Place of Issue is left to its own check (no border warning)', () => {
		for (const place of [undefined, '640', 'ABCDE'])
			expect(
				borderWarnings(
					mixedRatesVariant((v) => {
						v.lugarExpedicion = place;
					}),
				),
			).toEqual([]);
	});

	test('Hermosillo (83000, Sonora, outside its border municipalities): warned, naming the state', () => {
		const [warning] = borderWarnings(
			mixedRatesVariant((v) => {
				v.lugarExpedicion = '83000';
			}),
		);
		expect(warning).toMatchObject({ code: 'IVA8_BORDER_UNVERIFIED', value: '83000' });
		expect(warning.message).toContain('83000 is in Sonora, a state with border municipalities');
	});
});
