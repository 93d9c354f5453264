import { startSandbox } from '../sandbox';
import { sandboxCredential } from '../test/engine/sandboxCredential';
import { invoiceVoucher } from '../test/fixtures/vouchers';
import { Engine, shutdownEngine } from '../test/engine/engine';
(async () => {
	const s = await startSandbox({ stampingTimeMs: 50, now: () => performance.now() });
	const engine = new Engine();
	engine.setCredential(sandboxCredential(s));
	const SER = ['A', 'B', 'F', 'NC'];
	for (const mode of ['direct', 'twoPhase']) {
		s.clearLog();
		const t = performance.now();
		await engine.runNode({ resource: 'voucher', operation: 'create', stampingMode: mode, inputMode: 'json', voucherJson: '={{ JSON.stringify($json.voucher) }}', options: { concurrency: 4 } },
			Array.from({ length: 200 }, (_, i) => ({ voucher: invoiceVoucher({ serie: SER[i % 4] }) })));
		console.log(mode, ((performance.now() - t) / 1000).toFixed(2), 'busy', s.seriesBusyCount());
		const a = s.requests.filter((r) => r.route === 'createVoucher' || r.route === 'updateVoucher').filter((r) => JSON.parse(r.body).serie === 'A');
		const gaps = a.slice(1).map((r, i) => r.at - a[i].at);
		const avg = (xs: number[]) => (xs.reduce((x, y) => x + y, 0) / xs.length).toFixed(1);
		if (mode === 'direct') console.log('A arrivals gap avg', avg(gaps));
		else console.log('POST->PUT', avg(gaps.filter((_, i) => i % 2 === 0)), 'PUT->next POST', avg(gaps.filter((_, i) => i % 2 === 1)));
	}
	shutdownEngine();
	await s.close();
})();
