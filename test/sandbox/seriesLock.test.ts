import { startSandbox, type Sandbox } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	EMISOR,
	PREFIX,
	validVoucher,
	waitFor,
} from '../support/sandboxHelpers';

describe('series lock: a stamp takes its series for the stamping time', () => {
	let sandbox: Sandbox;
	let client: ApiClient;
	beforeEach(async () => {
		sandbox = await startSandbox({ stampingTimeMs: 1000 });
		client = await apiClient(sandbox);
	});
	afterEach(async () => await sandbox.close());

	const stampBody = async (res: Response) =>
		(await res.json()) as {
			esValido: boolean;
			errores: Array<{ codigo: string }> | null;
			uuid: string | null;
		};

	test('a second stamp on the same series meanwhile gets FAC119 and stores nothing; another series is not affected', async () => {
		const first = client.create(validVoucher({ serie: 'A', folio: '1' }));
		// Sent once the first one holds series A (it answers only after 1 s).
		await waitFor(() => sandbox.grantedStamps.length === 1);
		const [second, other] = await Promise.all([
			client.create(validVoucher({ serie: 'A', folio: '2' })),
			client.create(validVoucher({ serie: 'B', folio: '3' })),
		]);
		expect(await stampBody(second)).toMatchObject({
			esValido: false,
			uuid: null,
			errores: [{ codigo: 'FAC119' }],
		});
		expect(await stampBody(other)).toMatchObject({ esValido: true });
		expect(await stampBody(await first)).toMatchObject({ esValido: true });
		expect(sandbox.stampCount()).toBe(2);
		expect(sandbox.vouchers.size).toBe(2);
		expect(sandbox.seriesBusyCount()).toBe(1);
		expect(sandbox.grantedStamps.map((stamp) => stamp.serie)).toEqual(['A', 'B']);
	});

	test('the lock also guards stamping a pending voucher (PUT emitir=true), which then stays pending', async () => {
		const saved = (await (
			await client.create(validVoucher({ serie: 'A' }), 'emitir=false')
		).json()) as { idComprobante: number };
		const holder = client.create(validVoucher({ serie: 'A', folio: '9' }));
		await waitFor(() => sandbox.grantedStamps.length === 1);
		const put = await client.request(
			'PUT',
			`${PREFIX}/emisores/${EMISOR}/comprobantes/${saved.idComprobante}?emitir=true`,
			{ ...validVoucher({ serie: 'A' }), id: saved.idComprobante },
		);
		expect(await stampBody(put)).toMatchObject({
			esValido: false,
			errores: [{ codigo: 'FAC119' }],
		});
		expect(sandbox.vouchers.get(saved.idComprobante)?.state).toBe('pending');
		await holder;
	});

	test('once the stamp has answered, the series is free again; a stamping time of 0 never locks', async () => {
		sandbox.setStampingTime(100);
		expect(await stampBody(await client.create(validVoucher({ serie: 'A' })))).toMatchObject({
			esValido: true,
		});
		expect(await stampBody(await client.create(validVoucher({ serie: 'A' })))).toMatchObject({
			esValido: true,
		});
		sandbox.setStampingTime(0);
		const burst = await Promise.all(
			[1, 2, 3].map(() => client.create(validVoucher({ serie: 'A' }))),
		);
		for (const res of burst) expect(await stampBody(res)).toMatchObject({ esValido: true });
		expect(sandbox.seriesBusyCount()).toBe(0);
	});
});
