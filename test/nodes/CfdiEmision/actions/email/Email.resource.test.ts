/**
 * Email: the operation selector the editor shows, and each operation's own fields shown for it
 * (and only for this resource); every operation offered runs (the router has it).
 */
import { emailDescription } from '../../../../../nodes/CfdiEmision/actions/email/Email.resource';
import { router } from '../../../../../nodes/CfdiEmision/actions/router';
import * as send from '../../../../../nodes/CfdiEmision/actions/email/send.operation';
import {
	expectOperationShowsItsFields,
	operationSelector,
	operationValues,
} from '../../../../support/resourceKit';

const OPERATIONS = { send };

describe('Email resource', () => {
	test('the selector offers the operations, shown for this resource only, with send first chosen', () => {
		const selector = operationSelector(emailDescription);
		expect(operationValues(emailDescription)).toEqual(['send']);
		expect(selector.displayOptions).toEqual({ show: { resource: ['email'] } });
		expect(selector.default).toBe('send');
	});

	test('every operation offered runs: the router has it, and nothing else for this resource', () => {
		expect(Object.keys(router.email).sort()).toEqual(operationValues(emailDescription).sort());
	});

	test.each(Object.entries(OPERATIONS))(
		'%s shows its own fields, in its order',
		(operation, module) => {
			expectOperationShowsItsFields(emailDescription, 'email', operation, module.description);
		},
	);

	test('no field of this resource shows for another resource', () => {
		for (const field of emailDescription)
			expect(field.displayOptions?.show?.resource).toEqual(['email']);
	});
});
