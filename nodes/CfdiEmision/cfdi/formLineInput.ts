import { fieldText } from './fieldText';
/**
 * A line of the Fields input mode as the form gives it, the error that names its field as the user
 * sees it, and the options the lines are checked with (the taxes: formLineTaxes.ts; the concepts:
 * formLines.ts).
 */
/** One line as the form gives it (values may be numbers or text, as expressions produce). */
export interface FormLineInput {
	claveProdServ?: unknown;
	cantidad?: unknown;
	claveUnidad?: unknown;
	descripcion?: unknown;
	valorUnitario?: unknown;
	descuento?: unknown;
	objetoImp?: unknown;
	/** IVA transferred: a rate ('0.16', '0.08', '0'), 'exempt', or 'none'. */
	iva?: unknown;
	/** IEPS transferred: 'none', 'tasa' (a rate) or 'cuota' (an amount per unit), with iepsRate. */
	ieps?: unknown;
	iepsRate?: unknown;
	/** ISR withheld: a rate such as '0.10', or '' / 'none'. */
	isrRetencion?: unknown;
	/** IVA withheld: a rate such as '0.106667', or '' / 'none'. */
	ivaRetencion?: unknown;
	/** Whether valorUnitario (and descuento) include the IVA. */
	priceIncludesTax?: unknown;
}

/** A form line that cannot become a concept; `path` names the field, e.g. `Line Items > Line Item 2 > IEPS`. */
export class FormLineError extends Error {
	constructor(
		readonly path: string,
		message: string,
		readonly fix: string,
		/** The voucher member, the node's code and the value refused, for the structured refusal. */
		readonly refused: { member?: string; code?: string; value?: unknown } = {},
	) {
		super(message);
		this.name = 'FormLineError';
	}
}

/** The field labels of the form, for messages that name what the user sees. */
export const FORM_LINE_LABELS = {
	iva: 'IVA',
	ieps: 'IEPS',
	iepsRate: 'IEPS Rate or Quota',
	isrRetencion: 'ISR Withheld',
	ivaRetencion: 'IVA Withheld',
	descuento: 'Discount',
	valorUnitario: 'Unit Price',
	cantidad: 'Quantity',
	priceIncludesTax: 'Price Includes Tax',
} as const;

export function formLinePath(index: number, field: keyof typeof FORM_LINE_LABELS): string {
	return `Line Items > Line Item ${index + 1} > ${FORM_LINE_LABELS[field]}`;
}

export function absent(value: unknown): boolean {
	const raw = fieldText(value).toLowerCase();
	return raw === '' || raw === 'none';
}

/** How the form's lines are checked against the voucher they belong to. */
export interface FormLineOptions {
	/** The voucher's place of issue (LugarExpedicion), for IVA 8 %. */
	lugarExpedicion?: unknown;
	/**
	 * Allow IVA 8 % whatever the place of issue: for an issuer whose branch in the border region is
	 * registered for the stimulus while the voucher carries another place of issue.
	 */
	allowBorderRateAnywhere?: boolean;
}
