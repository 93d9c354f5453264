/**
 * computeTotals (and the voucher-level grouping of taxGrouping) over random vouchers against a
 * reimplementation of the SAT's rounding rules written with decimal.js, an oracle the package shares
 * no code with (Anexo 20: importe = cantidad × valorUnitario rounded; each line's tax = base × rate
 * rounded; voucher-level tax per impuesto/factor/rate = Σ of the rounded line taxes; total =
 * subTotal − descuento + transferred − withheld). A single disagreement fails the test with the
 * shrunk counterexample. cfdi/decimal.ts operation by operation against decimal.js: decimal.test.ts.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { computeTotals } from '../../../../nodes/CfdiEmision/cfdi/computeTotals';
import type { Voucher } from '../../../../nodes/CfdiEmision/cfdi/types';

const D = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_HALF_UP });
// `npm run mutate` lowers the runs (ORACLE_RUNS) so that each mutant's test run stays short.
const RUNS = Number(process.env.ORACLE_RUNS ?? 5000);
const VOUCHER_RUNS = Math.round(RUNS * 0.6);

interface TaxSpec {
	impuesto: string;
	tipoFactor: 'Tasa' | 'Cuota' | 'Exento';
	tasaOCuota?: string;
	withheld?: boolean;
}

const TRANSFERS: TaxSpec[] = [
	{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.16' },
	{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.08' },
	{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0' },
	{ impuesto: '002', tipoFactor: 'Exento' },
	{ impuesto: '003', tipoFactor: 'Tasa', tasaOCuota: '0.265' },
	{ impuesto: '003', tipoFactor: 'Cuota', tasaOCuota: '0.3456' },
];
const WITHHOLDINGS: TaxSpec[] = [
	{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.1', withheld: true },
	{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: '0.106667', withheld: true },
	{ impuesto: '001', tipoFactor: 'Tasa', tasaOCuota: '0.0125', withheld: true },
];

interface LineSpec {
	cantidad: string;
	valorUnitario: string;
	/** Share of the line's importe given as discount, in percent (0 = none). */
	discountPercent: number;
	taxes: TaxSpec[];
}

const digits = (max: number) =>
	fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 0, maxLength: max });
const positiveText = (intMax: number, fracMax: number) =>
	fc
		.tuple(fc.integer({ min: 0, max: intMax }), digits(fracMax))
		.map(([integer, fraction]) => `${integer}${fraction ? `.${fraction}` : ''}`)
		.filter((text) => !new D(text).isZero());

const lineSpec: fc.Arbitrary<LineSpec> = fc.record({
	cantidad: positiveText(999, 3),
	valorUnitario: positiveText(99999, 4),
	discountPercent: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100 })),
	taxes: fc
		.tuple(fc.subarray(TRANSFERS, { maxLength: 2 }), fc.subarray(WITHHOLDINGS, { maxLength: 2 }))
		.map(([transfers, withholdings]) => [...transfers, ...withholdings])
		// One IVA transfer per line: the SAT does not take 16 % and exempt on the same concept.
		.filter((taxes) => taxes.filter((tax) => tax.impuesto === '002' && !tax.withheld).length <= 1),
});

const voucherSpec = fc.record({
	moneda: fc.constantFrom('MXN', 'USD', 'CLP', 'BHD'),
	lines: fc.array(lineSpec, { minLength: 1, maxLength: 6 }),
});

const DECIMALS: Record<string, number> = { MXN: 2, USD: 2, CLP: 0, BHD: 3 };

function voucherOf(spec: { moneda: string; lines: LineSpec[] }): Voucher {
	const decimals = DECIMALS[spec.moneda];
	return {
		version: '4.0',
		tipoDeComprobante: 'I',
		moneda: spec.moneda,
		exportacion: '01',
		lugarExpedicion: '64000',
		emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
		receptor: {
			rfc: 'URE180429TM6',
			nombre: 'UNIVERSIDAD ROBOTICA ESPANOLA',
			usoCFDI: 'G03',
			regimenFiscalReceptor: '601',
			domicilioFiscalReceptor: '86991',
		},
		conceptos: spec.lines.map((line) => {
			const importe = new D(line.cantidad).times(line.valorUnitario).toDecimalPlaces(decimals);
			const concepto: Voucher['conceptos'][number] = {
				claveProdServ: '01010101',
				cantidad: line.cantidad,
				claveUnidad: 'H87',
				descripcion: 'Item',
				valorUnitario: Number(line.valorUnitario),
			};
			if (line.discountPercent > 0)
				concepto.descuento = importe
					.times(line.discountPercent)
					.dividedBy(100)
					.toDecimalPlaces(decimals, Decimal.ROUND_DOWN)
					.toNumber();
			const transfers = line.taxes
				.filter((tax) => !tax.withheld)
				.map(({ impuesto, tipoFactor, tasaOCuota }) => ({
					impuesto,
					tipoFactor,
					...(tasaOCuota ? { tasaOCuota: Number(tasaOCuota) } : {}),
				}));
			const withholdings = line.taxes
				.filter((tax) => tax.withheld)
				.map(({ impuesto, tipoFactor, tasaOCuota }) => ({
					impuesto,
					tipoFactor,
					tasaOCuota: Number(tasaOCuota),
				}));
			if (transfers.length > 0 || withholdings.length > 0) {
				concepto.impuestos = {};
				if (transfers.length > 0) concepto.impuestos.traslados = transfers;
				if (withholdings.length > 0) concepto.impuestos.retenciones = withholdings;
			}
			return concepto;
		}),
	};
}

