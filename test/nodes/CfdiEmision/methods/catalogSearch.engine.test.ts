/**
 * The SAT catalog pickers through n8n-core's engine: code lists found in Spanish and in English,
 * product and unit codes searched in the embedded catalogs, and picked in the Fields mode's lines.
 * Everyday words for the product codes: test/nodes/CfdiEmision/cfdi/catalogs/searchWords.engine.test.ts.
 */
import { useSandboxEngine, createParams, FORM_PARTIES } from '../../../support/nodeTestKit';
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { NODE_TYPE } from '../../../support/engine/nodeTypes';
import { invoiceVoucher } from '../../../support/vouchers';

const kit = useSandboxEngine();

/** The editor's option search (element-plus select): a case-insensitive substring test on the option's name only. */
function editorFilter(options: INodePropertyOptions[], query: string): INodePropertyOptions[] {
	const pattern = new RegExp(
		query.replace(/[|\\{}()[\]^$+*?.]/g, '\\$&').replace(/-/g, '\\x2d'),
		'i',
	);
	return options.filter((option) => pattern.test(option.name));
}

/** Every options parameter of the node description, at any depth, by name. */
function optionLists(
	properties: INodeProperties[],
	found = new Map<string, INodePropertyOptions[]>(),
): Map<string, INodePropertyOptions[]> {
	for (const property of properties) {
		if (property.type === 'options' && Array.isArray(property.options))
			found.set(property.name, property.options as INodePropertyOptions[]);
		for (const option of (property.options ?? []) as Array<
			INodeProperties | INodePropertyCollection | INodePropertyOptions
		>) {
			if ('values' in option && Array.isArray(option.values)) optionLists(option.values, found);
			else if ('type' in option && 'displayName' in option)
				optionLists([option as INodeProperties], found);
		}
	}
	return found;
}

describe('SAT code lists in the editor are found in Spanish and in English', () => {
	const cases: Array<[parameter: string, spanish: string, english: string, code: string]> = [
		['receptorUsoCfdi', 'gastos', 'expenses', 'G03'],
		['receptorRegimenFiscal', 'simplificado de confianza', 'simplified trust', '626'],
		['emisorRegimenFiscal', 'personas morales', 'legal entities', '601'],
		['formaPago', 'efectivo', 'cash', '01'],
		['formaPago', 'transferencia', 'funds transfer', '03'],
		['metodoPago', 'parcialidades', 'installments', 'PPD'],
		['moneda', 'peso mexicano', 'mexican peso', 'MXN'],
		['exportacion', 'no aplica', 'not applicable', '01'],
		['tipoDeComprobante', 'ingreso', 'income', 'I'],
		['motive', 'no se llevó a cabo', 'did not take place', '03'],
		['creditRelationType', 'devolución', 'return of goods', '03'],
		['globalPeriodicity', 'mensual', 'monthly', '04'],
		['globalMonth', 'enero', 'january', '01'],
	];

	it.each(cases)('%s: "%s" and "%s" find %s', (parameter, spanish, english, code) => {
		const lists = optionLists(
			kit.engine.nodeTypes.getByNameAndVersion(NODE_TYPE, 1.1).description.properties,
		);
		const options = lists.get(parameter);
		expect(options).toBeDefined();
		expect(editorFilter(options!, spanish).map((option) => option.value)).toContain(code);
		expect(editorFilter(options!, english).map((option) => option.value)).toContain(code);
	});
});

