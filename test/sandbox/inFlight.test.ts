import { InFlight } from '../../sandbox/inFlight';

describe('sandbox InFlight', () => {
	test('counts the most requests of a route at once, per route', () => {
		const flights = new InFlight();
		flights.start('getVoucher');
		flights.start('getVoucher');
		flights.start('listVouchers');
		flights.end('getVoucher');
		flights.start('getVoucher');
		flights.end('getVoucher');
		flights.end('getVoucher');
		expect([
			flights.peak('getVoucher'),
			flights.peak('listVouchers'),
			flights.peak('blob'),
		]).toEqual([2, 1, 0]);
	});

	test('resetPeaks forgets the peaks; what is still in flight counts again', () => {
		const flights = new InFlight();
		flights.start('getVoucher');
		flights.start('getVoucher');
		flights.end('getVoucher');
		flights.resetPeaks();
		expect(flights.peak('getVoucher')).toBe(1);
		flights.end('getVoucher');
		flights.resetPeaks();
		expect(flights.peak('getVoucher')).toBe(0);
	});
});
