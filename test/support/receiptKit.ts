/**
 * What the payment receipt's tests share: the paths of the Pagos 2.0 complement the validator
 * names, its first payment and first related document, a receipt whose invoice also withholds ISR,
 * the SAT guide's sparse receipt given as JSON, and the validator's findings as `code path`.
 */
import * as voucherShape from '../../nodes/CfdiEmision/cfdi/voucherShape';
import type { Voucher } from '../../nodes/CfdiEmision/cfdi/types';
import {
	changed,
	CUSTOMER,
	INVOICE_UUID,
	ISR10,
	IVA16,
	type Mutable,
	paymentReceipt,
	satGuidePayment,
	validateWithKinds,
} from './kindFixtures';
import { satGuideSparseReceipt } from './vouchers';
import { CUSTOMER_FIELDS, ISSUER_FIELDS, receiptParams } from './kindsKit';
import type { INodeParameters } from 'n8n-workflow';

export const P = 'complemento.complementoPago20';
export const PAGO = `${P}.pago[0]`;
export const DR = `${PAGO}.doctoRelacionado[0]`;

/* eslint-disable @typescript-eslint/no-explicit-any */
export const complement = (voucher: Voucher): any =>
	voucherShape.complementOf(voucher as Record<string, unknown>, 'payments');
export const firstPago = (v: Mutable) => v.complemento.complementoPago20.pago[0];
export const firstDocument = (v: Mutable) => firstPago(v).doctoRelacionado[0];

/** The SAT guide's receipt whose invoice of 1,044.00 paid in full also withholds ISR 10 %. */
export const withRetention = (): Voucher =>
	paymentReceipt([
		satGuidePayment({
			documents: [
				{ idDocumento: INVOICE_UUID, impSaldoAnt: 1044, impPagado: 1044, taxes: [IVA16, ISR10] },
			],
		}),
	]);

/** The SAT guide's receipt given as JSON with only what a user types, changed by `modify`. */
export const sparse = (modify: (voucher: Mutable) => void = () => undefined): Voucher =>
	changed(satGuideSparseReceipt(INVOICE_UUID, CUSTOMER) as unknown as Voucher, modify);

export const errors = (voucher: Voucher) =>
	validateWithKinds(voucher).errors.map((error) => `${error.code} ${error.path}`);

/**
 * Create Payment Receipt's parameters for the SAT guide's payment (580.00 of 1,160.00, installment
 * 1) with the invoice figures typed in (Read Related Invoices From Their XML off).
 */
export function typedParams(
	invoice: Record<string, unknown> = {},
	extra: INodeParameters = {},
): INodeParameters {
	return receiptParams(
		[
			{
				uuid: INVOICE_UUID,
				amountPaid: 580,
				previousBalance: 1160,
				series: 'A',
				folio: '1000',
				ivaRate: '0.16',
				...invoice,
			},
		],
		{
			readRelatedXml: false,
			...ISSUER_FIELDS,
			...CUSTOMER_FIELDS,
			...extra,
		},
	);
}
