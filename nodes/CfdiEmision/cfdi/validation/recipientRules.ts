import { findEntry } from '../catalogs/lookup';
import { REGIMEN_FISCAL } from '../catalogs/regimenFiscal';
import { USO_CFDI } from '../catalogs/usoCfdi';
import { classifyRfc, GENERIC_NATIONAL_RFC, type RfcKind } from '../rfc';
import { messageValue, useCodes } from './describe';
import { textOf, type ValidationContext } from './context';
import { kindLabel, regimesFor } from './issuer';
import { rfcFix } from './rfcFix';

const GENERAL_PUBLIC_NAME = 'PUBLICO EN GENERAL';
const GENERIC_REGIME = '616';
const GENERIC_USE = 'S01';
// Use codes tied to one voucher type; they are not offered for other types.
const TYPE_BOUND_USES: Record<string, string> = { P: 'CP01', N: 'CN01' };

const USO_PATH = 'receptor.usoCFDI';
const REGIMEN_PATH = 'receptor.regimenFiscalReceptor';
const DOMICILIO_PATH = 'receptor.domicilioFiscalReceptor';

function isGeneric(kind: RfcKind): boolean {
	return kind === 'generic-national' || kind === 'generic-foreign';
}

/** Use codes a recipient of this regime and kind may use; S01 (no tax effects) first. */
export function allowedUses(regimen: string, kind: 'fisica' | 'moral'): string[] {
	const typeBound = Object.values(TYPE_BOUND_USES);
	const codes = USO_CFDI.filter(
		(use) => use.regimes.includes(regimen) && use[kind] && !typeBound.includes(use.code),
	).map((use) => use.code);
	return [
		...codes.filter((code) => code === GENERIC_USE),
		...codes.filter((code) => code !== GENERIC_USE),
	];
}

function checkRegimeFitsRfc(ctx: ValidationContext, rfc: string, kind: RfcKind): void {
	const regimen = textOf(ctx.view.receptor, 'regimenFiscalReceptor');
	const entry = findEntry(REGIMEN_FISCAL, regimen);
	if (!entry || !ctx.isClean(REGIMEN_PATH)) return;
	if (isGeneric(kind)) {
		if (regimen === GENERIC_REGIME) return;
		ctx.error(
			'CFDI40158',
			REGIMEN_PATH,
			`${REGIMEN_PATH} ${messageValue(regimen)} cannot be used with the generic RFC ${messageValue(rfc)}.`,
			`Use "${GENERIC_REGIME}" (no tax obligations).`,
			regimen,
		);
	} else if (kind === 'fisica' || kind === 'moral') {
		if (entry[kind]) return;
		ctx.error(
			'CFDI40158',
			REGIMEN_PATH,
			`${REGIMEN_PATH} ${messageValue(regimen)} does not apply to ${kindLabel(kind)}; receptor.rfc is ${messageValue(rfc)}.`,
			`${useCodes(regimesFor(kind))} Or check the RFC.`,
			regimen,
		);
	}
}

