/**
 * refusedInput (voucherInput/refusedInput.ts): every local refusal of an item's input as the editor
 * shows it (the item in the message, the fix and "Nothing was sent to the service." in the
 * description) and as a page or a clerk's list reads it (the structured refusal in the error's
 * outcome, beside what else the item's outcome says).
 */
import type { INode } from 'n8n-workflow';

import { refusedInput } from '../../../../nodes/CfdiEmision/voucherInput/refusedInput';

const node: INode = {
	id: 'cfdi',
	name: 'CFDI',
	type: 'n8n-nodes-cfdi-emision.cfdiEmision',
	typeVersion: 1.1,
	position: [0, 0],
	parameters: {},
};

const problem = {
	field: 'Recipient RFC',
	path: 'receptor.rfc',
	code: 'RFC_PATTERN',
	value: 'XAXX0101',
	message: 'receptor.rfc "XAXX0101" is not an RFC',
	fix: 'Give the RFC of 12 or 13 characters from the Constancia de Situación Fiscal.',
};

describe('refusedInput', () => {
	test('names the item, says the fix, then that nothing was sent', () => {
		const error = refusedInput(node, 3, 'Recipient RFC: not an RFC', problem);
		expect(error.message).toBe('Item 3: Recipient RFC: not an RFC');
		expect(error.description).toBe(`${problem.fix} Nothing was sent to the service.`);
		expect(error.context.itemIndex).toBe(3);
		expect(error.node).toBe(node);
	});

	test('the detail is said after the fix, before "Nothing was sent"', () => {
		const error = refusedInput(node, 0, 'x', problem, ' The value given: XAXX0101.');
		expect(error.description).toBe(
			`${problem.fix} The value given: XAXX0101. Nothing was sent to the service.`,
		);
	});

	test('the outcome carries the structured refusal (a local check: sent false) beside its other members', () => {
		const error = refusedInput(node, 1, 'x', problem, '', { status: 'refused', total: '116.00' });
		expect(error.context.outcome).toEqual({
			status: 'refused',
			total: '116.00',
			refusal: { by: 'localCheck', sent: false, ...problem, problems: [problem] },
		});
	});
});
