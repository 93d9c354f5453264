import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	EMISOR,
	fakeClock,
	PREFIX,
	SECOND_ACCOUNT,
	validVoucher,
} from '../support/sandboxHelpers';

interface Summary {
	uuid: string;
	idComprobante: number;
	fecha: string;
	estatus: string;
	subestatus: string;
	subestatusId: number;
	serie: string | null;
	folio: string | null;
	receptorRfc: string;
	receptorNombre: string;
	subtotal: number;
	total: number;
	moneda: string;
}

const MINUTE = 60_000;
const DAY_MS = 86_400_000;
const START = Date.UTC(2024, 4, 1, 16, 0, 0); // 2024-05-01T10:00:00 in Mexico City
const seconds = (ms: number) => Math.floor(ms / 1000);

function listPath(query: Record<string, string | number>): string {
	return `${PREFIX}/emisores/${EMISOR}/comprobantes?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;
}

describe('sandbox voucher list', () => {
	let sandbox: Sandbox;
	let client: ApiClient;
	let clock: ReturnType<typeof fakeClock>;
	const stamped: Array<{ id: number; uuid: string }> = [];

	async function start(options: SandboxOptions = {}): Promise<void> {
		clock = fakeClock(START);
		sandbox = await startSandbox({ now: clock.now, tokenLifetimeSeconds: 86_400, ...options });
		client = await apiClient(sandbox);
		stamped.length = 0;
		// Twelve vouchers one minute apart: 10:00 ... 10:11 Mexico City time.
		for (let i = 0; i < 12; i++) {
			stamped.push(await client.stamp(validVoucher({ folio: String(500 + i) })));
			clock.advance(MINUTE);
		}
	}
	afterEach(async () => await sandbox.close());

	async function list(query: Record<string, string | number>): Promise<unknown> {
		const res = await client.request('GET', listPath(query));
		expect(res.status).toBe(200);
		return await res.json();
	}

	describe('summary framing (the default)', () => {
		beforeEach(() => start());

		it('answers { numeroComprobantes, resumenComprobante } newest first, with the fields public integrations read', async () => {
			const answer = (await list({
				finicial: seconds(START),
				ffinal: seconds(START + 11 * MINUTE),
				nocomprobante: 0,
				tipoConfirmacionId: 0,
				skip: 0,
				take: 5,
			})) as { numeroComprobantes: number; resumenComprobante: Summary[] };
			expect(answer.numeroComprobantes).toBe(12);
			expect(answer.resumenComprobante.map((s) => s.folio)).toEqual([
				'511',
				'510',
				'509',
				'508',
				'507',
			]);
			expect(answer.resumenComprobante[4]).toEqual({
				uuid: stamped[7].uuid,
				idComprobante: stamped[7].id,
				fecha: '2024-05-01T10:07:00',
				estatus: 'Vigente',
				subestatus: 'Timbrado',
				subestatusId: 2,
				serie: 'A',
				folio: '507',
				receptorRfc: 'XAXX010101000',
				receptorNombre: 'PÚBLICO EN GENERAL & CÍA <pruebas>',
				subtotal: 1000,
				total: 1160,
				moneda: 'MXN',
			});
		});

		it('pages with skip/take without gaps or repeats, and filters by the date range in Unix seconds (inclusive)', async () => {
			const seen: string[] = [];
			for (let skip = 0; ; skip += 5) {
				const page = (
					(await list({
						finicial: seconds(START + 2 * MINUTE),
						ffinal: seconds(START + 9 * MINUTE),
						skip,
						take: 5,
					})) as { resumenComprobante: Summary[] }
				).resumenComprobante;
				if (page.length === 0) break;
				seen.push(...page.map((s) => s.uuid));
			}
			expect(seen).toEqual(
				stamped
					.slice(2, 10)
					.map((s) => s.uuid)
					.reverse(),
			);
		});

		it('finds one voucher by uuid (any case) within the range, and shows cancellation states', async () => {
			const [first, second] = stamped;
			await client.request('DELETE', `${PREFIX}/emisores/${EMISOR}/comprobantes/${first.uuid}`, {
				motivo: '02',
			});
			const range = { finicial: 0, ffinal: seconds(START + DAY_MS) };
			const one = (await list({ ...range, uuid: first.uuid.toLowerCase() })) as {
				numeroComprobantes: number;
				resumenComprobante: Summary[];
			};
			expect(one.numeroComprobantes).toBe(1);
			expect(one.resumenComprobante[0]).toMatchObject({
				uuid: first.uuid,
				estatus: 'Cancelado',
				subestatus: 'Cancelado sin aceptación',
				subestatusId: 3,
			});
			expect(
				((await list({ ...range, uuid: second.uuid })) as { resumenComprobante: Summary[] })
					.resumenComprobante[0],
			).toMatchObject({ subestatusId: 2 });
			// Outside the range the voucher is not found even by uuid.
			expect(
				(
					(await list({
						finicial: seconds(START + 5 * MINUTE),
						ffinal: seconds(START + DAY_MS),
						uuid: first.uuid,
					})) as { numeroComprobantes: number }
				).numeroComprobantes,
			).toBe(0);
		});

		it("lists a voucher under the date written into it (noCalcularFecha), and only the token issuer's stamped vouchers", async () => {
			const res = await client.create(
				validVoucher({ fecha: '2024-04-30T09:30:00', folio: 'old' }),
				'emitir=true&noCalcularFecha=true',
			);
			expect(res.status).toBe(200);
			await client.create(validVoucher({ folio: 'draft' }), 'emitir=false');
			const dayBefore = (await list({
				finicial: seconds(Date.UTC(2024, 3, 30, 6)),
				ffinal: seconds(START) - 1,
			})) as { resumenComprobante: Summary[] };
			expect(dayBefore.resumenComprobante.map((s) => [s.folio, s.fecha])).toEqual([
				['old', '2024-04-30T09:30:00'],
			]);
			const all = (await list({ finicial: 0, ffinal: seconds(START + DAY_MS), take: 100 })) as {
				numeroComprobantes: number;
				resumenComprobante: Summary[];
			};
			expect(all.numeroComprobantes).toBe(13);
			expect(all.resumenComprobante.some((s) => s.folio === 'draft')).toBe(false);
		});

		it('rejects a missing or malformed range with problem details naming the key', async () => {
			const problem = async (query: Record<string, string | number>) => {
				const res = await client.request('GET', listPath(query));
				return {
					status: res.status,
					errors: ((await res.json()) as { errors: Record<string, string[]> }).errors,
				};
			};
			expect(await problem({ ffinal: 10 })).toEqual({
				status: 400,
				errors: { finicial: ['The finicial field is required.'] },
			});
			expect(await problem({ finicial: '2024-05-01', ffinal: 10 })).toMatchObject({
				status: 400,
				errors: { finicial: [expect.stringContaining("'2024-05-01'")] },
			});
			expect(await problem({ finicial: 20, ffinal: 10 })).toMatchObject({
				status: 400,
				errors: { ffinal: [expect.any(String)] },
			});
			expect(await problem({ finicial: 0, ffinal: 10, take: 0 })).toMatchObject({
				status: 400,
				errors: { take: [expect.any(String)] },
			});
		});

		it('answers 403 for another issuer and POST on the same path still creates', async () => {
			const res = await client.request(
				'GET',
				`${PREFIX}/emisores/${SECOND_ACCOUNT.emisorId}/comprobantes?finicial=0&ffinal=1`,
			);
			expect(res.status).toBe(403);
			expect((await client.create(validVoucher())).status).toBe(200);
		});
	});

	describe('options', () => {
		it('bare-array framing', async () => {
			await start({ listFraming: 'array' });
			const answer = (await list({
				finicial: 0,
				ffinal: seconds(START + DAY_MS),
				skip: 10,
				take: 5,
			})) as Summary[];
			expect(Array.isArray(answer)).toBe(true);
			expect(answer.map((s) => s.uuid)).toEqual([stamped[1].uuid, stamped[0].uuid]);
		});

		it('listDates writes the dates in another zone; finicial/ffinal compare with them as written, or with the instant', async () => {
			await start({ listDates: { offsetHours: 6 } });
			const first = { finicial: seconds(START), ffinal: seconds(START + 11 * MINUTE) };
			type Answer = { numeroComprobantes: number; resumenComprobante: Summary[] };
			// As written: 10:00 in Mexico City is listed 16:00 (UTC's wall clock) and found there.
			expect(((await list(first)) as Answer).numeroComprobantes).toBe(0);
			const shifted = { finicial: seconds(START + 6 * 3_600_000), ffinal: seconds(START + DAY_MS) };
			const answer = (await list({ ...shifted, take: 1 })) as Answer;
			expect(answer.numeroComprobantes).toBe(12);
			expect(answer.resumenComprobante[0].fecha).toBe('2024-05-01T16:11:00');
			sandbox.setListDates({ offsetHours: -8, filterBy: 'instant' });
			const instant = (await list({ ...first, take: 1 })) as Answer;
			expect(instant.numeroComprobantes).toBe(12);
			expect(instant.resumenComprobante[0].fecha).toBe('2024-05-01T02:11:00');
			// The voucher itself keeps Mexico City's Fecha.
			expect(sandbox.vouchers.get(stamped[11].id)?.fecha).toBe('2024-05-01T10:11:00');
		});

		it('cuts a page down to maxListTake', async () => {
			await start({ maxListTake: 4 });
			const answer = (await list({ finicial: 0, ffinal: seconds(START + DAY_MS), take: 100 })) as {
				numeroComprobantes: number;
				resumenComprobante: Summary[];
			};
			expect(answer.numeroComprobantes).toBe(12);
			expect(answer.resumenComprobante).toHaveLength(4);
		});
	});
});
