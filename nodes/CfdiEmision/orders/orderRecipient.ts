/**
 * The voucher's recipient from an order: the tax data the customer typed at checkout (note
 * attributes) first, then recipient data given in the settings; the general public when allowed.
 */
import { GENERIC_NATIONAL_RFC } from '../cfdi/rfc';
import type { Receptor } from '../cfdi/types';
import {
	DEFAULT_RECIPIENT_ATTRIBUTES,
	DEFAULT_USO_CFDI,
	normalizeName,
	type RecipientAttributeNames,
	type RecipientData,
} from './settings';

export const GENERAL_PUBLIC_RECEPTOR_NAME = 'PUBLICO EN GENERAL';

type AttributeKey = keyof RecipientAttributeNames;

export interface RecipientLookup {
	/** Complete recipient, when the data is there. */
	receptor?: Receptor;
	/** Names of the note attributes that were missing (the first configured name of each). */
	missing: string[];
	/** The same, as members of the recipient data. */
	missingFields: Array<keyof RecipientData>;
	/** The RFC of the note attributes (checkout) when Recipient Data gives another one (which loses). */
	otherRfc?: { checkout: string; given: string };
}

/** Note attributes as name → value, names normalized; Shopify sends [{ name, value }]. */
export function readNoteAttributes(order: Record<string, unknown>): Map<string, string> {
	const attributes = new Map<string, string>();
	const list = order.note_attributes;
	if (!Array.isArray(list)) return attributes;
	for (const entry of list) {
		if (typeof entry !== 'object' || entry === null) continue;
		const { name, key, value } = entry as Record<string, unknown>;
		const text = value === undefined || value === null ? '' : String(value).trim();
		if (text) attributes.set(normalizeName(name ?? key), text);
	}
	return attributes;
}

function attributeValue(attributes: Map<string, string>, names: string[]): string | undefined {
	for (const name of names) {
		const value = attributes.get(normalizeName(name));
		if (value) return value;
	}
	return undefined;
}

// Typed data arrives as "ure-180429-tm6", "601 - General de Ley", "CP 65000", "G03 Gastos en general".
const cleanRfc = (value: string) => value.toUpperCase().replace(/[\s.-]/g, '');
const leadingCode = (value: string) =>
	(/^\s*([A-Za-z]?\d{2,3})\b/.exec(value)?.[1] ?? value.trim()).toUpperCase();
const postalCode = (value: string) => /\d{5}/.exec(value)?.[0] ?? value.trim();
const registeredName = (value: string) => value.trim().replace(/\s+/g, ' ').toUpperCase();

function text(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const trimmed = String(value).trim();
	return trimmed || undefined;
}

/**
 * Reads the recipient. Attribute values win; the settings' recipient data completes them when it is
 * for the same RFC (or gives the whole recipient when the attributes carry no RFC).
 */
export function findRecipient(
	order: Record<string, unknown>,
	names: RecipientAttributeNames = {},
	fallback: RecipientData = {},
	defaultUsoCfdi = DEFAULT_USO_CFDI,
): RecipientLookup {
	const attributes = readNoteAttributes(order);
	const namesFor = (key: AttributeKey) =>
		(names[key]?.length ? names[key] : DEFAULT_RECIPIENT_ATTRIBUTES[key]) as string[];
	const fromAttribute = (key: AttributeKey) => attributeValue(attributes, namesFor(key));

	const attributeRfc = fromAttribute('rfc');
	const fallbackRfc = text(fallback.rfc);
	const rfc = attributeRfc
		? cleanRfc(attributeRfc)
		: fallbackRfc
			? cleanRfc(fallbackRfc)
			: undefined;
	const fallbackApplies =
		!attributeRfc || (fallbackRfc !== undefined && cleanRfc(fallbackRfc) === rfc);
	const otherRfc =
		attributeRfc && fallbackRfc && !fallbackApplies
			? { checkout: cleanRfc(attributeRfc), given: cleanRfc(fallbackRfc) }
			: undefined;
	const pick = (key: AttributeKey, member: keyof RecipientData) =>
		fromAttribute(key) ?? (fallbackApplies ? text(fallback[member]) : undefined);

	const nombre = pick('nombre', 'nombre');
	const regimen = pick('regimenFiscal', 'regimenFiscalReceptor');
	const codigoPostal = pick('codigoPostal', 'domicilioFiscalReceptor');
	const uso = pick('usoCfdi', 'usoCFDI');

	const absent = (
		[
			['rfc', 'rfc', rfc],
			['nombre', 'nombre', nombre],
			['regimenFiscal', 'regimenFiscalReceptor', regimen],
			['codigoPostal', 'domicilioFiscalReceptor', codigoPostal],
		] as Array<[AttributeKey, keyof RecipientData, string | undefined]>
	).filter(([, , value]) => !value);
	const missing = absent.map(([key]) => namesFor(key)[0]);
	const missingFields = absent.map(([, member]) => member);
	if (!rfc || !nombre || !regimen || !codigoPostal)
		return { missing, missingFields, ...(otherRfc ? { otherRfc } : {}) };
	return {
		receptor: {
			rfc,
			nombre: registeredName(nombre),
			usoCFDI: uso ? leadingCode(uso) : defaultUsoCfdi,
			regimenFiscalReceptor: leadingCode(regimen),
			domicilioFiscalReceptor: postalCode(codigoPostal),
		},
		missing: [],
		missingFields: [],
		...(otherRfc ? { otherRfc } : {}),
	};
}

/** The general public: generic RFC, fixed name, regime 616, use S01, the place of issue as address. */
export function generalPublicReceptor(lugarExpedicion: string): Receptor {
	return {
		rfc: GENERIC_NATIONAL_RFC,
		nombre: GENERAL_PUBLIC_RECEPTOR_NAME,
		usoCFDI: 'S01',
		regimenFiscalReceptor: '616',
		domicilioFiscalReceptor: lugarExpedicion,
	};
}
