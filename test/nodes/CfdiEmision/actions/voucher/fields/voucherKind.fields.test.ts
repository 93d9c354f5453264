/**
 * The fields the voucher kinds share (fields/voucherKind.fields.ts) as the editor shows them: a
 * kind's tax rates (IVA 16 % by default, the others as percentages, 0 for none), and the Related
 * Vouchers and Fiscal Legends every creating operation offers.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const shown = (operation: string, name: string) =>
	fieldsShownFor(voucherDescription, 'voucher', operation).find((field) => field.name === name);

describe('the fields the voucher kinds share', () => {
	test.each([
		['createCreditNote', 'credit'],
		['createGlobalInvoice', 'sale'],
	])(
		'%s asks its taxes: IVA 16 %% by default among the SAT rates, IEPS and withholdings as percentages (0-100, four decimals), 0 for none',
		(operation, prefix) => {
			const iva = shown(operation, `${prefix}IvaRate`);
			expect(iva?.default).toBe('0.16');
			expect((iva?.options as INodePropertyOptions[]).map((option) => option.value)).toEqual([
				'0.16',
				'0.08',
				'0',
				'exempt',
				'none',
			]);
			for (const rate of ['IepsRate', 'IvaWithheldRate', 'IsrWithheldRate'])
				expect(shown(operation, `${prefix}${rate}`)).toMatchObject({
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0, maxValue: 100, numberPrecision: 4 },
				});
		},
	);

	test('the credit note asks its taxes only when the figures are typed in (its XML not read)', () => {
		expect(
			shown('createCreditNote', 'creditIvaRate')?.displayOptions?.show?.readRelatedXml,
		).toEqual([false]);
	});

	test.each(['create', 'createCreditNote', 'createGlobalInvoice', 'createPaymentReceipt'])(
		'%s offers Related Vouchers (type 04 by default) and Fiscal Legends, empty by default',
		(operation) => {
			const related = shown(operation, 'relatedVouchers');
			expect(related).toMatchObject({ type: 'fixedCollection', default: {} });
			const [relation] = related?.options as Array<{ values: INodeProperties[] }>;
			expect(relation.values.map((value) => [value.name, value.default])).toEqual([
				['tipoRelacion', '04'],
				['uuids', ''],
			]);
			const legends = shown(operation, 'fiscalLegends');
			expect(legends).toMatchObject({ type: 'fixedCollection', default: {} });
			const [legend] = legends?.options as Array<{ values: INodeProperties[] }>;
			expect(legend.values.map((value) => value.name)).toEqual([
				'textoLeyenda',
				'disposicionFiscal',
				'norma',
			]);
		},
	);
});
