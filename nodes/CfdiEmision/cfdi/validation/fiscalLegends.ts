/** The LeyendasFiscales complement (any voucher kind). */
import { complementOf, memberPath, PATHS, VERSIONS, isRecord } from '../voucherShape';
import { messageValue } from './describe';
import { type ValidationContext } from './context';
import { readList, readText } from './members';

// Schema limits of the complement's attributes.
const TEXT_MAX = 6000;
const DISPOSICION_MAX = 20;
const NORMA_MAX = 100;

export function checkFiscalLegends(ctx: ValidationContext): void {
	const raw = complementOf(ctx.view.root, 'legends');
	if (raw === undefined || raw === null) return;
	const base = PATHS.legends;
	if (!isRecord(raw)) {
		ctx.error(
			'OBJECT_EXPECTED',
			base,
			`${base} ${messageValue(raw)} is not an object.`,
			'Send { version: "1.0", leyenda: [{ disposicionFiscal, norma, textoLeyenda }] }.',
			raw,
		);
		return;
	}
	const version = readText(ctx, raw, 'version', base, 'Add version "1.0".');
	if (version !== undefined && version !== VERSIONS.legends) {
		const at = memberPath(base, 'version');
		ctx.error(
			'COMPLEMENT_VERSION',
			at,
			`${at} ${messageValue(version)} is not supported.`,
			'Use version "1.0".',
			version,
		);
	}
	const legends = readList(
		ctx,
		raw,
		'leyenda',
		base,
		'Add at least one leyenda { textoLeyenda }, or remove the legends complement.',
	);
	for (const { item, path } of legends) {
		for (const [key, max, required] of [
			['disposicionFiscal', DISPOSICION_MAX, undefined],
			['norma', NORMA_MAX, undefined],
			['textoLeyenda', TEXT_MAX, 'Add textoLeyenda, the text of the legend.'],
		] as const) {
			const value = readText(ctx, item, key, path, required);
			if (value !== undefined && value.length > max) {
				const at = memberPath(path, key);
				ctx.error(
					'TEXT_TOO_LONG',
					at,
					`${at} has ${value.length} characters; the complement allows ${max}.`,
					`Shorten it to ${max} characters.`,
					`${value.slice(0, 20)}...`,
				);
			}
		}
	}
}
