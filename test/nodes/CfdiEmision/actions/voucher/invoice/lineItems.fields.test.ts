import type { INodeProperties } from 'n8n-workflow';

import { conceptos } from '../../../../../../nodes/CfdiEmision/actions/voucher/invoice/lineItems.fields';

const lineFields = (version: number): string[] => {
	const field = conceptos.find((property) =>
		JSON.stringify(property.displayOptions?.show?.['@version']).includes(
			version === 1 ? '[1]' : 'gte',
		),
	)!;
	const [line] = field.options as Array<{ values: INodeProperties[] }>;
	return line.values.map((value) => value.displayName);
};

describe('Line Items in the order a person fills them', () => {
	it('version 1.1: what, how many, price, then the taxes', () => {
		expect(lineFields(1.1)).toEqual([
			'Description',
			'Product or Service Code',
			'Quantity',
			'Unit Code',
			'Unit Price',
			'Discount',
			'Price Includes Tax',
			'Tax Object',
			'IVA',
			'IEPS',
			'IEPS Rate or Quota',
			'IVA Withheld',
			'ISR Withheld',
		]);
	});

	it('version 1 keeps its order', () => {
		expect(lineFields(1)).toEqual([...lineFields(1)].sort((a, b) => a.localeCompare(b)));
	});
});
