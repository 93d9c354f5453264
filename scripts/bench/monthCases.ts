/** A month's end: Create Global Invoice of a month's sales, and credit notes against its tickets. */
import type { Sandbox } from '../../sandbox';
import { argList, mb, runWorker } from './common';

/**
 * The month-end global invoice: Create Global Invoice of N sales in one execution, in a process whose
 * heap is capped at 1 GB as an n8n instance might be; time in the node, CPU, peak heap and RSS.
 */
export async function globalInvoiceCase(sandbox: Sandbox): Promise<void> {
	const globalSizes = argList('global-sizes', [1000, 5000, 20000, 50000]);
	console.log(
		'Create Global Invoice of a month (tax-included sales at 16 %, Sales Per Global Invoice at its default), one execution, heap capped at 1 GB (--max-old-space-size=1024):\n',
	);
	console.log(
		'| sales | global invoices | list requests | XML downloads | time in the node | CPU | ms per sale | peak heap | peak RSS |',
	);
	console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const [position, n] of globalSizes.entries()) {
		const month = String((position % 12) + 1).padStart(2, '0');
		// Earlier rows' global invoices stay in the sandbox: this run reads the list and their XML.
		sandbox.clearLog();
		const result = await runWorker(sandbox, { mode: 'engine-global', n, concurrency: 1, month }, [
			'--max-old-space-size=1024',
		]).catch((error: Error) => ({ failed: error.message.split('\n').slice(-3).join(' ') }));
		if ('failed' in result) {
			console.log(`| ${n} | the run died: ${result.failed} | | | | | | | |`);
			continue;
		}
		if (result.items !== n) throw new Error(`global run incomplete: ${result.items} of ${n} sales`);
		const routes = sandbox.requests.map((request) => request.route);
		const count = (route: string) => routes.filter((each) => each === route).length;
		console.log(
			`| ${n} | ${result.parts} | ${count('listVouchers')} | ${count('downloadXml')} | ${(result.ms / 1000).toFixed(1)} s | ${(result.cpuMs / 1000).toFixed(1)} s | ${(result.ms / n).toFixed(2)} | ${mb(result.peakHeapKb ?? 0)} | ${mb(result.maxRssKb)} |`,
		);
	}
	console.log('');
}

/**
 * The sale's ledger before a credit note of a global invoice's ticket: the period holds G global
 * invoices of 2,000 sales each (to the general public, as the credit notes are); one run credits K
 * tickets of the first. Requests the run sent by route, time, CPU and peak heap.
 */
export async function ledgerCase(sandbox: Sandbox): Promise<void> {
	const globalCounts = argList('ledger-globals', [1, 3]);
	const creditCounts = argList('ledger-credits', [1, 10]);
	console.log(
		'Credit notes against tickets of a 2,000-sale global invoice (Create Credit Note, Ticket in the Global Invoice), with G global invoices of 2,000 sales in the period; one run of K notes:\n',
	);
	console.log(
		'| G globals | K notes | stamped | list requests | XML downloads | other requests | time in the node | CPU | peak heap |',
	);
	console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
	for (const [position, globals] of globalCounts.entries()) {
		const month = String((position % 12) + 1).padStart(2, '0');
		await runWorker(sandbox, { mode: 'engine-global', n: globals * 2000, concurrency: 1, month });
		const holder = [...sandbox.vouchers.values()].find(
			(voucher) =>
				voucher.state === 'stamped' &&
				(voucher.body as { informacionGlobal?: { meses?: string } }).informacionGlobal?.meses ===
					month &&
				JSON.stringify(voucher.body).includes('"S-1"'),
		);
		if (!holder?.uuid) throw new Error(`no global invoice of month ${month}`);
		for (const credits of creditCounts) {
			const tickets = Array.from({ length: credits }, (_, i) => `S-${i + 1 + credits * 100}`);
			const result = await runWorker(sandbox, {
				mode: 'engine-ledger',
				n: credits,
				concurrency: 1,
				globalUuid: holder.uuid,
				tickets,
			});
			const count = (route: string) =>
				sandbox.requests.filter((request) => request.route === route).length;
			const api = sandbox.requests.filter((request) => request.server === 'api').length;
			const list = count('listVouchers');
			const xml = count('downloadXml');
			console.log(
				`| ${globals} | ${credits} | ${result.items} | ${list} | ${xml} | ${api - list - xml} | ${(result.ms / 1000).toFixed(1)} s | ${(result.cpuMs / 1000).toFixed(1)} s | ${mb(result.peakHeapKb ?? 0)} |`,
			);
		}
	}
	console.log('');
}
