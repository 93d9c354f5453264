/**
 * The voucher form (fields/voucherForm.fields.ts) as the editor shows it on Create: Fields by
 * default among four input modes; version 1 keeps its presets, version 1.1 asks without one what a
 * preset could get wrong (the payment form, the recipient's regime) and leaves the issuer's regime
 * to the credential.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const v11 = (field: INodeProperties) =>
	JSON.stringify(field.displayOptions?.show?.['@version']).includes('gte');
/** The declarations of one field on Create, version 1's first. */
const declared = (name: string) =>
	fieldsShownFor(voucherDescription, 'voucher', 'create')
		.filter((field) => field.name === name)
		.sort((a, b) => Number(v11(a)) - Number(v11(b)));

describe('the voucher form', () => {
	test('Input Mode: Fields by default, then JSON, Order and Line Items', () => {
		const [inputMode] = declared('inputMode');
		expect(inputMode.default).toBe('fields');
		expect((inputMode.options as INodePropertyOptions[]).map((option) => option.value)).toEqual([
			'fields',
			'json',
			'order',
			'lineItems',
		]);
		expect(declared('voucherJson')[0].displayOptions?.show?.inputMode).toEqual(['json']);
	});

	test("Payment Form: version 1's preset (01, cash) kept; version 1.1 required, with no preset", () => {
		const [v1, later] = declared('formaPago');
		expect(v1.default).toBe('01');
		expect(later).toMatchObject({ default: '', required: true });
	});

	test('Recipient Tax Regime: version 1.1 lists the regimes that fit the Recipient RFC, no preset', () => {
		const [v1, later] = declared('receptorRegimenFiscal');
		expect(v1.default).toBe('601');
		expect(later).toMatchObject({
			default: '',
			required: true,
			typeOptions: { loadOptionsMethod: 'recipientRegimes', loadOptionsDependsOn: ['receptorRfc'] },
		});
	});

	test("Issuer Tax Regime: version 1 keeps 601; version 1.1 empty by default, the credential's", () => {
		const [v1, later] = declared('emisorRegimenFiscal');
		expect(v1.default).toBe('601');
		expect(later.default).toBe('');
		expect((later.options as INodePropertyOptions[])[0]).toEqual({
			name: "(Empty: The Credential's)",
			value: '',
		});
	});
});
