import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { emailDescription } from './actions/email/Email.resource';
import { pdfDescription } from './actions/pdf/Pdf.resource';
import { voucherDescription } from './actions/voucher/Voucher.resource';
import { xmlDescription } from './actions/xml/Xml.resource';
import { router } from './actions/router';
import { catalogListSearch } from './methods/catalogSearch';
import { APP_DESCRIPTION, emisorIdOverrideField } from './actions/common.fields';
import { regimeLoadOptions } from './methods/regimeOptions';
import { voucherListSearch } from './methods/voucherSearch';

const RESOURCES = [
	{ name: 'Email', value: 'email' },
	{ name: 'PDF', value: 'pdf' },
	{ name: 'Voucher', value: 'voucher' },
	{ name: 'XML', value: 'xml' },
];

export class CfdiEmision implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'CFDI Emision',
		name: 'cfdiEmision',
		icon: { light: 'file:cfdiEmision.svg', dark: 'file:cfdiEmision.dark.svg' },
		group: ['output'],
		// 1.1: new defaults for new nodes (docs/creating-vouchers.md, "Node versions"); nodes saved as 1 keep theirs.
		version: [1, 1.1],
		defaultVersion: 1.1,
		// "Create: Voucher": the operation and resource by their display names, written out as a literal
		// (n8n's verification scanner reads the subtitle only as one); a pair it lacks shows the values.
		subtitle:
			'={{ ({"email:send":"Send: Email","pdf:getLink":"Get Link: PDF","voucher:buildFromOrder":"Build From Order: Voucher","voucher:cancel":"Cancel: Voucher","voucher:create":"Create: Voucher","voucher:createCreditNote":"Create Credit Note: Voucher","voucher:createGlobalInvoice":"Create Global Invoice: Voucher","voucher:createPaymentReceipt":"Create Payment Receipt: Voucher","voucher:get":"Get: Voucher","voucher:getMany":"Get Many: Voucher","voucher:getStatus":"Get Status: Voucher","voucher:update":"Update: Voucher","voucher:validate":"Validate: Voucher","xml:download":"Download: XML"})[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: APP_DESCRIPTION,
		defaults: { name: 'CFDI Emision' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// Validate and Build From Order work offline, so they do not ask for a credential.
		credentials: [
			{
				name: 'cfdiEmisionApi',
				required: true,
				displayOptions: { hide: { operation: ['validate', 'buildFromOrder'] } },
			},
		],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: RESOURCES,
				default: 'voucher',
			},
			...voucherDescription,
			...xmlDescription,
			...pdfDescription,
			...emailDescription,
			emisorIdOverrideField,
		],
	};

	// The pickers' searches: product and unit codes over the embedded SAT catalogs, recent vouchers
	// through the service's list; the recipient's regimes that fit the RFC typed.
	methods = {
		listSearch: { ...catalogListSearch, ...voucherListSearch },
		loadOptions: regimeLoadOptions,
	};

	// Every operation runs as a custom operation: each needs ordering (the first call signs in
	// alone), bounded concurrency, retries that cannot duplicate a voucher, or several calls.
	customOperations = router;
}
