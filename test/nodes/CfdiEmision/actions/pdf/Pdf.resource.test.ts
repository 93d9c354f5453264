/**
 * Pdf: the operation selector the editor shows, and each operation's own fields shown for it
 * (and only for this resource); every operation offered runs (the router has it).
 */
import { pdfDescription } from '../../../../../nodes/CfdiEmision/actions/pdf/Pdf.resource';
import { router } from '../../../../../nodes/CfdiEmision/actions/router';
import * as getLink from '../../../../../nodes/CfdiEmision/actions/pdf/getLink.operation';
import {
	expectOperationShowsItsFields,
	operationSelector,
	operationValues,
} from '../../../../support/resourceKit';

const OPERATIONS = { getLink };

describe('Pdf resource', () => {
	test('the selector offers the operations, shown for this resource only, with getLink first chosen', () => {
		const selector = operationSelector(pdfDescription);
		expect(operationValues(pdfDescription)).toEqual(['getLink']);
		expect(selector.displayOptions).toEqual({ show: { resource: ['pdf'] } });
		expect(selector.default).toBe('getLink');
	});

	test('every operation offered runs: the router has it, and nothing else for this resource', () => {
		expect(Object.keys(router.pdf).sort()).toEqual(operationValues(pdfDescription).sort());
	});

	test.each(Object.entries(OPERATIONS))(
		'%s shows its own fields, in its order',
		(operation, module) => {
			expectOperationShowsItsFields(pdfDescription, 'pdf', operation, module.description);
		},
	);

	test('no field of this resource shows for another resource', () => {
		for (const field of pdfDescription)
			expect(field.displayOptions?.show?.resource).toEqual(['pdf']);
	});
});
