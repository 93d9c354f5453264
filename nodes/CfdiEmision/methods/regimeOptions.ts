/** The Recipient Tax Regime list (methods.loadOptions): only the regimes that fit the RFC typed. */
import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REGIMEN_FISCAL } from '../cfdi/catalogs/regimenFiscal';
import { classifyRfc } from '../cfdi/rfc';
import { catalogOptions } from '../actions/common.fields';

/**
 * The regimes for an RFC: a company's (12 characters) or an individual's (13); only 616 (no tax
 * obligations) for the generic RFCs; every regime while the RFC is empty, an expression, or of
 * another length, since then it cannot be known.
 */
export function regimeOptionsFor(rfc: unknown): INodePropertyOptions[] {
	const text = typeof rfc === 'string' ? rfc.trim().toUpperCase() : '';
	const kind = text.startsWith('=') ? 'invalid' : kindByLength(text);
	const fits = REGIMEN_FISCAL.filter((entry) =>
		kind === 'moral' || kind === 'fisica'
			? entry[kind]
			: kind === 'generic-national' || kind === 'generic-foreign'
				? entry.code === '616'
				: true,
	);
	return catalogOptions(fits);
}

/** The RFC's kind; one not (yet) valid still tells its kind by its length, as the SAT assigns it. */
function kindByLength(rfc: string): ReturnType<typeof classifyRfc> {
	const kind = classifyRfc(rfc);
	if (kind !== 'invalid' || !/^[A-ZÑ&0-9]+$/.test(rfc)) return kind;
	return rfc.length === 12 ? 'moral' : rfc.length === 13 ? 'fisica' : 'invalid';
}

export const regimeLoadOptions = {
	async recipientRegimes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
		return regimeOptionsFor(this.getCurrentNodeParameter('receptorRfc'));
	},
};
