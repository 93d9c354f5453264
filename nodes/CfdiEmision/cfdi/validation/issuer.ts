import { findEntry } from '../catalogs/lookup';
import { REGIMEN_FISCAL } from '../catalogs/regimenFiscal';
import { classifyRfc } from '../rfc';
import { messageValue, useCodes } from './describe';
import { textOf, type ValidationContext } from './context';
import { rfcFix } from './rfcFix';

/** Regime codes that apply to a taxpayer kind. */
export function regimesFor(kind: 'fisica' | 'moral'): string[] {
	return REGIMEN_FISCAL.filter((entry) => entry[kind]).map((entry) => entry.code);
}

export function kindLabel(kind: 'fisica' | 'moral'): string {
	return kind === 'moral'
		? 'a legal entity (12-character RFC)'
		: 'an individual (13-character RFC)';
}

/** Issuer RFC shape, no generic RFC, and a regime that fits the RFC kind (CFDI40141). */
export function checkIssuer(ctx: ValidationContext): void {
	const emisor = ctx.view.emisor;
	const rfc = textOf(emisor, 'rfc');
	if (rfc === undefined) return;
	const kind = classifyRfc(rfc);
	if (kind === 'invalid') {
		ctx.error(
			'RFC_PATTERN',
			'emisor.rfc',
			`emisor.rfc ${messageValue(rfc)} is not a valid RFC.`,
			rfcFix(rfc),
			rfc,
		);
		return;
	}
	if (kind === 'generic-national' || kind === 'generic-foreign') {
		ctx.error(
			'RFC_GENERIC_ISSUER',
			'emisor.rfc',
			`emisor.rfc ${messageValue(rfc)} is a generic RFC, which only a recipient can use.`,
			"Use the issuer's own RFC.",
			rfc,
		);
		return;
	}
	const regimen = textOf(emisor, 'regimenFiscal');
	const entry = findEntry(REGIMEN_FISCAL, regimen);
	if (!entry || !ctx.isClean('emisor.regimenFiscal') || entry[kind]) return;
	ctx.error(
		'CFDI40141',
		'emisor.regimenFiscal',
		`emisor.regimenFiscal ${messageValue(regimen)} does not apply to ${kindLabel(kind)}; emisor.rfc is ${messageValue(rfc)}.`,
		`${useCodes(regimesFor(kind))} Or check the RFC.`,
		regimen,
	);
}
