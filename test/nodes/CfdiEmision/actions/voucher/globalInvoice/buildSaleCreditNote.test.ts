/**
 * The credit note of a refunded sale of a global invoice (SAT global CFDI guide, appendix 2), built
 * from the global invoice's stamped XML (the sandbox's renderer writes it as the service does).
 * Also covers: nodes/CfdiEmision/actions/voucher/globalInvoice/index.ts (the kind's face it is read through).
 */
import { DEFAULT_ACCOUNT } from '../../../../../../sandbox';
import { buildCfdiXml } from '../../../../../../sandbox/cfdiXml';
import { buildGlobalInvoice } from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice/buildGlobalInvoice';
import {
	readSaleDocument,
	ticketAmount,
} from '../../../../../../nodes/CfdiEmision/stampedXml/saleDocument';
import {
	buildGlobalSaleCreditNote,
	type GlobalSaleCreditInput,
} from '../../../../../../nodes/CfdiEmision/actions/voucher/globalInvoice';
import { buildCreditNote } from '../../../../../../nodes/CfdiEmision/actions/voucher/creditNote';
import {
	decimalToString,
	parseDecimal,
	type Decimal,
} from '../../../../../../nodes/CfdiEmision/cfdi/decimal';
import { validateWithKinds } from '../../../../../support/kindFixtures';

const GLOBAL_UUID = '11111111-2222-4333-8444-555555555555';
const EMISOR = { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' };
const IVA16 = [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16 }];
const d = (text: string) => parseDecimal(text) as Decimal;
/** The credit of a ticket as Create Credit Note builds it: with the credit note's builder handed down. */
const saleCreditNote = (input: GlobalSaleCreditInput) =>
	buildGlobalSaleCreditNote(input, buildCreditNote);

function stampedGlobal() {
	const voucher = buildGlobalInvoice({
		emisor: EMISOR,
		lugarExpedicion: '64000',
		serie: 'F',
		formaPago: '01',
		periodicidad: '04',
		meses: '05',
		anio: 2024,
		taxes: IVA16,
		sales: [
			{ ticket: '1001', amount: '116.00' },
			{ ticket: '1002', amount: '58.00' },
		],
	});
	const xml = buildCfdiXml(voucher as never, DEFAULT_ACCOUNT, {
		uuid: GLOBAL_UUID,
		fecha: '2024-06-01T09:00:00',
		fechaTimbrado: '2024-06-01T09:00:01',
		sealKey: Buffer.from('test'),
	});
	return readSaleDocument(xml);
}

const base = {
	emisor: EMISOR,
	lugarExpedicion: '64000',
	serie: 'NC',
	formaPago: '04',
	fecha: '2024-06-10T10:00:00',
};

describe('a credit note against a global invoice and a ticket', () => {
	test('reads the tickets and their amounts from the global invoice XML', () => {
		const global = stampedGlobal();
		expect(global.uuid).toBe(GLOBAL_UUID);
		expect(global.informacionGlobal).toEqual({ periodicidad: '04', meses: '05', anio: '2024' });
		expect(global.concepts.map((c) => [c.noIdentificacion, c.base, c.gross])).toEqual([
			['1001', '100.00', '116.00'],
			['1002', '50.00', '58.00'],
		]);
		expect(decimalToString(ticketAmount(global, '#1002'))).toBe('58.00');
	});

	test('the general public, related 01 to the global invoice, its period, the ticket and its taxes; the rest of the ticket by default', () => {
		const note = saleCreditNote({
			...base,
			global: stampedGlobal(),
			ticket: '1001',
			alreadyCredited: d('16'),
		}) as Record<string, any>;
		expect(note.tipoDeComprobante).toBe('E');
		expect(note.receptor).toEqual({
			rfc: 'XAXX010101000',
			nombre: 'PUBLICO EN GENERAL',
			usoCFDI: 'S01',
			regimenFiscalReceptor: '616',
			domicilioFiscalReceptor: '64000',
		});
		expect(note.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: GLOBAL_UUID }] },
		]);
		expect(note.informacionGlobal).toEqual({ periodicidad: '04', meses: '05', anio: 2024 });
		expect(note.conceptos).toHaveLength(1);
		expect(note.conceptos[0]).toMatchObject({
			claveProdServ: '84111506',
			noIdentificacion: '1001',
			claveUnidad: 'ACT',
			valorUnitario: 86.21,
		});
		expect(note.total).toBe(100);
		expect(validateWithKinds(note).errors).toEqual([]);
	});

	test('capped at the ticket less what was credited before', () => {
		const build = (amount: string, credited = '0') =>
			saleCreditNote({
				...base,
				global: stampedGlobal(),
				ticket: '1002',
				alreadyCredited: d(credited),
				amount,
			});
		expect((build('58.00') as Record<string, unknown>).total).toBe(58);
		expect(() => build('58.01')).toThrow(/more than the balance still owed.*58\.00 MXN/);
		expect(() => build('30', '29.00')).toThrow(/Credit at most 29\.00 MXN|more than/);
		expect(() => build('1', '58')).toThrow(/already credited in full/);
	});

	test('refuses a ticket the global invoice does not hold, naming its tickets, and a voucher that is not a global invoice', () => {
		expect(() =>
			saleCreditNote({
				...base,
				global: stampedGlobal(),
				ticket: '999',
				alreadyCredited: d('0'),
			}),
		).toThrow(
			'Global invoice 11111111-2222-4333-8444-555555555555 does not declare ticket "999" (its tickets: 1001, 1002)',
		);
		const invoice = { ...stampedGlobal(), informacionGlobal: undefined };
		expect(() =>
			saleCreditNote({
				...base,
				global: invoice,
				ticket: '1001',
				alreadyCredited: d('0'),
			}),
		).toThrow(/is not a global invoice/);
	});
});
