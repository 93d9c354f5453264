/**
 * The voucher members around the concepts (orders/header.ts), shared by the order, line-items and
 * refund conversions: the issuer settings checked first, each missing one named with its fix; a sale
 * to the general public written as a daily global invoice of its month.
 */
import {
	checkIssuerSettings,
	saleMonthOf,
	voucherHeader,
	type HeaderParts,
} from '../../../../nodes/CfdiEmision/orders/header';
import { OrderInputError } from '../../../../nodes/CfdiEmision/orders/orderInputError';

const SETTINGS = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
	serie: 'A',
};
const PARTS: HeaderParts = {
	tipoDeComprobante: 'I',
	receptor: {
		rfc: 'URE180429TM6',
		nombre: 'UNIVERSIDAD ROBOTICA ESPAÑOLA',
		usoCFDI: 'G03',
		regimenFiscalReceptor: '601',
		domicilioFiscalReceptor: '65000',
	},
	moneda: 'MXN',
	formaPago: '04',
	metodoPago: 'PUE',
	folio: '1001',
	periodPath: 'created_at',
};

const thrown = (run: () => unknown): OrderInputError => {
	try {
		run();
	} catch (error) {
		return error as OrderInputError;
	}
	throw new Error('nothing thrown');
};

describe('checkIssuerSettings', () => {
	test('complete settings pass', () => {
		expect(() => checkIssuerSettings(SETTINGS)).not.toThrow();
	});

	test.each([
		[
			'settings.emisor.rfc',
			{ ...SETTINGS, emisor: { ...SETTINGS.emisor, rfc: ' ' } },
			'Issuer RFC',
		],
		[
			'settings.emisor.nombre',
			{ ...SETTINGS, emisor: { ...SETTINGS.emisor, nombre: undefined } },
			'Issuer Name',
		],
		[
			'settings.emisor.regimenFiscal',
			{ ...SETTINGS, emisor: { ...SETTINGS.emisor, regimenFiscal: '' } },
			'Issuer Tax Regime',
		],
		['settings.lugarExpedicion', { ...SETTINGS, lugarExpedicion: '' }, 'Place of Issue'],
	])('%s missing: refused, naming the path and the field to set', (path, settings, field) => {
		const error = thrown(() => checkIssuerSettings(settings as never));
		expect(error).toBeInstanceOf(OrderInputError);
		expect(error.path).toBe(path);
		expect(error.message).toBe(`${path} is empty; every voucher needs it.`);
		expect(error.fix).toContain(`Set ${field}`);
	});
});

describe('voucherHeader', () => {
	test('the CFDI 4.0 header of a named recipient: series, folio, payment, currency, export 01', () => {
		expect(voucherHeader(SETTINGS as never, PARTS)).toEqual({
			version: '4.0',
			serie: 'A',
			folio: '1001',
			formaPago: '04',
			metodoPago: 'PUE',
			moneda: 'MXN',
			tipoDeComprobante: 'I',
			exportacion: '01',
			lugarExpedicion: '64000',
			emisor: SETTINGS.emisor,
			receptor: PARTS.receptor,
		});
	});

	test('the general public: a daily global invoice of the sale month; without the month, refused naming its path', () => {
		const receptor = { ...PARTS.receptor, rfc: 'XAXX010101000' };
		expect(
			voucherHeader(SETTINGS as never, { ...PARTS, receptor, period: { anio: 2026, meses: '11' } })
				.informacionGlobal,
		).toEqual({ periodicidad: '01', meses: '11', anio: 2026 });
		const error = thrown(() => voucherHeader(SETTINGS as never, { ...PARTS, receptor }));
		expect(error.path).toBe('created_at');
		expect(error.message).toBe(
			'created_at is missing; a general-public voucher names the month of the sale (informacionGlobal).',
		);
	});

	test("saleMonthOf reads the year and month on Mexico City's calendar: a zoned timestamp as an instant, a zone-less one as the shop's wall clock", () => {
		expect(saleMonthOf('2026-12-01T00:30:00-06:00')).toEqual({ anio: 2026, meses: '12' });
		// 31 October 23:30 in Mexico City, written in UTC and in Tijuana's offset.
		expect(saleMonthOf('2026-11-01T05:30:00Z')).toEqual({ anio: 2026, meses: '10' });
		expect(saleMonthOf('2026-10-31T21:30:00-08:00')).toEqual({ anio: 2026, meses: '10' });
		expect(saleMonthOf('2026-11-01T00:10:00')).toEqual({ anio: 2026, meses: '11' });
		expect(saleMonthOf('yesterday')).toBeUndefined();
	});
});
