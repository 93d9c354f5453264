/** The Recipient Tax Regime list (methods.loadOptions): only the regimes that fit the RFC typed. */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REGIMEN_FISCAL } from '../cfdi/catalogs';
import { classifyRfc } from '../cfdi/rfc';
import { catalogOptions } from '../actions/common.fields';

/**
 * The regimes for an RFC: a company's (12 characters) or an individual's (13); only 616 (no tax
 * obligations) for the generic RFCs; every regime while the RFC is empty, an expression, or not yet
 * a valid RFC, since then it cannot be known.
 */
export function regimeOptionsFor(rfc: unknown): INodePropertyOptions[] {
	const text = typeof rfc === 'string' ? rfc.trim().toUpperCase() : '';
	const kind = text.startsWith('=') ? 'invalid' : classifyRfc(text);
	const fits = REGIMEN_FISCAL.filter((entry) =>
		kind === 'moral' || kind === 'fisica'
			? entry[kind]
			: kind === 'generic-national' || kind === 'generic-foreign'
				? entry.code === '616'
				: true,
	);
	return catalogOptions(fits);
}

export const regimeLoadOptions = {
	async recipientRegimes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return regimeOptionsFor(this.getCurrentNodeParameter('receptorRfc'));
	},
};
