import {
	buildCreditNote,
	creditedInvoiceFromCfdi,
	KindInputError,
	readStampedCfdi,
	validateVoucher,
	withRelatedVouchers,
} from '../../nodes/CfdiEmision/cfdi';
import {
	changed,
	creditNote,
	creditNoteInput,
	expectOnlyError,
	INVOICE_UUID,
	IVA16,
	SECOND_UUID,
	type WrongCase,
} from './kindFixtures';

const base = creditNoteInput();

describe('credit note (type E)', () => {
	it('credits a single amount with the related invoice taxes, taxes included', () => {
		const voucher = creditNote();
		expect(voucher).toMatchObject({
			tipoDeComprobante: 'E',
			metodoPago: 'PUE',
			formaPago: '03',
			moneda: 'MXN',
			exportacion: '01',
			subTotal: 100,
			total: 116,
		});
		expect(voucher.receptor.usoCFDI).toBe('G02');
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(voucher.conceptos).toEqual([
			{
				claveProdServ: '84111506',
				cantidad: '1',
				claveUnidad: 'ACT',
				descripcion: 'Descuento o bonificacion',
				valorUnitario: 100,
				importe: 100,
				objetoImp: '02',
				impuestos: {
					traslados: [
						{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
					],
				},
			},
		]);
		expect(voucher.impuestos).toEqual({
			traslados: [
				{ base: 100, impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, importe: 16 },
			],
			totalImpuestosTrasladados: 16,
		});
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('takes an amount before taxes when asked', () => {
		const voucher = buildCreditNote({ ...base, amount: 100, amountIncludesTax: false });
		expect(voucher).toMatchObject({ subTotal: 100, total: 116 });
	});

	it('credits returned goods as lines', () => {
		const voucher = buildCreditNote({
			...base,
			tipoRelacion: '03',
			lines: [
				{
					claveProdServ: '43232408',
					cantidad: 2,
					claveUnidad: 'H87',
					descripcion: 'Keyboard returned',
					valorUnitario: 350,
				},
			],
		});
		expect(voucher).toMatchObject({ subTotal: 700, total: 812 });
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '03', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
		]);
		expect(voucher.conceptos[0]).toMatchObject({ cantidad: '2', importe: 700, objetoImp: '02' });
		expect(validateVoucher(voucher).errors).toEqual([]);
	});

	it('refuses to credit more than the invoice total, or than its balance', () => {
		expect(() => buildCreditNote({ ...base, amount: 1160.01 })).toThrow(
			/1160\.01 MXN is more than the related invoice's total \(1160\.00 MXN\)/,
		);
		expect(() => buildCreditNote({ ...base, amount: 1160 })).not.toThrow();
		const withBalance = { ...base, invoices: [{ ...base.invoices[0], saldo: 580 }] };
		expect(() => buildCreditNote({ ...withBalance, amount: 600 })).toThrow(/balance still owed/);
		try {
			buildCreditNote({ ...withBalance, amount: 600 });
		} catch (error) {
			expect(error).toBeInstanceOf(KindInputError);
			expect((error as KindInputError).field).toBe('amount');
		}
	});

	it('refuses a relation type that is not a credit note one, and a note without its invoice', () => {
		expect(() => buildCreditNote({ ...base, tipoRelacion: '04', amount: 10 })).toThrow(
			/Relation type "04"/,
		);
		try {
			buildCreditNote({ ...base, tipoRelacion: '04', amount: 10 });
		} catch (error) {
			expect((error as KindInputError).fix).toMatch(
				/"01" \(credit note\), "03" \(return of goods\) or "07"/,
			);
		}
		expect(() => buildCreditNote({ ...base, invoices: [], amount: 10 })).toThrow(
			/relate the invoice/,
		);
		expect(() => buildCreditNote({ ...base })).toThrow(/neither lines nor an amount/);
	});

	it('asks for lines when the invoice has several bases', () => {
		const mixed = {
			...base,
			invoices: [
				{
					uuid: INVOICE_UUID,
					total: 1700,
					taxes: [
						{ ...IVA16, base: 1000 },
						{ impuesto: '002', tipoFactor: 'Exento', base: 540 },
					],
				},
			],
		};
		expect(() => buildCreditNote({ ...mixed, amount: 100 })).toThrow(/different bases/);
	});

	it('reads the related invoice from its stamped XML', () => {
		const xml = `<?xml version="1.0" encoding="utf-8"?>
<cfdi:Comprobante xmlns:cfdi="http://www.sat.gob.mx/cfd/4" Version="4.0" Serie="A" Folio="7" Total="1160.00" SubTotal="1000.00" Moneda="MXN" TipoDeComprobante="I" MetodoPago="PUE">
  <cfdi:Conceptos><cfdi:Concepto Importe="1000.00"><cfdi:Impuestos><cfdi:Traslados>
    <cfdi:Traslado Base="1000.00" Impuesto="002" TipoFactor="Tasa" TasaOCuota="0.160000" Importe="160.00"/>
  </cfdi:Traslados></cfdi:Impuestos></cfdi:Concepto></cfdi:Conceptos>
  <cfdi:Complemento><tfd:TimbreFiscalDigital xmlns:tfd="http://www.sat.gob.mx/TimbreFiscalDigital" UUID="${SECOND_UUID}"/></cfdi:Complemento>
</cfdi:Comprobante>`;
		const invoice = creditedInvoiceFromCfdi(readStampedCfdi(xml));
		expect(invoice).toEqual({
			uuid: SECOND_UUID,
			total: 1160,
			moneda: 'MXN',
			taxes: [{ impuesto: '002', tipoFactor: 'Tasa', tasaOCuota: 0.16, base: 1000, importe: 160 }],
		});
		const voucher = buildCreditNote({ ...base, invoices: [invoice], amount: 232 });
		expect(voucher).toMatchObject({ subTotal: 200, total: 232 });
		expect(validateVoucher(voucher).errors).toEqual([]);
	});
});

describe('wrong credit notes are stopped, each naming its path', () => {
	const valid = creditNote();
	const cases: WrongCase[] = [
		{
			name: 'no related invoice',
			voucher: changed(valid, (v) => delete v.cfdiRelacionados),
			code: 'CREDIT_NOTE_RELATION',
			path: 'cfdiRelacionados',
		},
		{
			name: 'empty relations',
			voucher: changed(valid, (v) => (v.cfdiRelacionados = [])),
			code: 'LIST_EMPTY',
			path: 'cfdiRelacionados',
		},
		{
			name: 'relation 02 (debit note)',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].tipoRelacion = '02')),
			code: 'CREDIT_NOTE_RELATION',
			path: 'cfdiRelacionados[0].tipoRelacion',
		},
		{
			name: 'relation 09 (not a code)',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].tipoRelacion = '09')),
			code: 'CFDI40209',
			path: 'cfdiRelacionados[0].tipoRelacion',
		},
		{
			name: 'only a substitution (04)',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].tipoRelacion = '04')),
			code: 'CREDIT_NOTE_RELATION',
			path: 'cfdiRelacionados',
		},
		{
			name: 'UUID not a UUID',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].cfdiRelacionado[0].uuid = 'A-1000')),
			code: 'UUID_PATTERN',
			path: 'cfdiRelacionados[0].cfdiRelacionado[0].uuid',
		},
		{
			name: 'no UUID in the group',
			voucher: changed(valid, (v) => (v.cfdiRelacionados[0].cfdiRelacionado = [])),
			code: 'LIST_EMPTY',
			path: 'cfdiRelacionados[0].cfdiRelacionado',
		},
		{
			name: 'related item without uuid',
			voucher: changed(
				valid,
				(v) => (v.cfdiRelacionados[0].cfdiRelacionado = [{ UUID: INVOICE_UUID }]),
			),
			code: 'REQUIRED',
			path: 'cfdiRelacionados[0].cfdiRelacionado[0].uuid',
		},
		{
			name: 'same UUID twice',
			voucher: changed(valid, (v) =>
				v.cfdiRelacionados[0].cfdiRelacionado.push({ uuid: INVOICE_UUID.toLowerCase() }),
			),
			code: 'UUID_REPEATED',
			path: 'cfdiRelacionados[0].cfdiRelacionado[1].uuid',
		},
		{
			name: 'the old object shape',
			voucher: changed(
				valid,
				(v) => (v.cfdiRelacionados = { tipoRelacion: '01', uuids: [INVOICE_UUID] }),
			),
			code: 'ARRAY_EXPECTED',
			path: 'cfdiRelacionados',
		},
		{
			name: 'paid later (PPD)',
			voucher: changed(valid, (v) => Object.assign(v, { metodoPago: 'PPD', formaPago: '99' })),
			code: 'CREDIT_NOTE_PUE',
			path: 'metodoPago',
		},
		{
			name: 'no formaPago',
			voucher: changed(valid, (v) => delete v.formaPago),
			code: 'REQUIRED',
			path: 'formaPago',
		},
		{
			name: 'usoCFDI CP01',
			voucher: changed(valid, (v) => (v.receptor.usoCFDI = 'CP01')),
			code: 'CFDI40161',
			path: 'receptor.usoCFDI',
		},
		{
			name: 'total not adding up',
			voucher: changed(valid, (v) => (v.total = 120)),
			code: 'CFDI40119',
			path: 'total',
		},
		{
			name: 'concept at 0',
			voucher: changed(valid, (v) => {
				Object.assign(v.conceptos[0], { valorUnitario: 0, importe: 0, objetoImp: '01' });
				delete v.conceptos[0].impuestos;
				delete v.impuestos;
				Object.assign(v, { subTotal: 0, total: 0 });
			}),
			code: 'CFDI40166',
			path: 'conceptos[0].valorUnitario',
		},
	];
	it('has at least 10 cases', () => expect(cases.length).toBeGreaterThanOrEqual(10));
	it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) =>
		expectOnlyError(c.voucher, c.code, c.path),
	);

	it('relates vouchers on any kind with withRelatedVouchers', () => {
		const voucher = withRelatedVouchers(valid, [
			{ tipoRelacion: '04', uuids: `${SECOND_UUID}, ${SECOND_UUID.toLowerCase()}` },
			{ tipoRelacion: '01', uuids: [SECOND_UUID] },
		]);
		expect(voucher.cfdiRelacionados).toEqual([
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: INVOICE_UUID }] },
			{ tipoRelacion: '04', cfdiRelacionado: [{ uuid: SECOND_UUID }] },
			{ tipoRelacion: '01', cfdiRelacionado: [{ uuid: SECOND_UUID }] },
		]);
		expect(validateVoucher(voucher).errors).toEqual([]);
	});
});
