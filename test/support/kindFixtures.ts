/**
 * Valid vouchers of each kind, built by the kind builders where there is one, the local checks as
 * the node runs them (validateWithKinds), and a helper that states what a wrong voucher must give:
 * exactly one error, with its code and full path.
 */
import {
	buildGlobalInvoice,
	type GlobalInvoiceInput,
} from '../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import { KindInputError } from '../../nodes/CfdiEmision/cfdi/kinds/taxRates';
import type {
	ValidateOptions,
	ValidationResult,
	Voucher,
} from '../../nodes/CfdiEmision/cfdi/types';
import { validateVoucher } from '../../nodes/CfdiEmision/cfdi/validateVoucher';
import { VOUCHER_KINDS } from '../../nodes/CfdiEmision/actions/voucher/kindsTable';
import type { LineItemsSettings } from '../../nodes/CfdiEmision/orders/lineItems';
import {
	buildCreditNote,
	type CreditNoteInput,
} from '../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	buildPaymentReceipt,
	type PaidDocumentInput,
	type PaymentInput,
} from '../../nodes/CfdiEmision/actions/voucher/paymentReceipt';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Mutable = any;

export const ISSUER = {
	rfc: 'EKU9003173C9',
	nombre: 'ESCUELA KEMPER URGATE',
	regimenFiscal: '601',
};
export const CUSTOMER = {
	rfc: 'URE180429TM6',
	nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
	regimenFiscalReceptor: '601',
	domicilioFiscalReceptor: '86991',
};
export const INVOICE_UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
export const SECOND_UUID = '8C3B1B0A-6F1E-4E2B-9D5C-2A7E4F1B3C9D';
export const THIRD_UUID = '11111111-2222-4333-8444-555555555555';
export const IVA16 = { impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 };
export const ISR10 = { impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: 0.1, withheld: true };
/** One concept line a credit note credits (a returned keyboard at 100.00). */
export const CREDITED_LINE = {
	claveProdServ: '43232408',
	cantidad: 1,
	claveUnidad: 'H87',
	descripcion: 'Keyboard returned',
	valorUnitario: 100,
};
/** Two thirds of IVA 16 %, as a company withholds it from an individual's services. */
export const IVA_WITHHELD = {
	impuesto: '002',
	tipoFactor: 'Tasa',
	tasaOCuota: 0.106667,
	withheld: true,
};
export const EXEMPT = { impuesto: '002', tipoFactor: 'Exento' };

/** A paid invoice of the guide's case (1,160.00, 580.00 paid, IVA 16 %), with what a test changes. */
export function paidDocument(overrides: Partial<PaidDocumentInput>): PaidDocumentInput {
	return {
		idDocumento: INVOICE_UUID,
		impSaldoAnt: 1160,
		impPagado: 580,
		taxes: [IVA16],
		...overrides,
	};
}

/** The guide's payment paying `documents`. */
export function paymentOf(
	documents: PaidDocumentInput[],
	overrides: Partial<PaymentInput> = {},
): PaymentInput {
	return satGuidePayment({ documents, ...overrides });
}

/** The SAT Pagos 2.0 guide's case: invoice 1,160.00 (1,000.00 + IVA 16 %), installment 1 of 580.00. */
export function satGuidePayment(overrides: Partial<PaymentInput> = {}): PaymentInput {
	return {
		fechaPago: '2024-05-09T12:00:00',
		formaDePagoP: '03',
		monedaP: 'MXN',
		documents: [
			{
				idDocumento: INVOICE_UUID,
				serie: 'A',
				folio: '1000',
				impSaldoAnt: 1160,
				impPagado: 580,
				taxes: [IVA16],
			},
		],
		...overrides,
	};
}

export function paymentReceipt(payments: PaymentInput[] = [satGuidePayment()]): Voucher {
	return buildPaymentReceipt({
		emisor: ISSUER,
		receptor: CUSTOMER,
		lugarExpedicion: '64000',
		serie: 'P',
		fecha: '2024-05-10T09:00:00',
		payments,
	});
}

/** A copy of a voucher changed by `modify`. */
export function changed(voucher: Voucher, modify: (voucher: Mutable) => void): Voucher {
	const copy = structuredClone(voucher) as Mutable;
	modify(copy);
	return copy;
}

