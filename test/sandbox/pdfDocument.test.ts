/**
 * Also covers: sandbox/blobStorage.ts (the signed PDF links the files are served through).
 */
import { startSandbox, type Sandbox } from '../../sandbox';
import {
	ApiClient,
	apiClient,
	EMISOR,
	fakeClock,
	findElement,
	parseXml,
	validVoucher,
} from '../support/sandboxHelpers';

/** Checks the PDF structure byte by byte: header, trailer, xref offsets and stream length. */
function checkPdf(bytes: Buffer): string {
	const text = bytes.toString('latin1');
	expect(text.startsWith('%PDF-1.4\n')).toBe(true);
	expect(text.endsWith('%%EOF')).toBe(true);
	const startxref = Number(/startxref\n(\d+)\n%%EOF$/.exec(text)?.[1]);
	expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
	const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
	const count = Number(header?.[1]);
	expect(count).toBe(7);
	const table = text.slice(startxref + (header?.[0].length ?? 0));
	expect(table.slice(0, 20)).toBe('0000000000 65535 f \n');
	for (let i = 1; i < count; i++) {
		const entry = table.slice(i * 20, i * 20 + 20);
		expect(entry).toMatch(/^\d{10} 00000 n \n$/);
		const offset = Number(entry.slice(0, 10));
		expect(text.slice(offset, offset + `${i} 0 obj`.length)).toBe(`${i} 0 obj`);
	}
	expect(text).toMatch(/trailer\n<< \/Size 7 \/Root 1 0 R/);
	const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(text);
	expect(Number(stream?.[1])).toBe(Buffer.byteLength(stream?.[2] ?? '', 'latin1'));
	return stream?.[2] ?? '';
}