function checkUse(ctx: ValidationContext, rfc: string, kind: RfcKind): void {
	const uso = textOf(ctx.view.receptor, 'usoCFDI');
	const use = findEntry(USO_CFDI, uso);
	if (!use || !ctx.isClean(USO_PATH)) return;

	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	const typeBound = tipo ? TYPE_BOUND_USES[tipo] : undefined;
	if (typeBound) {
		if (uso === typeBound) return;
		ctx.error(
			'CFDI40161',
			USO_PATH,
			`${USO_PATH} ${messageValue(uso)} is not allowed when tipoDeComprobante is ${messageValue(tipo)}.`,
			`Use "${typeBound}".`,
			uso,
		);
		return;
	}
	const boundTo = Object.keys(TYPE_BOUND_USES).find((type) => TYPE_BOUND_USES[type] === uso);
	if (boundTo && tipo) {
		const fix = isGeneric(kind)
			? `Use "${GENERIC_USE}" (no tax effects).`
			: kind === 'fisica' || kind === 'moral'
				? useCodes(allowedUses(textOf(ctx.view.receptor, 'regimenFiscalReceptor') ?? '', kind))
				: `Use "${GENERIC_USE}".`;
		ctx.error(
			'CFDI40161',
			USO_PATH,
			`${USO_PATH} ${messageValue(uso)} is only for vouchers of type ${messageValue(boundTo)}; this one is ${messageValue(tipo)}.`,
			fix,
			uso,
		);
		return;
	}
	if (isGeneric(kind)) {
		if (uso === GENERIC_USE) return;
		ctx.error(
			'CFDI40161',
			USO_PATH,
			`${USO_PATH} ${messageValue(uso)} is not allowed for the generic RFC ${messageValue(rfc)}.`,
			`Use "${GENERIC_USE}" (no tax effects).`,
			uso,
		);
		return;
	}
	if (kind !== 'fisica' && kind !== 'moral') return;
	const regimen = textOf(ctx.view.receptor, 'regimenFiscalReceptor');
	if (!regimen || !findEntry(REGIMEN_FISCAL, regimen) || !ctx.isClean(REGIMEN_PATH)) return;
	if (!use.regimes.includes(regimen)) {
		ctx.error(
			'CFDI40161',
			USO_PATH,
			`${USO_PATH} ${messageValue(uso)} is not allowed for regimenFiscalReceptor ${messageValue(regimen)}.`,
			useCodes(allowedUses(regimen, kind)),
			uso,
		);
	} else if (!use[kind]) {
		ctx.error(
			'CFDI40161',
			USO_PATH,
			`${USO_PATH} ${messageValue(uso)} does not apply to ${kindLabel(kind)}; receptor.rfc is ${messageValue(rfc)}.`,
			useCodes(allowedUses(regimen, kind)),
			uso,
		);
	}
}

/** Generic recipients: fixed name for the general public, and the issuer's postal code. */
function checkGenericRecipient(ctx: ValidationContext, rfc: string, kind: RfcKind): void {
	const receptor = ctx.view.receptor;
	if (kind === 'generic-national') {
		const nombre = textOf(receptor, 'nombre');
		if (nombre !== undefined && nombre.trim() !== GENERAL_PUBLIC_NAME) {
			ctx.error(
				'CFDI40145',
				'receptor.nombre',
				`receptor.nombre ${messageValue(nombre)} must be "${GENERAL_PUBLIC_NAME}" for the generic RFC ${messageValue(rfc)}.`,
				`Use "${GENERAL_PUBLIC_NAME}" (upper case, no accent).`,
				nombre,
			);
		}
	}
	const domicilio = textOf(receptor, 'domicilioFiscalReceptor');
	const lugar = textOf(ctx.view.root, 'lugarExpedicion');
	if (
		domicilio === undefined ||
		lugar === undefined ||
		!ctx.isClean(DOMICILIO_PATH, 'lugarExpedicion') ||
		domicilio === lugar
	)
		return;
	ctx.error(
		'CFDI40149',
		DOMICILIO_PATH,
		`${DOMICILIO_PATH} ${messageValue(domicilio)} must equal lugarExpedicion ${messageValue(lugar)} for the generic RFC ${messageValue(rfc)}.`,
		`Use ${messageValue(lugar)}.`,
		domicilio,
	);
}

/** Recipient RFC shape, regime vs RFC kind, CFDI use vs regime, and the generic-RFC rules. */
export function checkRecipient(ctx: ValidationContext): void {
	const rfc = textOf(ctx.view.receptor, 'rfc');
	if (rfc === undefined) return;
	const kind = classifyRfc(rfc);
	if (kind === 'invalid') {
		const generic = rfc.toUpperCase().startsWith('XAXX')
			? ` For the general public use "${GENERIC_NATIONAL_RFC}".`
			: '';
		ctx.error(
			'RFC_PATTERN',
			'receptor.rfc',
			`receptor.rfc ${messageValue(rfc)} is not a valid RFC.`,
			rfcFix(rfc) + generic,
			rfc,
		);
		return;
	}
	checkRegimeFitsRfc(ctx, rfc, kind);
	checkUse(ctx, rfc, kind);
	if (isGeneric(kind)) checkGenericRecipient(ctx, rfc, kind);
}
