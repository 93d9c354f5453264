import { computeTotals, validateVoucher, type Voucher } from '../../nodes/CfdiEmision/cfdi';
import { baseVoucher } from './corpus';

describe('speed', () => {
	it('computes and validates 300 vouchers of 20 lines in well under two seconds, even on a busy CI machine', () => {
		const vouchers: Voucher[] = Array.from({ length: 300 }, (_, n) => {
			const voucher = baseVoucher();
			voucher.conceptos = Array.from({ length: 20 }, (_unused, line) => ({
				claveProdServ: '01010101',
				cantidad: `${(line % 7) + 1}.${n % 10}`,
				claveUnidad: 'H87',
				descripcion: `Line ${line}`,
				valorUnitario: Number((10 + line / 7 + n / 1000).toFixed(6)),
				impuestos: { traslados: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: line % 3 === 0 ? 0.08 : 0.16 }] },
			}));
			return voucher;
		});
		// CPU time of this process, not wall time: other processes on a loaded machine do not count.
		const started = process.cpuUsage();
		for (const voucher of vouchers) {
			const result = validateVoucher(computeTotals(voucher).voucher);
			expect(result.errors).toEqual([]);
		}
		const { user, system } = process.cpuUsage(started);
		expect((user + system) / 1000).toBeLessThan(2000);
	});
});