describe('sandbox files: XML, PDF and blob links', () => {
	let sandbox: Sandbox;
	let client: ApiClient;
	const clock = fakeClock();

	beforeAll(async () => {
		sandbox = await startSandbox({
			now: clock.now,
			pdfLinkLifetimeSeconds: 120,
			pdfReadyAfterMs: 5000,
		});
		client = await apiClient(sandbox);
	});
	afterAll(async () => {
		await sandbox.close();
	});

	it('produces a well-formed CFDI 4.0 document with the timbre', async () => {
		const { uuid } = await client.stamp();
		const xml = await (await client.xml(uuid)).text();
		const root = parseXml(xml);
		expect(root.name).toBe('cfdi:Comprobante');
		expect(root.attrs).toMatchObject({
			'xmlns:cfdi': 'http://www.sat.gob.mx/cfd/4',
			Version: '4.0',
			Serie: 'A',
			Folio: '101',
			SubTotal: '1000.00',
			Moneda: 'MXN',
			Total: '1160.00',
			TipoDeComprobante: 'I',
			Exportacion: '01',
			MetodoPago: 'PUE',
			FormaPago: '01',
			LugarExpedicion: '42501',
			NoCertificado: expect.stringMatching(/^\d{20}$/),
		});
		expect(root.attrs.Fecha).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
		expect(Buffer.from(root.attrs.Sello, 'base64')).toHaveLength(256);
		expect(root.attrs.Certificado.length).toBeGreaterThan(100);
		expect(findElement(root, 'cfdi:Emisor')?.attrs).toEqual({
			Rfc: 'EKU9003173C9',
			Nombre: 'ESCUELA KEMPER URGATE',
			RegimenFiscal: '601',
		});
		// Escaped on the wire, intact after parsing.
		expect(xml).toContain('Nombre="PÚBLICO EN GENERAL &amp; CÍA &lt;pruebas&gt;"');
		expect(findElement(root, 'cfdi:Receptor')?.attrs.Nombre).toBe(
			'PÚBLICO EN GENERAL & CÍA <pruebas>',
		);
		const concepto = findElement(root, 'cfdi:Concepto');
		expect(concepto?.attrs).toMatchObject({
			Cantidad: '2',
			ValorUnitario: '500.00',
			Importe: '1000.00',
			Descripcion: 'Servicio "premium"',
		});
		expect(findElement(concepto as never, 'cfdi:Traslado')?.attrs).toEqual({
			Base: '1000.00',
			Impuesto: '002',
			TipoFactor: 'Tasa',
			TasaOCuota: '0.160000',
			Importe: '160.00',
		});
		expect(root.children.map((c) => c.name)).toEqual([
			'cfdi:Emisor',
			'cfdi:Receptor',
			'cfdi:Conceptos',
			'cfdi:Impuestos',
			'cfdi:Complemento',
		]);
		expect(root.children[3].attrs).toEqual({ TotalImpuestosTrasladados: '160.00' });
		const tfd = findElement(root, 'tfd:TimbreFiscalDigital');
		expect(tfd?.attrs).toMatchObject({
			'xmlns:tfd': 'http://www.sat.gob.mx/TimbreFiscalDigital',
			Version: '1.1',
			UUID: uuid,
			SelloCFD: root.attrs.Sello,
			RfcProvCertif: expect.any(String),
			NoCertificadoSAT: expect.stringMatching(/^\d{20}$/),
			SelloSAT: expect.any(String),
		});
		expect(tfd?.attrs.FechaTimbrado).toBe(root.attrs.Fecha);
		// The same document every time.
		expect(await (await client.xml(uuid)).text()).toBe(xml);
	});

	it('uses the body fecha only with noCalcularFecha=true', async () => {
		const res = await client.create(
			validVoucher({ fecha: '2024-04-30T09:15:00' }),
			'emitir=true&noCalcularFecha=true',
		);
		const { uuid } = (await res.json()) as { uuid: string };
		const root = parseXml(await (await client.xml(uuid)).text());
		expect(root.attrs.Fecha).toBe('2024-04-30T09:15:00');
		// The fake clock is 2024-05-01T16:00:00Z, 10:00 in Mexico City.
		expect(findElement(root, 'tfd:TimbreFiscalDigital')?.attrs.FechaTimbrado).toBe(
			'2024-05-01T10:00:00',
		);
	});

	it('serves a valid one-page PDF through a signed link once generated', async () => {
		const { uuid } = await client.stamp();
		expect((await client.requestPdf(uuid)).status).toBe(200);
		const notYet = await client.pdfLink(uuid);
		expect(notYet.status).toBe(404);
		expect(await notYet.json()).toEqual({ message: 'The PDF has not been generated yet.' });

		clock.advance(5000);
		const link = JSON.parse(await (await client.pdfLink(uuid)).text()) as string;
		const res = await fetch(link);
		expect(res.status).toBe(200);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		const bytes = Buffer.from(await res.arrayBuffer());
		const content = checkPdf(bytes);
		for (const expected of [uuid, 'A-101', 'EKU9003173C9', 'XAXX010101000', '1160.00'])
			expect(content).toContain(expected);
		expect(content).toContain('P\xdaBLICO EN GENERAL & C\xcdA <pruebas>');

		const again = Buffer.from(
			await (
				await fetch(JSON.parse(await (await client.pdfLink(uuid)).text()) as string)
			).arrayBuffer(),
		);
		expect(again.equals(bytes)).toBe(true);
		expect(
			sandbox.requests
				.filter((r) => r.server === 'blob')
				.every((r) => r.headers.authorization === undefined),
		).toBe(true);
	});

	describe('link validity', () => {
		let link: URL;
		beforeAll(async () => {
			const { uuid } = await client.stamp();
			await client.requestPdf(uuid);
			clock.advance(5000);
			link = new URL(JSON.parse(await (await client.pdfLink(uuid)).text()) as string);
		});

		const expectAuthFailure = async (res: Response, detail: RegExp): Promise<void> => {
			expect(res.status).toBe(403);
			expect(res.headers.get('content-type')).toBe('application/xml');
			const body = await res.text();
			expect(
				body.startsWith(
					'<?xml version="1.0" encoding="utf-8"?><Error><Code>AuthenticationFailed</Code><Message>',
				),
			).toBe(true);
			expect(body).toMatch(detail);
		};

		it('rejects a tampered signature or a stretched expiry', async () => {
			const badSig = new URL(link);
			badSig.searchParams.set('sig', Buffer.alloc(32).toString('base64'));
			await expectAuthFailure(await fetch(badSig), /Signature did not match/);
			const stretched = new URL(link);
			stretched.searchParams.set('se', '2099-01-01T00:00:00Z');
			await expectAuthFailure(await fetch(stretched), /Signature did not match/);
			const otherBlob = new URL(link);
			otherBlob.pathname = `/cfdi-pdfs/${EMISOR}/00000000-0000-4000-8000-000000000000.pdf`;
			await expectAuthFailure(await fetch(otherBlob), /Signature did not match/);
		});

		it('needs a signature and never accepts a bearer token', async () => {
			const unsigned = await fetch(`${link.origin}${link.pathname}`);
			expect(unsigned.status).toBe(404);
			expect(await unsigned.text()).toContain('<Code>ResourceNotFound</Code>');
			await expectAuthFailure(
				await fetch(link, { headers: { authorization: `Bearer ${client.token}` } }),
				/Authentication scheme Bearer is not supported/,
			);
		});

		it('expires at se', async () => {
			expect((await fetch(link)).status).toBe(200);
			clock.advance(120_000);
			expect((await fetch(link)).status).toBe(200);
			clock.advance(1000);
			await expectAuthFailure(await fetch(link), /Signature not valid in the specified time frame/);
		});
	});
});
