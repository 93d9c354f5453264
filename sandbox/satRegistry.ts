/**
 * The SAT's register of taxpayers as the stamping service checks a recipient against it (CFDI 4.0:
 * the name, fiscal postal code and regime must be the ones on the Constancia de Situación Fiscal).
 * The real register is not reachable; the sandbox keeps a few test RFCs with registered data of
 * its own (listed in sandbox/README.md), so clients can exercise each refusal. An RFC not listed
 * here is taken as registered with whatever the voucher says: only the company-type rule applies.
 */
import { isObject } from './modelBinding';
import type { ValidationError, VoucherBody } from './types';

export interface RegisteredTaxpayer {
	rfc: string;
	/** As on the Constancia de Situación Fiscal: upper case, without the company type. */
	nombre: string;
	/** Fiscal address postal code. */
	codigoPostal: string;
	regimenFiscal: string;
}

/** The sandbox's register (its own data on SAT test RFCs; not the SAT's records). */
export const SAT_REGISTRY: readonly RegisteredTaxpayer[] = [
	{
		rfc: 'H&E951128469',
		nombre: 'HERRERIA & ELECTRICOS',
		codigoPostal: '06002',
		regimenFiscal: '601',
	},
	{
		rfc: 'KIJ0906199R1',
		nombre: 'KERNEL INDUSTIA JUGUETERA',
		codigoPostal: '59820',
		regimenFiscal: '601',
	},
	{
		rfc: 'FUNK671228PH6',
		nombre: 'KARLA FUENTE NOLASCO',
		codigoPostal: '01160',
		regimenFiscal: '612',
	},
	{
		rfc: 'CACX7605101P8',
		nombre: 'XOCHILT CASAS CHAVEZ',
		codigoPostal: '36257',
		regimenFiscal: '626',
	},
];

/**
 * Company types (régimen de capital) at the end of a legal name: "S.A. de C.V.", "S. de R.L. de
 * C.V.", "SAPI de CV", "S.C.", "A.C."... The register holds names without them, so a name that
 * ends with one never matches (the most frequent CFDI 4.0 refusal).
 */
const COMPANY_TYPE =
	/[\s,]+(S\.?\s*A\.?\s*P\.?\s*I\.?|S\.?\s*A\.?\s*B\.?|S\.?\s*A\.?|S\.?\s*DE\s+R\.?\s*L\.?|S\.?\s*C\.?|A\.?\s*C\.?|S\.?\s*N\.?\s*C\.?|S\.?\s*EN\s+C\.?)(\s+DE\s+C\.?\s*V\.?)?\.?\s*$/i;

export function findRegistered(rfc: unknown): RegisteredTaxpayer | undefined {
	if (typeof rfc !== 'string') return undefined;
	const wanted = rfc.trim().toUpperCase();
	return SAT_REGISTRY.find((entry) => entry.rfc === wanted);
}

const NAME_REFUSAL = {
	codigo: 'CFDI40145',
	mensaje:
		'El campo Nombre del receptor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Receptor.',
};
const POSTAL_CODE_REFUSAL = {
	codigo: 'CFDI40147',
	mensaje:
		'El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.',
};
const REGIME_REFUSAL = {
	codigo: 'CFDI40158',
	mensaje:
		'El campo RegimenFiscalReceptor, debe corresponder con el régimen registrado para el RFC del receptor.',
};

/** The recipient against the register, at stamping: name, postal code and regime as registered. */
export function recipientRegistryErrors(body: VoucherBody): ValidationError[] {
	const receptor = isObject(body.receptor) ? body.receptor : {};
	const rfc = typeof receptor.rfc === 'string' ? receptor.rfc.trim().toUpperCase() : '';
	if (rfc === '' || rfc === 'XAXX010101000' || rfc === 'XEXX010101000') return [];
	const nombre = typeof receptor.nombre === 'string' ? receptor.nombre : '';
	const errors: ValidationError[] = [];
	const registered = findRegistered(rfc);
	if (COMPANY_TYPE.test(nombre) || (registered && nombre !== registered.nombre))
		errors.push(NAME_REFUSAL);
	if (!registered) return errors;
	if (receptor.domicilioFiscalReceptor !== registered.codigoPostal)
		errors.push(POSTAL_CODE_REFUSAL);
	if (receptor.regimenFiscalReceptor !== registered.regimenFiscal) errors.push(REGIME_REFUSAL);
	return errors;
}
