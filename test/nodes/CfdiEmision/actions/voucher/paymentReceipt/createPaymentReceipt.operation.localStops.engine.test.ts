/** Voucher > Create Payment Receipt through the engine against the sandbox: wrong input is stopped locally, naming the field, with nothing sent. */
import type { INodeParameters } from 'n8n-workflow';

import { useSandboxEngine } from '../../../../../support/nodeTestKit';
import {
	CUSTOMER_FIELDS,
	issuingCalls,
	ISSUER_FIELDS,
	receiptParams,
	stampInvoice,
} from '../../../../../support/kindsKit';
import { typedParams } from '../../../../../support/receiptKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

describe('voucher: create payment receipt', () => {
	const wrong: Array<[string, INodeParameters, RegExp]> = [
		[
			'payment form 99',
			typedParams({}, { paymentForm: '99' }),
			/CRP20212|complemento\.complementoPago20\.pago\[0\]\.formaDePagoP "99"/,
		],
		[
			'payment currency XXX',
			typedParams({ currency: 'XXX' }, { paymentCurrency: 'XXX', paymentExchangeRate: 1 }),
			/complemento\.complementoPago20\.pago\[0\]\.monedaP "XXX"/,
		],
		[
			'USD payment without exchange rate',
			typedParams({ currency: 'USD' }, { paymentCurrency: 'USD' }),
			/Item 0: Exchange Rate: The payment is in USD/,
		],
		[
			'amount paid above the balance',
			typedParams({ previousBalance: 500 }),
			/Related invoice 1 \(5FB2822E-396D-4725-8521-CDC4BDD20CCF\), Amount Paid: The amount paid \(580\) is more than the balance before this payment \(500\)/,
		],
		[
			'amount paid 0',
			typedParams({ amountPaid: 0 }),
			/doctoRelacionado\[0\]\.impPagado 0 is not greater than 0/,
		],
		[
			'amount received below the amounts paid',
			typedParams({}, { paymentAmount: 500 }),
			/complemento\.complementoPago20\.pago\[0\]\.monto 500 is less than the amounts paid/,
		],
		[
			'invoice UUID malformed',
			typedParams({ uuid: 'A-1000' }),
			/doctoRelacionado\[0\]\.idDocumento "A-1000" is not a UUID/,
		],
		[
			'payment date not a date',
			typedParams({}, { paymentDate: 'yesterday' }),
			/pago\[0\]\.fechaPago "yesterday" is not a real date-time/,
		],
		[
			'another currency without equivalence',
			typedParams({ currency: 'USD' }),
			/Related invoice 1 \(5FB2822E-396D-4725-8521-CDC4BDD20CCF\), Equivalence: The invoice is in USD/,
		],
		[
			'installment 0',
			typedParams({ installment: 0, previousBalance: 1160 }),
			/doctoRelacionado\[0\]\.numParcialidad 0 is not greater than 0/,
		],
		[
			'recipient RFC malformed',
			typedParams({}, { receptorRfc: 'URE-180429' }),
			/receptor\.rfc "URE-180429" is not a valid RFC/,
		],
		[
			'place of issue not a postal code',
			typedParams({}, { lugarExpedicion: '640' }),
			/lugarExpedicion "640" is not a 5-digit postal code/,
		],
		[
			'no related invoice',
			receiptParams([], { readRelatedXml: false }),
			/Item 0: Related Invoices is empty/,
		],
		[
			'the same invoice listed twice, each from its full balance (overpayment)',
			receiptParams(
				[
					{ uuid: UUID, amountPaid: 580, previousBalance: 1160, installment: 1, ivaRate: '0.16' },
					{ uuid: UUID, amountPaid: 580, previousBalance: 1160, installment: 2, ivaRate: '0.16' },
				],
				{ readRelatedXml: false, ...ISSUER_FIELDS, ...CUSTOMER_FIELDS },
			),
			/is listed twice: installment 2 starts from a balance of 1160\.00, but installment 1 left 580\.00/,
		],
		[
			'a related voucher UUID malformed',
			typedParams({}, { relatedVouchers: { relation: [{ tipoRelacion: '04', uuids: 'xyz' }] } }),
			/cfdiRelacionados\[0\]\.cfdiRelacionado\[0\]\.uuid "xyz" is not a UUID/,
		],
	];

	test.each(wrong)('stops locally with nothing sent: %s', async (_name, params, message) => {
		const { error } = await kit.engine.runNode(params, [{}]);
		expect(error?.message).toMatch(message);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('stops locally after reading the XML: an invoice paid at issue (PUE), or installment 2 without its balance', async () => {
		const paidAtIssue = await stampInvoice(kit.sandbox, { paidAtIssue: true });
		const later = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const pue = await kit.engine.runNode(receiptParams([{ uuid: paidAtIssue, amountPaid: 100 }]), [
			{},
		]);
		expect(pue.error?.message).toMatch(
			/Related invoice 1 .*has metodoPago "PUE": it was paid in full when issued/,
		);
		const installment = await kit.engine.runNode(
			receiptParams([{ uuid: later, amountPaid: 100, installment: 2 }]),
			[{}],
		);
		expect(installment.error?.message).toMatch(
			/Related invoice 1 .*Previous Balance: Installment 2 of invoice .* needs the balance before this payment/,
		);
		expect(kit.sandbox.requests.filter((r) => r.route === 'downloadXml')).toHaveLength(2);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	/** A type P voucher given as JSON with only what a user knows: payment, balances, amounts paid, rates. */
});
