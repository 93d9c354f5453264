import type { ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';

import { CfdiEmision } from '../../../../nodes/CfdiEmision/CfdiEmision.node';
import { regimeOptionsFor } from '../../../../nodes/CfdiEmision/methods/regimeOptions';

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

	it('an RFC not yet valid tells its kind by its length', () => {
		expect(codes('ABC991399XX1')).toContain('601');
		expect(codes('ABC991399XX1')).not.toContain('605');
		expect(codes('ABCD991399XX1')).toContain('605');
		expect(codes('ABCD991399XX1')).not.toContain('601');
	});

	it('each regime is found in Spanish and in English, as the static lists are', () => {
		const label = regimeOptionsFor('XIQB891116QE4').find((option) => option.value === '626')?.name;
		expect(label).toMatch(/simplified trust/i);
		expect(label).toMatch(/Simplificado de Confianza/);
	});

	it('the generic RFCs see 616 only; an empty RFC, an expression or a partial one sees every regime', () => {
		expect(codes('XAXX010101000')).toEqual(['616']);
		expect(codes('XEXX010101000')).toEqual(['616']);
		const every = codes('');
		expect(every).toEqual(expect.arrayContaining(['601', '605', '612', '616', '626']));
		expect(codes('={{ $json.rfc }}')).toEqual(every);
		expect(codes('URE18')).toEqual(every);
	});
});

describe('the node asks for it in version 1.1 and keeps 601 in version 1', () => {
	const node = new CfdiEmision();
	const declarations = (name: string) =>
		node.description.properties.filter((property) => property.name === name);
	const forVersion = (fields: INodeProperties[], v11: boolean) =>
		fields.filter(
			(field) => JSON.stringify(field.displayOptions?.show?.['@version']).includes('gte') === v11,
		);

	it('version 1.1: empty, required on Create, Update and Validate, its list from the Recipient RFC', async () => {
		const v11 = forVersion(declarations('receptorRegimenFiscal'), true);
		const required = v11.find((field) => field.required)!;
		expect(required.displayOptions?.show?.operation).toEqual(['create', 'update', 'validate']);
		for (const field of v11) {
			expect(field.default).toBe('');
			expect(field.options).toBeUndefined();
			expect(field.typeOptions).toEqual({
				loadOptionsMethod: 'recipientRegimes',
				loadOptionsDependsOn: ['receptorRfc'],
			});
		}
		// The credit note and the payment receipt take it from the related invoice when left empty.
		const optional = v11.filter((field) => !field.required);
		expect(optional.flatMap((field) => field.displayOptions?.show?.operation)).toEqual(
			expect.arrayContaining(['createCreditNote', 'createPaymentReceipt']),
		);
		const loaded = await node.methods.loadOptions.recipientRegimes.call({
			getCurrentNodeParameter: (name: string) =>
				name === 'receptorRfc' ? 'XIQB891116QE4' : undefined,
		} as unknown as ILoadOptionsFunctions);
		expect(loaded.map((option) => option.value)).toEqual(codes('XIQB891116QE4'));
	});

	it('version 1: the static list with 601, as workflows saved with it rely on', () => {
		for (const field of forVersion(declarations('receptorRegimenFiscal'), false)) {
			expect(field.default).toBe('601');
			expect(field.typeOptions).toBeUndefined();
			expect((field.options ?? []).length).toBeGreaterThan(20);
		}
	});

	it('Payment Form: empty and required in version 1.1 on Create, Update and Validate; 01 in version 1', () => {
		const forms = declarations('formaPago').filter((field) =>
			(field.displayOptions?.show?.operation ?? []).includes('create'),
		);
		const [v11] = forVersion(forms, true);
		expect(v11).toMatchObject({ default: '', required: true });
		expect(v11.displayOptions?.show?.operation).toEqual(['create', 'update', 'validate']);
		const [v1] = forVersion(forms, false);
		expect(v1.default).toBe('01');
		expect(v1.required).toBeFalsy();
	});
});
