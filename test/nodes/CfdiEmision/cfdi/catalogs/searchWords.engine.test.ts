/**
 * The search words of the SAT catalogs (cfdi/catalogs/searchWords.ts: everyday words for the SAT's
 * descriptions), as the product code picker uses them through n8n-core's engine: what a user types
 * finds the code they mean.
 */
import { useSandboxEngine } from '../../../../support/nodeTestKit';

const kit = useSandboxEngine();

/** What the product code picker lists for a search typed in the editor. */
async function picker(query: string): Promise<string[]> {
	const page = await kit.engine.listSearch('searchProductCodes', {}, query);
	return page.results.map((result) => String(result.name));
}

describe('the product code picker finds codes by everyday words', () => {
	it('"consultoria sistemas" lists IT consulting first', async () => {
		expect((await picker('consultoria sistemas'))[0]).toBe(
			'80101507 - Servicios de asesoramiento sobre tecnologías de la información',
		);
	});

	it('"renta oficina" lists the leasing of commercial premises', async () => {
		expect(await picker('renta oficina')).toContain(
			'80131502 - Arrendamiento de instalaciones comerciales o industriales',
		);
	});

	it('"envio" lists the courier services', async () => {
		expect(await picker('envio')).toEqual(
			expect.arrayContaining([
				'78102203 - Servicios de envío, recogida o entrega de correo',
				'78102205 - Servicios de entrega local de cartas o paquetes pequeños',
			]),
		);
		expect(kit.sandbox.requests).toHaveLength(0);
	});
});
