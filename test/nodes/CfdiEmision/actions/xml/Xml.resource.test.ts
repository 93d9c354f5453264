/**
 * Xml: the operation selector the editor shows, and each operation's own fields shown for it
 * (and only for this resource); every operation offered runs (the router has it).
 */
import { xmlDescription } from '../../../../../nodes/CfdiEmision/actions/xml/Xml.resource';
import { router } from '../../../../../nodes/CfdiEmision/actions/router';
import * as download from '../../../../../nodes/CfdiEmision/actions/xml/download.operation';
import {
	expectOperationShowsItsFields,
	operationSelector,
	operationValues,
} from '../../../../support/resourceKit';

const OPERATIONS = { download };

describe('Xml resource', () => {
	test('the selector offers the operations, shown for this resource only, with download first chosen', () => {
		const selector = operationSelector(xmlDescription);
		expect(operationValues(xmlDescription)).toEqual(['download']);
		expect(selector.displayOptions).toEqual({ show: { resource: ['xml'] } });
		expect(selector.default).toBe('download');
	});

	test('every operation offered runs: the router has it, and nothing else for this resource', () => {
		expect(Object.keys(router.xml).sort()).toEqual(operationValues(xmlDescription).sort());
	});

	test.each(Object.entries(OPERATIONS))(
		'%s shows its own fields, in its order',
		(operation, module) => {
			expectOperationShowsItsFields(xmlDescription, 'xml', operation, module.description);
		},
	);

	test('no field of this resource shows for another resource', () => {
		for (const field of xmlDescription)
			expect(field.displayOptions?.show?.resource).toEqual(['xml']);
	});
});