describe('product and unit code pickers search the embedded SAT catalogs', () => {
	it('finds product codes by Spanish words, without accents, a page at a time', async () => {
		const page = await kit.engine.listSearch('searchProductCodes', {}, 'facturacion');
		expect(page.results).toContainEqual({
			name: '84111506 - Servicios de facturación',
			value: '84111506',
		});
		const all = await kit.engine.listSearch('searchProductCodes', {});
		expect(all.results).toHaveLength(100);
		expect(all.paginationToken).toBe('100');
		const next = await kit.engine.listSearch(
			'searchProductCodes',
			{},
			undefined,
			String(all.paginationToken),
		);
		expect(next.results[0].value).not.toBe(all.results[0].value);
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	it("a search typed while the list was paging (the unfiltered list's next-page token) still finds the code", async () => {
		const typed = await kit.engine.listSearch('searchProductCodes', {}, '81112101', '100');
		expect(typed.results.map((result) => result.value)).toEqual(['81112101']);
		expect(typed.paginationToken).toBeUndefined();
	});

	it('finds unit codes in Spanish and, for the common ones, in English', async () => {
		const spanish = await kit.engine.listSearch('searchUnitCodes', {}, 'pieza');
		expect(spanish.results[0]).toEqual({ name: 'H87 - Pieza (Piece)', value: 'H87' });
		const english = await kit.engine.listSearch('searchUnitCodes', {}, 'service unit');
		expect(english.results.map((result) => result.value)).toContain('E48');
	});

	it('a product or unit code outside its catalog is refused before any request', async () => {
		const voucher = invoiceVoucher();
		const conceptos = voucher.conceptos as Array<Record<string, unknown>>;
		conceptos[0].claveProdServ = '12345678';
		conceptos[0].claveUnidad = 'QQQ';
		const { error } = await kit.engine.runNode(createParams(voucher), [{}]);
		expect(error?.message).toContain(
			'conceptos[0].claveProdServ "12345678" is not in the SAT catalog c_ClaveProdServ.',
		);
		expect(kit.sandbox.requests).toHaveLength(0);
		const validated = await kit.engine.runNode(
			{
				resource: 'voucher',
				operation: 'validate',
				inputMode: 'json',
				voucherJson: JSON.stringify(voucher),
			},
			[{}],
		);
		expect(
			(validated.items[0].json.errors as Array<{ code: string }>).map((finding) => finding.code),
		).toEqual(['CLAVE_PROD_SERV_UNKNOWN', 'CLAVE_UNIDAD_UNKNOWN']);
	});
});

describe('Fields mode (version 1.1): the line items pick product and unit codes from the catalogs', () => {
	const form = (line: Record<string, unknown>) => ({
		...FORM_PARTIES,
		conceptos: { concepto: [{ descripcion: 'Invoicing service', valorUnitario: 100, ...line }] },
	});
	const sentConcept = () =>
		(
			JSON.parse(kit.sandbox.requests.find((r) => r.route === 'createVoucher')!.body) as {
				conceptos: Array<Record<string, unknown>>;
			}
		).conceptos[0];

	it('a code picked from the list, one typed and one from an expression are sent as codes', async () => {
		const picked = await kit.engine.runNode(
			form({
				claveProdServ: {
					__rl: true,
					mode: 'list',
					value: '84111506',
					cachedResultName: '84111506 - Servicios de facturación',
				},
				claveUnidad: { __rl: true, mode: 'code', value: 'E48' },
			}),
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(picked.error).toBeUndefined();
		expect(sentConcept()).toMatchObject({ claveProdServ: '84111506', claveUnidad: 'E48' });

		kit.sandbox.clearLog();
		const mapped = await kit.engine.runNode(
			form({ claveProdServ: { __rl: true, mode: 'code', value: '={{ $json.productCode }}' } }),
			[{ productCode: '43211503' }],
			{ typeVersion: 1.1 },
		);
		expect(mapped.error).toBeUndefined();
		// The unit code left alone is the picker's default, H87 (piece).
		expect(sentConcept()).toMatchObject({ claveProdServ: '43211503', claveUnidad: 'H87' });
	});

	it('a picked code outside the catalog is refused before any request', async () => {
		const { error } = await kit.engine.runNode(
			form({ claveProdServ: { __rl: true, mode: 'code', value: '12345678' } }),
			[{}],
			{ typeVersion: 1.1 },
		);
		expect(error?.message).toContain(
			'line 1\'s Product or Service Code "12345678" is not in the SAT catalog c_ClaveProdServ.',
		);
		expect(kit.sandbox.requests).toHaveLength(0);
	});

	it('the pickers search the catalogs by name', () => {
		const description = kit.engine.nodeTypes.getByNameAndVersion(NODE_TYPE, 1.1).description
			.properties;
		const lineItems = description
			.filter((property) => property.name === 'conceptos')
			.map((property) => (property.options as INodePropertyCollection[])[0].values);
		const [version1, version11] = lineItems;
		expect(version1.find((field) => field.name === 'claveProdServ')?.type).toBe('string');
		const product = version11.find((field) => field.name === 'claveProdServ')!;
		const unit = version11.find((field) => field.name === 'claveUnidad')!;
		expect(product.type).toBe('resourceLocator');
		expect(product.modes?.map((mode) => [mode.name, mode.typeOptions?.searchListMethod])).toEqual([
			['list', 'searchProductCodes'],
			['code', undefined],
		]);
		// No preset unit (issue 32 item 6c): an empty one fits the product code when the voucher is built.
		expect(unit.default).toEqual({ __rl: true, mode: 'list', value: '' });
	});
});
