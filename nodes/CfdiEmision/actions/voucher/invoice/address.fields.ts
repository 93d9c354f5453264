/** The form's optional addresses (spec 2.5): the issuer's branch and the recipient's, typed or by stored ID. */
import type { INodeProperties } from 'n8n-workflow';

import { showFields } from '../fields/voucherForm.fields';

/** Spec 2.5: every address member is an optional string. */
const ADDRESS_FIELDS: INodeProperties[] = [
	['Name', 'nombre'],
	['Street', 'calle'],
	['Exterior Number', 'noExterior'],
	['Interior Number', 'noInterior'],
	['Neighborhood', 'colonia'],
	['Locality', 'localidad'],
	['Municipality', 'municipio'],
	['State', 'estado'],
	['Country', 'pais'],
	['Postal Code', 'codigoPostal'],
	['Reference', 'referencia'],
	['Email', 'correo'],
].map(([displayName, name]) => ({
	displayName,
	name,
	type: 'string',
	default: '',
	...(name === 'correo' ? { placeholder: 'name@email.com' } : {}),
}));

function addressField(displayName: string, name: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Address Field',
		default: {},
		description,
		options: ADDRESS_FIELDS,
		displayOptions: showFields,
	};
}

export const emisorSucursal = addressField(
	'Issuer Branch Address',
	'emisorSucursal',
	'Optional branch (sucursal) address of the issuer',
);

export const receptorDireccionId: INodeProperties = {
	displayName: 'Recipient Address ID',
	name: 'receptorDireccionId',
	type: 'number',
	default: 0,
	description:
		'Optional ID of an address stored in the provider account (direccionIDFacturador); 0 sends none',
	displayOptions: showFields,
};
export const receptorDireccion = addressField(
	'Recipient Address',
	'receptorDireccion',
	'Optional address of the recipient (direccion)',
);
