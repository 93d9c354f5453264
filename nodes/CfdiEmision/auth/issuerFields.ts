/** The credential's optional issuer fields (RFC, name, regime, place of issue), typed once for every voucher. */
import type { INodeProperties } from 'n8n-workflow';

import { REGIMEN_FISCAL } from '../cfdi/catalogs';
import { catalogOptions } from '../actions/common.fields';

export const ISSUER_CREDENTIAL_FIELDS: INodeProperties[] = [
	{
		displayName: 'Issuer RFC',
		name: 'issuerRfc',
		type: 'string',
		default: '',
		placeholder: 'EKU9003173C9',
		description:
			"Optional. The issuer's RFC, used by the CFDI node when its Issuer RFC field is empty, so it is typed once.",
	},
	{
		displayName: 'Issuer Name',
		name: 'issuerName',
		type: 'string',
		default: '',
		description:
			'Optional. Legal name as registered with SAT, without the regime suffix; used with the Issuer RFC above.',
	},
	{
		displayName: 'Issuer Tax Regime',
		name: 'issuerRegime',
		type: 'options',
		options: [{ name: 'Not Set', value: '' }, ...catalogOptions(REGIMEN_FISCAL)],
		default: '',
		description: 'Optional. Used with the Issuer RFC above.',
	},
	{
		displayName: 'Place of Issue Postal Code',
		name: 'issuerPostalCode',
		type: 'string',
		default: '',
		placeholder: '64000',
		description:
			'Optional. Used by the CFDI node when its Place of Issue Postal Code field is empty.',
	},
];
