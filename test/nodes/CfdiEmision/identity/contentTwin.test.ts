/**
 * A content twin that differs in a fiscal field (identity/contentTwin.ts, issue 33 item 3): the fields
 * read from a voucher body, which differ, and the message naming them, both values and what to do.
 */
import {
	fiscalChangedMessage,
	fiscalChanges,
	fiscalFactsOf,
} from '../../../../nodes/CfdiEmision/identity/contentTwin';
import { invoiceVoucher } from '../../../support/vouchers';

const KEY = { value: 'content:006FF58F', from: "the voucher's content", folio: 'C-006FF58F' };
const UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';

describe('fiscalFactsOf', () => {
	test('payment form and method, CFDI use and recipient regime; an empty one left out', () => {
		expect(fiscalFactsOf(invoiceVoucher())).toEqual({
			formaPago: '03',
			metodoPago: 'PUE',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '601',
		});
		expect(fiscalFactsOf(invoiceVoucher({ formaPago: ' ', receptor: {} }))).toEqual({
			metodoPago: 'PUE',
		});
	});
});

describe('fiscalChanges', () => {
	const invoiced = fiscalFactsOf(invoiceVoucher());

	test('each field that differs, with its CFDI name, its label and both values, in a fixed order', () => {
		expect(
			fiscalChanges(invoiced, {
				...invoiced,
				regimenFiscalReceptor: '603',
				formaPago: '01',
				usoCFDI: 'g01',
			}),
		).toEqual([
			{ field: 'formaPago', label: 'Payment Form', invoiced: '03', now: '01' },
			{ field: 'receptor.usoCFDI', label: 'CFDI Use', invoiced: 'G03', now: 'G01' },
			{
				field: 'receptor.regimenFiscalReceptor',
				label: 'Recipient Tax Regime',
				invoiced: '601',
				now: '603',
			},
		]);
		expect(fiscalChanges(invoiced, { ...invoiced, metodoPago: 'PPD' })).toEqual([
			{ field: 'metodoPago', label: 'Payment Method', invoiced: 'PUE', now: 'PPD' },
		]);
	});

	test('the same values (in any case, with spaces) or a field one side lacks: no change', () => {
		expect(fiscalChanges(invoiced, { ...invoiced, usoCFDI: ' g03 ' })).toEqual([]);
		expect(fiscalChanges({}, invoiced)).toEqual([]);
		expect(fiscalChanges(invoiced, {})).toEqual([]);
	});
});

describe('fiscalChangedMessage', () => {
	test('names the fields and both values, and says both ways out', () => {
		const message = fiscalChangedMessage(KEY, UUID, [
			{ field: 'formaPago', label: 'Payment Form', invoiced: '03', now: '01' },
		]);
		expect(message).toContain(`content:006FF58F is stamped as UUID ${UUID}`);
		expect(message).toContain('Payment Form (formaPago) 03 there, 01 now');
		expect(message).toContain('Nothing was sent');
		expect(message).toContain("If the invoice's value is wrong");
		expect(message).toContain(`relating UUID ${UUID} with TipoRelacion 04`);
		expect(message).toContain(`cancel UUID ${UUID} with motive 01`);
		expect(message).toContain('deliberate second sale, map a Duplicate Check Key');
		expect(
			fiscalChangedMessage(KEY, UUID, [
				{ field: 'formaPago', label: 'Payment Form', invoiced: '03', now: '01' },
				{ field: 'receptor.usoCFDI', label: 'CFDI Use', invoiced: 'G03', now: 'G01' },
			]),
		).toContain(
			"03 there, 01 now; CFDI Use (receptor.usoCFDI) G03 there, G01 now. Nothing was sent. If the invoice's values are wrong",
		);
	});
});
