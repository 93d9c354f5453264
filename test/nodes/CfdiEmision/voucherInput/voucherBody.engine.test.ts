/**
 * The form's taxes through the n8n-core engine (Voucher > Create, Fields mode, version 1.1): what the
 * SAT would refuse is refused before anything is sent, naming the item, the line and the field.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { routes } from '../../../support/sandboxCredential';
import { FORM_PARTIES, useSandboxEngine } from '../../../support/nodeTestKit';

const kit = useSandboxEngine();
const V1_1 = { typeVersion: 1.1 };

const form = (line: INodeParameters, extra: INodeParameters = {}): INodeParameters => ({
	...FORM_PARTIES,
	conceptos: {
		concepto: [
			{ descripcion: 'Keyboard', claveProdServ: '43232408', valorUnitario: 350 },
			{
				descripcion: 'Consulting',
				claveProdServ: '80111600',
				claveUnidad: 'E48',
				valorUnitario: 1000,
				...line,
			},
		],
	},
	...extra,
});

const stamps = () => routes(kit.sandbox, 'createVoucher').length;

describe('form taxes the SAT accepts (issue 27, item 7)', () => {
	test('IVA withheld above the IVA charged on its line: refused, nothing sent', async () => {
		const { error } = await kit.engine.runNode(
			form({ iva: '0.08', ivaRetencion: '0.16' }, { lugarExpedicion: '22000' }),
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 2 > IVA Withheld is 16 %, more than the IVA charged on the line (8 %): the withholding is a part of the IVA charged.',
		);
		expect(error?.description).toContain('Nothing was sent.');
		expect(stamps()).toBe(0);
	});

	test('IVA withheld on an exempt line: refused', async () => {
		const { error } = await kit.engine.runNode(
			form({ iva: 'exempt', ivaRetencion: '0.106667' }),
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 2 > IVA Withheld is 10.6667 %, but the line is exempt from IVA: IVA can only be withheld from IVA charged.',
		);
		expect(stamps()).toBe(0);
	});

	test('IVA 8 % with the place of issue in Mexico City (06600): refused with the postal code', async () => {
		const { error } = await kit.engine.runNode(
			form({ iva: '0.08' }, { lugarExpedicion: '06600' }),
			[{}],
			V1_1,
		);
		expect(error?.message).toBe(
			'Item 0: Line Items > Line Item 2 > IVA is 8 %, but the Place of Issue (lugarExpedicion) 06600 is not in the northern or southern border region: IVA 8 % is the border-region stimulus, charged only on sales made there.',
		);
		expect(error?.description).toContain('"Allow IVA 8 % Outside the Border Region"');
		expect(stamps()).toBe(0);
	});

	test('IVA 8 % in Tijuana (22000) stamps: line tax 80.00 on 1,000.00', async () => {
		const { items, error } = await kit.engine.runNode(
			form({ iva: '0.08' }, { lugarExpedicion: '22000' }),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(items[0].json.status).toBe('stamped');
		const [request] = routes(kit.sandbox, 'createVoucher');
		const body = JSON.parse(request.body) as IDataObject;
		expect((body.conceptos as IDataObject[])[1].impuestos).toEqual({
			traslados: [
				{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.08, base: 1000, importe: 80 },
			],
		});
	});

	test('IVA 8 % outside the region with "Allow IVA 8 % Outside the Border Region" on: stamps', async () => {
		const { error } = await kit.engine.runNode(
			form(
				{ iva: '0.08' },
				{ lugarExpedicion: '06600', options: { allowBorderIvaAnywhere: true } },
			),
			[{}],
			V1_1,
		);
		expect(error).toBeUndefined();
		expect(stamps()).toBe(1);
	});
});
