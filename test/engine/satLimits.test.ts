/**
 * The SAT's limits that can be checked locally, through the node and the engine against the
 * sandbox: each wrong value stops the item before any request, naming the item, the field, the
 * limit and the fix; with Continue On Fail the other items are stamped.
 */
import type { INodeParameters } from 'n8n-workflow';

import { invoiceVoucher } from '../../scripts/lib/vouchers';
import { createParams, useSandboxEngine } from './nodeTestKit';
import { issuingCalls, ISSUER_FIELDS, sentBody } from './kindsKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

describe('schema limits and Anexo 20 rules on a JSON voucher', () => {
	const wrong: Array<[string, Record<string, unknown>, RegExp]> = [
		['a serie of 26 characters', { serie: 'S'.repeat(26) }, /^Item 0: serie "S{26}" has 26 characters; at most 25 are allowed by the SAT's schema \(cfdv40\.xsd, Comprobante@Serie\)/],
		['a "|" in a description', { conceptos: [{ ...(invoiceVoucher().conceptos as any[])[0], descripcion: 'Keyboard | USB' }], subTotal: 700, total: 700 }, /conceptos\[0\]\.descripcion "Keyboard \| USB" contains "\|"/],
		['a confirmation code of 4 characters', { confirmacion: 'AB12' }, /confirmacion "AB12" does not have the form required by the SAT's schema/],
		['a date in 2009', { fecha: '2009-06-01T10:00:00' }, /fecha "2009-06-01T10:00:00" does not have the form required by/],
		['a recipient RFC born on 30 February', { receptor: { ...(invoiceVoucher().receptor as object), rfc: 'URE180230TM6' } }, /receptor\.rfc "URE180230TM6" is not a valid RFC/],
		['payment form 99 with PUE', { formaPago: '99', metodoPago: 'PUE' }, /formaPago "99" \(to be defined\) is not allowed with metodoPago "PUE"/],
	];

	test.each(wrong)('stops before any request: %s', async (_name, overrides, message) => {
		const { error } = await kit.engine.runNode(createParams(invoiceVoucher(overrides as never)), [{}]);
		expect(error?.message).toMatch(message);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('with Continue On Fail, the item over the limit is an error item and the other is stamped', async () => {
		const params = createParams(undefined, { voucherJson: '={{ JSON.stringify($json.voucher) }}' });
		const { items, error } = await kit.engine.runNode(params, [{ voucher: invoiceVoucher({ folio: 'F'.repeat(41) }) }, { voucher: invoiceVoucher({ folio: '1001' }) }], { continueOnFail: true });
		expect(error).toBeUndefined();
		expect(items[0].json.error).toMatch(/folio "F{41}" has 41 characters; at most 40/);
		expect(items[1].json).toMatchObject({ status: 'stamped' });
		expect(issuingCalls(kit.sandbox).filter((call) => call.route === 'createVoucher')).toHaveLength(1);
	});
});

describe('global invoice: one set of settings, each sale once', () => {
	const SALES = [
		{ ticket: 'T-1', total: 116, month: '05', form: '01' },
		{ ticket: 'T-2', total: 58, month: '05', form: '01' },
		{ ticket: 'T-3', total: 23.2, month: '05', form: '01' },
	];

	function globalParams(extra: INodeParameters = {}): INodeParameters {
		return {
			resource: 'voucher',
			operation: 'createGlobalInvoice',
			...ISSUER_FIELDS,
			lugarExpedicion: '64000',
			formaPago: '01',
			globalPeriodicity: '04',
			globalMonth: '05',
			globalYear: 2024,
			saleTicket: '={{ $json.ticket }}',
			saleAmount: '={{ $json.total }}',
			options: { noCalcularFecha: true, fecha: '2024-06-01T09:00:00' },
			...extra,
		};
	}

	test('a month that changes from item to item is refused, naming the item and both values', async () => {
		const sales = SALES.map((sale, index) => (index === 2 ? { ...sale, month: '04' } : sale));
		const { error } = await kit.engine.runNode(globalParams({ globalMonth: '={{ $json.month }}' }), sales);
		expect(error?.message).toBe('Item 2: Month is "04", but item 0 has "05"; one global invoice has one Month.');
		expect((error as any)?.description).toMatch(/^Give every sale of the invoice the same Month .* Nothing was sent to the service\.$/);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('a payment form that changes from item to item is refused', async () => {
		const sales = SALES.map((sale, index) => (index === 1 ? { ...sale, form: '04' } : sale));
		const { error } = await kit.engine.runNode(globalParams({ formaPago: '={{ $json.form }}' }), sales);
		expect(error?.message).toMatch(/^Item 1: Payment Form is "04", but item 0 has "01"/);
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});

	test('the same settings given by an expression on every item are accepted', async () => {
		const { error } = await kit.engine.runNode(globalParams({ globalMonth: '={{ $json.month }}', formaPago: '={{ $json.form }}' }), SALES);
		expect(error).toBeUndefined();
		expect((sentBody(kit.sandbox) as any).informacionGlobal).toEqual({ periodicidad: '04', meses: '05', anio: 2024 });
	});

	test('a ticket given twice is refused, naming both items', async () => {
		const { error } = await kit.engine.runNode(globalParams(), [...SALES, { ...SALES[0], total: 10 }]);
		expect(error?.message).toBe('Item 3: Sale Ticket Number "T-1" is also the ticket of item 0; a sale goes into a global invoice once.');
		expect(issuingCalls(kit.sandbox)).toEqual([]);
	});
});
