/**
 * Create Credit Note against a global invoice and a ticket (SAT global CFDI guide, appendix 2): the
 * request sent (general public, related 01 to the global invoice, its period, the ticket and its
 * taxes), the item returned, and the cap at the ticket less what earlier notes credited.
 * (The Ticket in the Global Invoice field as the editor shows it:
 * creditNote/createCreditNote.operation.ticket.test.ts.)
 */
import type { INodeParameters } from 'n8n-workflow';

import { globalParams, SALES, sentBody, stampInvoice } from '../../../../../support/kindsKit';
import { useSandboxEngine } from '../../../../../support/nodeTestKit';

/* eslint-disable @typescript-eslint/no-explicit-any */
const kit = useSandboxEngine();

async function stampGlobal(): Promise<string> {
	const { items, error } = await kit.engine.runNode(globalParams(), SALES);
	if (error) throw error;
	return String(items[0].json.uuid);
}

const refund = (global: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'voucher',
	operation: 'createCreditNote',
	serie: 'NC',
	formaPago: '04',
	creditedInvoices: { invoice: [{ uuid: global }] } as INodeParameters,
	globalSaleTicket: 'T-0002',
	options: { noCalcularFecha: true, fecha: '2024-06-10T10:00:00' },
	...extra,
});

const creates = () => kit.sandbox.requests.filter((r) => r.route === 'createVoucher');

describe('credit note of a sale in a global invoice', () => {
	test("the ticket's whole amount by default: to the general public, related 01, the global invoice's period and the ticket", async () => {
		const global = await stampGlobal();
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(refund(global), [{}], { typeVersion: 1.1 });
		expect(error).toBeUndefined();
		const body = sentBody(kit.sandbox) as any;
		expect(body).toMatchObject({
			tipoDeComprobante: 'E',
			metodoPago: 'PUE',
			formaPago: '04',
			serie: 'NC',
			lugarExpedicion: '64000',
			total: 58,
			receptor: {
				rfc: 'XAXX010101000',
				nombre: 'PUBLICO EN GENERAL',
				usoCFDI: 'S01',
				regimenFiscalReceptor: '616',
				domicilioFiscalReceptor: '64000',
			},
			cfdiRelacionados: [{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: global }] }],
			informacionGlobal: { periodicidad: '04', meses: '05', anio: 2024 },
		});
		expect(body.conceptos).toEqual([
			expect.objectContaining({
				claveProdServ: '84111506',
				noIdentificacion: 'T-0002',
				claveUnidad: 'ACT',
				valorUnitario: 50,
				importe: 50,
			}),
		]);
		expect(items[0].json).toMatchObject({
			status: 'stamped',
			total: 58,
			recipientRfc: 'XAXX010101000',
			globalSale: { globalInvoice: global, ticket: 'T-0002', earlierCredits: [] },
		});
	});

	test('capped at the ticket less earlier credits: 20.00, then the 38.00 left, then nothing more', async () => {
		const global = await stampGlobal();
		const first = await kit.engine.runNode(refund(global, { creditAmount: 20 }), [{}], {
			typeVersion: 1.1,
		});
		expect(first.error).toBeUndefined();
		expect(first.items[0].json.total).toBe(20);

		const tooMuch = await kit.engine.runNode(refund(global, { creditAmount: 40 }), [{}], {
			typeVersion: 1.1,
		});
		expect(tooMuch.error?.message).toContain(
			'The credit note total 40.00 MXN is more than the balance still owed on the related invoice (38.00 MXN)',
		);

		kit.sandbox.clearLog();
		const rest = await kit.engine.runNode(refund(global), [{}], { typeVersion: 1.1 });
		expect(rest.error).toBeUndefined();
		expect(rest.items[0].json).toMatchObject({
			total: 38,
			globalSale: {
				earlierCredits: [{ uuid: first.items[0].json.uuid, status: 'stamped', amount: 20 }],
			},
		});

		kit.sandbox.clearLog();
		const none = await kit.engine.runNode(refund(global), [{}], { typeVersion: 1.1 });
		expect(none.error?.message).toContain('is already credited in full');
		expect(creates()).toEqual([]);
	});

	test("two tickets credited in one run ask the run's ledger: one list read before sending (three before), the global invoice's XML once (five times before), no XML of a voucher to another recipient, and each ticket's earlier credit counted", async () => {
		const global = await stampGlobal();
		const earlier = await kit.engine.runNode(refund(global, { creditAmount: 20 }), [{}], {
			typeVersion: 1.1,
		});
		expect(earlier.error).toBeUndefined();
		// An invoice to a named customer in the same window: it cannot credit a general-public ticket.
		const customer = await stampInvoice(kit.sandbox);
		kit.sandbox.clearLog();
		const { items, error } = await kit.engine.runNode(
			refund(global, {
				globalSaleTicket: '={{ $json.ticket }}',
				duplicateCheckKey: '={{ $json.refund }}',
			}),
			[
				{ ticket: 'T-0002', refund: 'R-2' },
				{ ticket: 'T-0003', refund: 'R-3' },
			],
			{ typeVersion: 1.1 },
		);
		expect(error).toBeUndefined();
		// T-0002 had 20.00 of its 58.00 credited: 38.00 is left; T-0003 had nothing: its 23.20.
		expect(items.map((item) => [item.json.status, item.json.total])).toEqual([
			['stamped', 38],
			['stamped', 23.2],
		]);
		expect(items[0].json.globalSale).toMatchObject({
			earlierCredits: [{ uuid: earlier.items[0].json.uuid, status: 'stamped', amount: 20 }],
		});
		const routes = kit.sandbox.requests.filter((r) => r.server === 'api').map((r) => r.route);
		const sending = routes.indexOf('createVoucher');
		expect(routes.slice(0, sending).filter((route) => route === 'listVouchers')).toHaveLength(1);
		const xmlRead = kit.sandbox.requests
			.filter((r) => r.route === 'downloadXml')
			.map((r) => r.pathname.split('/').pop());
		expect(xmlRead).not.toContain(customer);
		// The global invoice's XML once for the run (the related invoice read, the ticket, the ledger).
		expect(xmlRead.filter((uuid) => uuid === global)).toHaveLength(1);
	});

	test('a ticket the global invoice does not hold is refused, naming its tickets; nothing is stamped', async () => {
		const global = await stampGlobal();
		kit.sandbox.clearLog();
		const { error } = await kit.engine.runNode(
			refund(global, { globalSaleTicket: 'T-9999' }),
			[{}],
			{
				typeVersion: 1.1,
			},
		);
		expect(error?.message).toContain(
			`Global invoice ${global} does not declare ticket "T-9999" (its tickets: T-0001, T-0002, T-0003)`,
		);
		expect(creates()).toEqual([]);
	});
});
