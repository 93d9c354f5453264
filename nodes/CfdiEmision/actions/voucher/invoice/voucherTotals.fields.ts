/** The form's Subtotal and Total, once per node version (typed in 1; computed and checked in 1.1). */
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { FROM_VERSION_1_1, ONLY_VERSION_1 } from '../../common.fields';
import { show } from '../fields/voucherForm.fields';

/** Subtotal and Total: typed in version 1; in 1.1 computed from the lines, and a typed amount is checked. */
/** Version 1 keeps its fields exactly (n8n stores only non-default values); 1.1 has the new ones. */
const V1: IDisplayOptions['show'] = ONLY_VERSION_1;
const FROM_V1_1: IDisplayOptions['show'] = FROM_VERSION_1_1;

export const subTotalAndTotal: INodeProperties[] = totalFields();

function totalFields(): INodeProperties[] {
	const total = (
		displayName: string,
		name: string,
		description: string,
		version: IDisplayOptions['show'],
	): INodeProperties => ({
		displayName,
		name,
		type: 'number',
		typeOptions: { numberPrecision: 2 },
		default: 0,
		description,
		displayOptions: show({ inputMode: ['fields'], ...version }),
	});
	return [
		total('Subtotal', 'subTotal', 'Sum of the line item amounts before taxes', V1),
		total(
			'Total',
			'total',
			'Subtotal minus discounts plus transferred taxes minus withheld taxes',
			V1,
		),
		total(
			'Subtotal',
			'subTotal',
			'Leave at 0 to compute it from the line items (the sum of quantity × unit price); an amount typed here is checked against the computed one',
			FROM_V1_1,
		),
		total(
			'Total',
			'total',
			'Leave at 0 to compute it from the line items (subtotal − discounts + transferred taxes − withheld taxes); an amount typed here is checked against the computed one',
			FROM_V1_1,
		),
	];
}
