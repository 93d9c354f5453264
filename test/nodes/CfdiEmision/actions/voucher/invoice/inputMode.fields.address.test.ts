/**
 * The form's optional addresses (invoice/inputMode.fields.ts) as the editor shows them: in the Fields
 * input mode of Create, Update and Validate, each address with the members of spec 2.5.
 */
import type { INodeProperties } from 'n8n-workflow';

import { voucherDescription } from '../../../../../../nodes/CfdiEmision/actions/voucher/Voucher.resource';
import { fieldsShownFor } from '../../../../../support/resourceKit';

const ADDRESS_MEMBERS = [
	'nombre',
	'calle',
	'noExterior',
	'noInterior',
	'colonia',
	'localidad',
	'municipio',
	'estado',
	'pais',
	'codigoPostal',
	'referencia',
	'correo',
];

describe('the form addresses', () => {
	test.each(['create', 'update', 'validate'])(
		'%s, Fields mode: Issuer Branch Address and Recipient Address hold the members of spec 2.5, empty by default; Recipient Address ID 0 sends none',
		(operation) => {
			const fields = fieldsShownFor(voucherDescription, 'voucher', operation);
			for (const name of ['emisorSucursal', 'receptorDireccion']) {
				const address = fields.find((field) => field.name === name);
				expect(address).toMatchObject({ type: 'collection', default: {} });
				expect(address?.displayOptions?.show?.inputMode).toEqual(['fields']);
				const members = address?.options as INodeProperties[];
				expect(members.map((member) => member.name)).toEqual(ADDRESS_MEMBERS);
				expect(members.every((member) => member.type === 'string' && member.default === '')).toBe(
					true,
				);
			}
			expect(fields.find((field) => field.name === 'receptorDireccionId')).toMatchObject({
				type: 'number',
				default: 0,
			});
		},
	);

	test('the operations that take no form show none', () => {
		for (const operation of ['createCreditNote', 'createPaymentReceipt', 'cancel'])
			expect(
				fieldsShownFor(voucherDescription, 'voucher', operation).map((field) => field.name),
			).not.toContain('receptorDireccion');
	});
});