/** A credit note's input relating the 1,160.00 invoice (1,000.00 + IVA 16 %), with these changes. */
export function creditNoteInput(overrides: Partial<CreditNoteInput> = {}): CreditNoteInput {
	return {
		emisor: ISSUER,
		receptor: CUSTOMER,
		lugarExpedicion: '64000',
		formaPago: '03',
		tipoRelacion: '01',
		invoices: [{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] }],
		...overrides,
	};
}

export function creditNote(): Voucher {
	return buildCreditNote({
		emisor: ISSUER,
		receptor: CUSTOMER,
		lugarExpedicion: '64000',
		serie: 'NC',
		fecha: '2024-05-10T09:00:00',
		formaPago: '03',
		tipoRelacion: '01',
		invoices: [{ uuid: INVOICE_UUID, total: 1160, moneda: 'MXN', taxes: [IVA16] }],
		amount: 116,
	});
}

export function globalInvoice(): Voucher {
	return buildGlobalInvoice({
		emisor: ISSUER,
		lugarExpedicion: '64000',
		serie: 'F',
		fecha: '2024-06-01T09:00:00',
		formaPago: '01',
		periodicidad: '04',
		meses: '05',
		anio: 2024,
		taxes: [IVA16],
		sales: [
			{ ticket: 'T-0001', amount: 116 },
			{ ticket: 'T-0002', amount: 58 },
			{ ticket: 'T-0003', amount: 23.2 },
		],
	});
}

/**
 * The local checks as every voucher operation runs them: the shared rules and what the kinds table
 * hands down (the payment receipt's Pagos 2.0 checks).
 */
export function validateWithKinds(
	voucher: unknown,
	options: ValidateOptions = {},
): ValidationResult {
	return validateVoucher(voucher, { ...options, kinds: VOUCHER_KINDS });
}

export interface WrongCase {
	name: string;
	/** The voucher, or a function that builds it when the case runs. */
	voucher: Voucher | (() => Voucher);
	code: string;
	path: string;
}

/** The one error a wrong voucher must give, with its path named in the message and a fix. */
export function expectOnlyError(voucher: unknown, code: string, path: string): void {
	const result = validateWithKinds(typeof voucher === 'function' ? voucher() : voucher);
	expect(result.errors.map((error) => `${error.code} ${error.path}`)).toEqual([`${code} ${path}`]);
	const [error] = result.errors;
	expect(error.message).toContain(path);
	expect(error.fix.length).toBeGreaterThan(5);
}

/** What a kind builder refused: the input member named, the message and the fix, as the user sees them. Fails when nothing or something else is thrown. */
export function kindRefusal(run: () => unknown): { field: string; message: string; fix: string } {
	try {
		run();
	} catch (error) {
		if (error instanceof KindInputError)
			return { field: error.field, message: error.message, fix: error.fix };
		throw error;
	}
	throw new Error('expected a KindInputError, nothing was thrown');
}

/** A monthly global invoice (May 2026, IVA 16 % unless `taxes` say) of one sale per amount, tickets T-1, T-2, ...: its input and voucher. */
export function monthlyGlobalInvoiceOf(
	amounts: string[],
	taxes: GlobalInvoiceInput['taxes'] = [
		{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
	],
): {
	input: GlobalInvoiceInput;
	voucher: Voucher;
} {
	const input: GlobalInvoiceInput = {
		emisor: ISSUER,
		lugarExpedicion: '64000',
		formaPago: '01',
		periodicidad: '04',
		meses: '05',
		anio: 2026,
		taxes,
		sales: amounts.map((amount, index) => ({ ticket: `T-${index + 1}`, amount })),
	};
	return { input, voucher: buildGlobalInvoice(input) };
}

/** Line Items settings of a taxpayer buyer (the SAT's test RFCs), paid by transfer. */
export const LINE_ITEMS_TO_TAXPAYER: LineItemsSettings = {
	emisor: ISSUER,
	lugarExpedicion: '64000',
	recipient: {
		rfc: 'URE180429TM6',
		nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
		regimenFiscalReceptor: '601',
		domicilioFiscalReceptor: '65000',
		usoCFDI: 'G03',
	},
	formaPago: '03',
};