interface OracleGroup {
	key: string;
	base: Decimal;
	importe: Decimal;
	exempt: boolean;
}

/** The SAT's figures of a voucher, from its concepts, with decimal.js. */
function oracleTotals(voucher: Voucher) {
	const decimals = DECIMALS[voucher.moneda];
	const round = (value: Decimal) => value.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
	const transfers = new Map<string, OracleGroup>();
	const withheld = new Map<string, Decimal>();
	let subTotal = new D(0);
	let descuento = new D(0);
	const lineImportes: string[] = [];
	for (const concepto of voucher.conceptos) {
		const importe = round(new D(String(concepto.cantidad)).times(concepto.valorUnitario));
		lineImportes.push(importe.toString());
		const discount = new D(concepto.descuento ?? 0);
		subTotal = subTotal.plus(importe);
		descuento = descuento.plus(discount);
		const taxable = importe.minus(discount);
		for (const line of concepto.impuestos?.traslados ?? []) {
			const base = line.tipoFactor === 'Cuota' ? new D(String(concepto.cantidad)) : taxable;
			const key = `${line.impuesto}|${line.tipoFactor}|${line.tasaOCuota === undefined ? '' : new D(line.tasaOCuota).toString()}`;
			const group = transfers.get(key) ?? {
				key,
				base: new D(0),
				importe: new D(0),
				exempt: line.tipoFactor === 'Exento',
			};
			group.base = group.base.plus(base);
			if (line.tipoFactor !== 'Exento')
				group.importe = group.importe.plus(round(base.times(line.tasaOCuota as number)));
			transfers.set(key, group);
		}
		for (const line of concepto.impuestos?.retenciones ?? []) {
			withheld.set(
				line.impuesto,
				(withheld.get(line.impuesto) ?? new D(0)).plus(
					round(taxable.times(line.tasaOCuota as number)),
				),
			);
		}
	}
	const groups = [...transfers.values()].map((group) => ({
		...group,
		base: round(group.base),
		importe: round(group.importe),
	}));
	const totalTransferred = groups
		.filter((group) => !group.exempt)
		.reduce((sum, group) => sum.plus(group.importe), new D(0));
	const totalWithheld = [...withheld.values()].reduce(
		(sum, value) => sum.plus(round(value)),
		new D(0),
	);
	return {
		lineImportes,
		subTotal: round(subTotal),
		descuento: round(descuento),
		groups,
		withheld: [...withheld.entries()].map(([impuesto, importe]) => ({
			impuesto,
			importe: round(importe),
		})),
		totalTransferred,
		totalWithheld,
		total: round(
			round(subTotal).minus(round(descuento)).plus(totalTransferred).minus(totalWithheld),
		),
	};
}

describe(`computeTotals and the tax grouping against the SAT's rules in decimal.js (${VOUCHER_RUNS} random vouchers)`, () => {
	it('gives the same line amounts, tax groups and totals', () => {
		fc.assert(
			fc.property(voucherSpec, (spec) => {
				const voucher = voucherOf(spec);
				const expected = oracleTotals(voucher);
				const { computed } = computeTotals(voucher);
				expect(computed.conceptos.map((concepto) => new D(concepto.importe).toString())).toEqual(
					expected.lineImportes,
				);
				expect(new D(computed.subTotal).equals(expected.subTotal)).toBe(true);
				expect(new D(computed.descuento).equals(expected.descuento)).toBe(true);
				expect(
					computed.traslados.map((group) => ({
						key: `${group.impuesto}|${group.tipoFactor}|${group.tasaOCuota === undefined ? '' : new D(group.tasaOCuota).toString()}`,
						base: new D(group.base).toString(),
						importe: group.importe === undefined ? undefined : new D(group.importe).toString(),
					})),
				).toEqual(
					expected.groups.map((group) => ({
						key: group.key,
						base: group.base.toString(),
						importe: group.exempt ? undefined : group.importe.toString(),
					})),
				);
				expect(
					computed.retenciones.map((group) => [group.impuesto, new D(group.importe).toString()]),
				).toEqual(expected.withheld.map((group) => [group.impuesto, group.importe.toString()]));
				expect(new D(computed.totalImpuestosTrasladados).equals(expected.totalTransferred)).toBe(
					true,
				);
				expect(new D(computed.totalImpuestosRetenidos).equals(expected.totalWithheld)).toBe(true);
				expect(new D(computed.total).equals(expected.total)).toBe(true);
			}),
			{ numRuns: VOUCHER_RUNS },
		);
	});
});
