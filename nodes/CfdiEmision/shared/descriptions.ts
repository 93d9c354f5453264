import type { INodeProperties } from 'n8n-workflow';

/**
 * What the package does, as n8n's node panel shows it. The panel merges a node and its trigger
 * (type name + "Trigger") into one entry and shows the TRIGGER's description for it
 * (generateMergedNodesAndActions in n8n's editor), so the trigger's description starts with this.
 */
export const APP_DESCRIPTION =
	'Issue Mexican electronic tax vouchers (CFDI 4.0): stamp, download the XML and PDF, send by e-mail';

/** Shows a field only for the given resource and operations. */
export function showFor(resource: string, operations: string[]): INodeProperties['displayOptions'] {
	return { show: { resource: [resource], operation: operations } };
}

export const emisorIdOverrideField: INodeProperties = {
	displayName: 'Issuer ID Override',
	name: 'emisorIdOverride',
	type: 'string',
	default: '',
	placeholder: '1234',
	description:
		'Numeric issuer ID (emisorId) to act for. Leave empty to use the issuer the credential finds for its account.',
};

/** The UUID pattern SAT uses for the folio fiscal. */
export { FOLIO_FISCAL_PATTERN as UUID_PATTERN } from '../cfdi/cancellation';

/** displayOptions.show members for fields of node version 1 only, and of 1.1 on (see README, "Node versions"). */
export const ONLY_VERSION_1 = { '@version': [1] };
export const FROM_VERSION_1_1 = { '@version': [{ _cnd: { gte: 1.1 } }] };

/**
 * A field whose default changed in version 1.1: two descriptions of the same parameter, one per
 * version, so that workflows saved with version 1 keep the default they were saved with.
 */
export function withDefaultFromVersion11(
	property: INodeProperties,
	newDefault: INodeProperties['default'],
	newDescription?: string,
): INodeProperties[] {
	const show = property.displayOptions?.show ?? {};
	return [
		{
			...property,
			displayOptions: { ...property.displayOptions, show: { ...show, ...ONLY_VERSION_1 } },
		},
		{
			...property,
			default: newDefault,
			...(newDescription ? { description: newDescription } : {}),
			displayOptions: { ...property.displayOptions, show: { ...show, ...FROM_VERSION_1_1 } },
		},
	];
}

/** The voucher reference fields (UUID, Voucher ID) and their pickers. */
export { uuidField, voucherIdField } from './voucherReference';
