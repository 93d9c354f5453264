import { regimeOptionsFor } from '../../../../nodes/CfdiEmision/methods/regimeOptions';
import { useSandboxEngine } from '../../../engine/nodeTestKit';

const codes = (rfc: unknown) => regimeOptionsFor(rfc).map((option) => option.value);

describe('Recipient Tax Regime lists the regimes that fit the RFC typed', () => {
	it('a company (12 characters) sees the regimes of legal entities', () => {
		const found = codes('URE180429TM6');
		expect(found).toContain('601');
		expect(found).toContain('626');
		expect(found).not.toContain('605');
		expect(found).not.toContain('612');
	});

	it('an individual (13 characters) sees the regimes of individuals', () => {
		const found = codes('xiqb891116qe4 ');
		expect(found).toEqual(expect.arrayContaining(['605', '612', '626']));
		expect(found).not.toContain('601');
	});

	it('the generic RFC sees 616 only; an empty RFC or an expression sees every regime', () => {
		expect(codes('XAXX010101000')).toEqual(['616']);
		expect(codes('').length).toBeGreaterThan(20);
		expect(codes('={{ $json.rfc }}').length).toBeGreaterThan(20);
	});
});

describe('through the node', () => {
	const kit = useSandboxEngine();
	it('the field is empty and required, and its list depends on the Recipient RFC', async () => {
		const { CfdiEmision } = await import('../../../../nodes/CfdiEmision/CfdiEmision.node');
		const node = new CfdiEmision();
		const fields = node.description.properties.filter(
			(property) => property.name === 'receptorRegimenFiscal',
		);
		expect(fields.length).toBeGreaterThan(0);
		for (const field of fields.filter((f) => f.required)) {
			expect(field.default).toBe('');
			expect(field.typeOptions).toEqual({
				loadOptionsMethod: 'recipientRegimes',
				loadOptionsDependsOn: ['receptorRfc'],
			});
		}
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
