/** The sandbox issuing API over real HTTP: XML, PDF and e-mail, and the response framing options. */
import { startSandbox } from '../../sandbox';
import { apiClient, EMISOR, MAIL_PREFIX, PREFIX, validVoucher } from '../support/sandboxHelpers';
import { type StampResult, useIssuingApi } from './sandboxKit';

describe('sandbox issuing API', () => {
	const kit = useIssuingApi();

	describe('XML, PDF and e-mail', () => {
		let uuid: string;
		beforeAll(async () => {
			({ uuid } = await kit.client.stamp());
		});

		it('downloads the XML by UUID, case-insensitively', async () => {
			const res = await kit.client.xml(uuid.toLowerCase());
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
			const xml = await res.text();
			expect(xml).toContain(`UUID="${uuid}"`);
			expect(xml.startsWith('<?xml')).toBe(true);
		});

		it('requires tipoContenido=xml and a known UUID', async () => {
			expect((await kit.client.xml(uuid, 'tipoContenido=pdf')).status).toBe(400);
			expect((await kit.client.xml(uuid, '')).status).toBe(400);
			expect((await kit.client.xml('00000000-0000-4000-8000-000000000000')).status).toBe(404);
		});

		it('does not serve pending vouchers as XML or PDF', async () => {
			const { idComprobante } = (await (
				await kit.client.create(validVoucher(), 'emitir=false')
			).json()) as StampResult;
			expect((await kit.client.xml(String(idComprobante))).status).toBe(404);
			expect((await kit.client.requestPdf(String(idComprobante))).status).toBe(404);
		});

		it('requests the PDF (no body) and returns a signed link', async () => {
			const early = await kit.client.pdfLink(uuid);
			expect(early.status).toBe(404);
			expect(await early.json()).toEqual({ message: 'The PDF has not been generated yet.' });

			const requested = await kit.client.requestPdf(uuid);
			expect(requested.status).toBe(200);
			expect(requested.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await requested.text()).toBe('1');
			expect(kit.sandbox.requests.at(-1)?.headers['content-length']).toBe('0');

			for (const slash of [false, true]) {
				const res = await kit.client.pdfLink(uuid, slash);
				expect(res.status).toBe(200);
				expect(res.headers.get('content-type')).toMatch(/^application\/json/);
				const link = JSON.parse(await res.text()) as string;
				const url = new URL(link);
				expect(`${url.protocol}//${url.host}`).toBe(kit.sandbox.blobUrl);
				expect(url.pathname).toBe(`/cfdi-pdfs/${EMISOR}/${uuid}.pdf`);
				expect([...url.searchParams.keys()]).toEqual(['sv', 'st', 'se', 'sr', 'sp', 'sig']);
				expect(
					Date.parse(url.searchParams.get('se') ?? '') -
						Date.parse(url.searchParams.get('st') ?? ''),
				).toBe(300_000);
			}
		});

		it('rejects a body on the PDF request', async () => {
			const res = await kit.client.request(
				'POST',
				`${PREFIX}/emisores/${EMISOR}/pdfs/${uuid}`,
				'{}',
			);
			expect(res.status).toBe(400);
		});

		it('sends the voucher by e-mail', async () => {
			const before = kit.sandbox.emails.length;
			const body = {
				para: 'cliente@example.com, otro@example.mx',
				cc: '',
				asunto: 'Su factura',
				mensaje: 'Adjunta',
				responderA: '',
				cfdi: { uuid },
			};
			const res = await kit.client.email(body);
			expect(res.status).toBe(200);
			expect(res.headers.get('content-type')).toMatch(/^application\/json/);
			expect(await res.json()).toBe(true);
			expect(kit.sandbox.emails).toHaveLength(before + 1);
			expect(kit.sandbox.emails.at(-1)).toMatchObject({ emisorId: EMISOR, body });
			expect(kit.sandbox.requests.at(-1)?.url).toBe(
				`${MAIL_PREFIX}/emisores/${EMISOR}/enviocorreo`,
			);
		});

		it('validates the e-mail request', async () => {
			const good = {
				para: 'a@b.mx',
				cc: '',
				asunto: 's',
				mensaje: 'm',
				responderA: '',
				cfdi: { uuid },
			};
			for (const [patch, field] of [
				[{ para: '' }, 'para'],
				[{ para: 'not-an-address' }, 'para'],
				[{ para: 'a@b.mx; c@d.mx' }, 'para'],
				[{ asunto: undefined }, 'asunto'],
				[{ cc: 'x' }, 'cc'],
				[{ cfdi: {} }, 'cfdi.uuid'],
			] as Array<[Record<string, unknown>, string]>) {
				const res = await kit.client.email({ ...good, ...patch });
				expect(res.status).toBe(400);
				expect(((await res.json()) as { errors: Record<string, unknown> }).errors).toHaveProperty([
					field,
				]);
			}
			const unknown = await kit.client.email({
				...good,
				cfdi: { uuid: '00000000-0000-4000-8000-000000000000' },
			});
			expect(unknown.status).toBe(404);
			const wrongType = await kit.client.request(
				'POST',
				`${MAIL_PREFIX}/emisores/${EMISOR}/enviocorreo`,
				JSON.stringify(good),
				{ 'content-type': 'text/plain' },
			);
			expect(wrongType.status).toBe(415);
		});
	});

	describe('response framing options', () => {
		it('frames the XML as a JSON string and the link raw or double-quoted', async () => {
			for (const [pdfLinkFraming, decode] of [
				['raw', (text: string) => text],
				['double-json-string', (text: string) => JSON.parse(JSON.parse(text) as string) as string],
			] as const) {
				const framed = await startSandbox({ xmlFraming: 'json-string', pdfLinkFraming });
				try {
					const c = await apiClient(framed);
					const { uuid } = await c.stamp();
					const xml = await c.xml(uuid);
					expect(xml.headers.get('content-type')).toMatch(/^application\/json/);
					expect(JSON.parse(await xml.text())).toContain(`UUID="${uuid}"`);
					await c.requestPdf(uuid);
					const link = decode(await (await c.pdfLink(uuid)).text());
					expect(link.startsWith(`${framed.blobUrl}/cfdi-pdfs/`)).toBe(true);
					const pdf = await fetch(link);
					expect(pdf.status).toBe(200);
				} finally {
					await framed.close();
				}
			}
		});
	});
});
