/**
 * The node's parameters as the operations read them (execution/itemParameters.ts): a JSON parameter given
 * as text or as a value, refused in words that name the field and the item and say nothing was sent;
 * deep merges of Additional Fields; a picker's code whichever version saved it.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import {
	codeOf,
	mergeMembers,
	readJsonParameter,
	readJsonValue,
} from '../../../../nodes/CfdiEmision/execution/itemParameters';

const NODE: INode = {
	id: '1',
	name: 'CFDI Emision',
	type: 'n8n-nodes-cfdi-emision.cfdiEmision',
	typeVersion: 1.1,
	position: [0, 0],
	parameters: {},
};
const given = (value: unknown) =>
	({ getNodeParameter: () => value, getNode: () => NODE }) as unknown as IExecuteFunctions;
const read = (value: unknown) =>
	readJsonParameter(given(value), 'voucherJson', 2, 'Voucher (JSON)');
const refusal = (run: () => unknown) => {
	try {
		run();
	} catch (error) {
		return error as Error & { description?: string };
	}
	throw new Error('not refused');
};

describe('readJsonParameter', () => {
	test('an object given as text or as a value is read; empty text is {}', () => {
		expect(read('{ "serie": "A" }')).toEqual({ serie: 'A' });
		expect(read({ serie: 'B' })).toEqual({ serie: 'B' });
		expect(read('   ')).toEqual({});
	});

	test('text that is not JSON: the item, the field and what to enter', () => {
		const error = refusal(() => read('{ serie: A }'));
		expect(error.message).toMatch(/^Item 2: "Voucher \(JSON\)" is not valid JSON \(/);
		expect(error.description).toBe(
			'Nothing was sent. Enter a JSON object, or map one from a previous node with an expression such as {{ $json.voucher }}.',
		);
	});

	test.each([
		['[1, 2]', 'an array'],
		['"A-1"', 'the text "A-1"'],
		['42', 'the number 42'],
		['true', 'the boolean true'],
	])('%s is not an object: said as %s', (text, kind) => {
		expect(refusal(() => read(text)).message).toBe(
			`Item 2: "Voucher (JSON)" must be a JSON object ({ ... }), not ${kind}.`,
		);
	});

	test('null (an expression that found nothing) is refused with the likely cause', () => {
		const error = refusal(() => read(null));
		expect(error.message).toBe(
			'Item 2: "Voucher (JSON)" must be a JSON object ({ ... }), not null.',
		);
		expect(error.description).toContain('An expression that maps a missing field gives null');
	});

	test('a number JSON cannot carry is refused, naming its member, before anything is sent', () => {
		const error = refusal(() =>
			readJsonValue(given('{ "total": 1e999 }'), 'voucherJson', 0, 'Voucher (JSON)', ''),
		);
		expect(error.message).toMatch(
			/^Item 0: "Voucher \(JSON\)" has a number that is not a finite number: .*total/,
		);
	});
});

describe('mergeMembers and codeOf', () => {
	test('objects merge member by member; arrays and other values replace', () => {
		expect(
			mergeMembers(
				{ receptor: { rfc: 'A', nombre: 'N' }, conceptos: [1, 2], serie: 'A' },
				{ receptor: { nombre: 'M' }, conceptos: [3], folio: '9' },
			),
		).toEqual({ receptor: { rfc: 'A', nombre: 'M' }, conceptos: [3], serie: 'A', folio: '9' });
	});

	test("a picker's value gives its code; a plain value (version 1, JSON) stays", () => {
		expect(codeOf({ __rl: true, mode: 'list', value: 'H87' })).toBe('H87');
		expect(codeOf('E48')).toBe('E48');
		expect(codeOf({ value: 'x' })).toEqual({ value: 'x' });
	});
});
