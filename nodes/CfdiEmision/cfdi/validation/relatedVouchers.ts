/** Related vouchers (CfdiRelacionados) of any voucher, and the relation a credit note (type E) needs. */
import { FOLIO_FISCAL_PATTERN } from '../cancellation';
import { TIPO_RELACION } from '../catalogs/tipoRelacion';
import { CREDIT_NOTE_RELATIONS } from '../catalogs/tipoRelacion';
import { relatedGroupsOf, PATHS, SHAPE } from '../voucherShape';
import { listCodes, messageValue } from './describe';
import { textOf, type ValidationContext } from './context';
import { readCode, readList, readText } from './members';

// A credit note may also substitute an earlier one (04); 02, 05 and 06 belong to other types.
const CREDIT_NOTE_ALSO_ALLOWED = ['04'];

/** Each group: a c_TipoRelacion code and a non-empty list of UUIDs, each once. */
function checkGroups(ctx: ValidationContext): string[] {
	const root = ctx.view.root;
	const raw = relatedGroupsOf(root);
	if (raw === undefined || raw === null) return [];
	const holder = { [SHAPE.related]: raw };
	const groups = readList(
		ctx,
		holder,
		SHAPE.related,
		'',
		'Add at least one group { tipoRelacion, cfdiRelacionado: [{ uuid }] }, or remove cfdiRelacionados.',
	);
	const types: string[] = [];
	for (const { item: group, path } of groups) {
		const tipo = readCode(
			ctx,
			group,
			'tipoRelacion',
			path,
			TIPO_RELACION,
			'c_TipoRelacion',
			'CFDI40209',
			'Add tipoRelacion, e.g. "01" (credit note) or "04" (substitution).',
		);
		if (tipo) types.push(tipo);
		const items = readList(
			ctx,
			group,
			'cfdiRelacionado',
			path,
			'Add cfdiRelacionado: [{ uuid: "<UUID of the related voucher>" }].',
		);
		const seen = new Set<string>();
		for (const { item, path: itemPath } of items) {
			const uuid = readText(
				ctx,
				item,
				'uuid',
				itemPath,
				'Add uuid, the folio fiscal of the related voucher.',
			);
			if (uuid === undefined) continue;
			const uuidPath = `${itemPath}.uuid`;
			if (!FOLIO_FISCAL_PATTERN.test(uuid.trim())) {
				ctx.error(
					'UUID_PATTERN',
					uuidPath,
					`${uuidPath} ${messageValue(uuid)} is not a UUID.`,
					'Use the 36-character folio fiscal, e.g. "5FB2822E-396D-4725-8521-CDC4BDD20CCF".',
					uuid,
				);
			} else if (seen.has(uuid.trim().toUpperCase())) {
				ctx.error(
					'UUID_REPEATED',
					uuidPath,
					`${uuidPath} ${messageValue(uuid)} is listed twice in the same group.`,
					'List each related voucher once.',
					uuid,
				);
			}
			seen.add(uuid.trim().toUpperCase());
		}
	}
	return types;
}

/** A credit note relates the invoice it corrects with 01, 03 or 07, and is paid at once (PUE). */
function checkCreditNote(ctx: ValidationContext, types: string[]): void {
	const root = ctx.view.root;
	if (!ctx.isClean(PATHS.related)) return;
	const raw = relatedGroupsOf(root);
	if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
		ctx.missing(
			PATHS.related,
			`Add cfdiRelacionados: [{ tipoRelacion: "01", cfdiRelacionado: [{ uuid: "<UUID of the invoice>" }] }] (${listCodes([...CREDIT_NOTE_RELATIONS])}: credit note, return of goods, advance applied).`,
			'CREDIT_NOTE_RELATION',
			`${PATHS.related} is missing; a credit note (type "E") relates the invoice it corrects.`,
		);
	} else if (Array.isArray(raw)) {
		raw.forEach((group, index) => {
			const tipo =
				types.length > 0 && typeof group === 'object' && group !== null
					? (group as Record<string, unknown>).tipoRelacion
					: undefined;
			const path = `${PATHS.related}[${index}].tipoRelacion`;
			if (typeof tipo !== 'string' || !ctx.isClean(path)) return;
			if (![...CREDIT_NOTE_RELATIONS, ...CREDIT_NOTE_ALSO_ALLOWED].includes(tipo)) {
				ctx.error(
					'CREDIT_NOTE_RELATION',
					path,
					`${path} ${messageValue(tipo)} does not fit a credit note.`,
					`Use ${listCodes([...CREDIT_NOTE_RELATIONS])} (credit note, return of goods, advance applied).`,
					tipo,
				);
			}
		});
		if (
			!types.some((tipo) => (CREDIT_NOTE_RELATIONS as readonly string[]).includes(tipo)) &&
			ctx.isClean(PATHS.related)
		) {
			ctx.error(
				'CREDIT_NOTE_RELATION',
				PATHS.related,
				`${PATHS.related} relates no invoice with ${listCodes([...CREDIT_NOTE_RELATIONS])}.`,
				'Add a group with tipoRelacion "01" (credit note), "03" (return of goods) or "07" (advance applied) and the invoice UUID.',
			);
		}
	}
	const metodoPago = textOf(root, 'metodoPago');
	if (metodoPago !== undefined && metodoPago !== 'PUE' && ctx.isClean('metodoPago')) {
		ctx.error(
			'CREDIT_NOTE_PUE',
			'metodoPago',
			`metodoPago ${messageValue(metodoPago)} does not fit a credit note, which is settled when issued.`,
			'Use "PUE".',
			metodoPago,
		);
	}
	if (root.formaPago === undefined || root.formaPago === null) {
		ctx.missing(
			'formaPago',
			'Add formaPago, how the credit is given: e.g. "03" (transfer), "01" (cash), or "15" (debt forgiveness) for an invoice not yet paid.',
		);
	}
	if (root.metodoPago === undefined || root.metodoPago === null) {
		ctx.missing('metodoPago', 'Add metodoPago "PUE".');
	}
}

export function checkRelatedVouchers(ctx: ValidationContext): void {
	const types = checkGroups(ctx);
	const tipo = ctx.isClean('tipoDeComprobante') ? ctx.view.tipo : undefined;
	if (tipo === 'E') checkCreditNote(ctx, types);
}
