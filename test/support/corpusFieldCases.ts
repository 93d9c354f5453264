/** Invalid corpus cases of the voucher's fields, formats, codes, parties and type (one error each). */
import {
	type CorpusCase,
	foreignRecipient,
	generalPublic,
	noTaxVariant,
	paymentVariant,
	variant,
} from './corpusBase';

export const FIELD_CASES: CorpusCase[] = [
	{
		name: 'receptor.usoCFDI removed',
		voucher: variant((v) => delete v.receptor.usoCFDI),
		expect: { code: 'REQUIRED', path: 'receptor.usoCFDI' },
		rule: 'requiredFields',
	},
	{
		name: 'emisor.nombre empty',
		voucher: variant((v) => (v.emisor.nombre = '  ')),
		expect: { code: 'REQUIRED', path: 'emisor.nombre' },
		rule: 'requiredFields',
	},
	{
		name: 'invoice without metodoPago',
		voucher: variant((v) => delete v.metodoPago),
		expect: { code: 'REQUIRED', path: 'metodoPago' },
		rule: 'voucherType',
	},
	{
		name: 'conceptos[1].importe removed',
		voucher: variant((v) => delete v.conceptos[1].importe),
		expect: { code: 'REQUIRED', path: 'conceptos[1].importe' },
		rule: 'requiredFields',
	},
	{
		name: 'impuestos sent as text',
		voucher: variant((v) => (v.impuestos = 'IVA 16%')),
		expect: { code: 'OBJECT_EXPECTED', path: 'impuestos' },
		rule: 'requiredFields',
	},
	{
		name: 'conceptos[1].impuestos sent as text (no taxes otherwise)',
		voucher: noTaxVariant((v) => (v.conceptos[1].impuestos = 'IVA 16%')),
		expect: { code: 'OBJECT_EXPECTED', path: 'conceptos[1].impuestos' },
		rule: 'requiredFields',
	},
	{
		name: 'conceptos empty',
		voucher: variant((v) => (v.conceptos = [])),
		expect: { code: 'CONCEPTOS_EMPTY', path: 'conceptos' },
		rule: 'requiredFields',
	},
	{
		name: 'valorUnitario sent as a string',
		voucher: variant((v) => (v.conceptos[0].valorUnitario = '500')),
		expect: { code: 'NUMBER_EXPECTED', path: 'conceptos[0].valorUnitario' },
		rule: 'requiredFields',
	},
	{
		name: 'regimenFiscal sent as a number',
		voucher: variant((v) => (v.emisor.regimenFiscal = 601)),
		expect: { code: 'STRING_EXPECTED', path: 'emisor.regimenFiscal' },
		rule: 'requiredFields',
	},
	{
		name: 'cantidad is not a number',
		voucher: variant((v) => (v.conceptos[0].cantidad = 'two')),
		expect: { code: 'DECIMAL_INVALID', path: 'conceptos[0].cantidad' },
		rule: 'requiredFields',
	},
	{
		name: 'cantidad is negative',
		voucher: variant((v) => (v.conceptos[0].cantidad = '-2')),
		expect: { code: 'CANTIDAD_NOT_POSITIVE', path: 'conceptos[0].cantidad' },
		rule: 'formats',
	},
	{
		name: 'version 3.3',
		voucher: variant((v) => (v.version = '3.3')),
		expect: { code: 'VERSION', path: 'version' },
		rule: 'formats',
	},
	{
		name: 'fecha on February 30',
		voucher: variant((v) => (v.fecha = '2024-02-30T10:00:00')),
		expect: { code: 'CFDI40101', path: 'fecha' },
		rule: 'formats',
	},
	{
		name: 'fecha with a space instead of T',
		voucher: variant((v) => (v.fecha = '2024-05-10 10:30:00')),
		expect: { code: 'CFDI40101', path: 'fecha' },
		rule: 'formats',
	},
	{
		name: 'formaPago 07 (not in the catalog)',
		voucher: variant((v) => (v.formaPago = '07')),
		expect: { code: 'CFDI40104', path: 'formaPago' },
		rule: 'codes',
	},
	{
		name: 'metodoPago PPE',
		voucher: variant((v) => (v.metodoPago = 'PPE')),
		expect: { code: 'CFDI40124', path: 'metodoPago' },
		rule: 'codes',
	},
	{
		name: 'moneda MXP',
		voucher: variant((v) => (v.moneda = 'MXP')),
		expect: { code: 'CFDI40113', path: 'moneda' },
		rule: 'codes',
	},
	{
		name: 'tipoDeComprobante X',
		voucher: variant((v) => (v.tipoDeComprobante = 'X')),
		expect: { code: 'CFDI40121', path: 'tipoDeComprobante' },
		rule: 'codes',
	},
	{
		name: 'exportacion 05',
		voucher: variant((v) => (v.exportacion = '05')),
		expect: { code: 'CFDI40123', path: 'exportacion' },
		rule: 'codes',
	},
	{
		name: 'emisor.regimenFiscal 999',
		voucher: variant((v) => (v.emisor.regimenFiscal = '999')),
		expect: { code: 'CFDI40140', path: 'emisor.regimenFiscal' },
		rule: 'codes',
	},
	{
		name: 'receptor.usoCFDI G04',
		voucher: variant((v) => (v.receptor.usoCFDI = 'G04')),
		expect: { code: 'CFDI40160', path: 'receptor.usoCFDI' },
		rule: 'codes',
	},
	{
		name: 'objetoImp 09',
		voucher: variant((v) => (v.conceptos[0].objetoImp = '09')),
		expect: { code: 'CFDI40170', path: 'conceptos[0].objetoImp' },
		rule: 'codes',
	},
	{
		name: 'emisor.rfc too short',
		voucher: variant((v) => (v.emisor.rfc = 'EKU900317C9')),
		expect: { code: 'RFC_PATTERN', path: 'emisor.rfc' },
		rule: 'issuer',
	},
	{
		name: 'receptor.rfc in lower case',
		voucher: variant((v) => (v.receptor.rfc = 'ure180429tm6')),
		expect: { code: 'RFC_PATTERN', path: 'receptor.rfc' },
		rule: 'recipientRules',
	},
	{
		name: 'issuer uses the generic RFC',
		voucher: variant((v) => (v.emisor.rfc = 'XAXX010101000')),
		expect: { code: 'RFC_GENERIC_ISSUER', path: 'emisor.rfc' },
		rule: 'issuer',
	},
	{
		name: 'legal-entity issuer with regime 612',
		voucher: variant((v) => (v.emisor.regimenFiscal = '612')),
		expect: { code: 'CFDI40141', path: 'emisor.regimenFiscal' },
		rule: 'issuer',
	},
	{
		name: 'legal-entity recipient with regime 605',
		voucher: variant((v) => (v.receptor.regimenFiscalReceptor = '605')),
		expect: { code: 'CFDI40158', path: 'receptor.regimenFiscalReceptor' },
		rule: 'recipientRules',
	},
	{
		name: 'individual recipient (616) using G01',
		voucher: variant((v) =>
			Object.assign(v.receptor, {
				rfc: 'PEGJ800101AB1',
				regimenFiscalReceptor: '616',
				usoCFDI: 'G01',
			}),
		),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipientRules',
	},
	{
		name: 'legal entity using D01',
		voucher: variant((v) => (v.receptor.usoCFDI = 'D01')),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipientRules',
	},
	{
		name: 'general public with another name',
		voucher: variant((v) => (v.receptor = { ...generalPublic, nombre: 'Publico en general' })),
		expect: { code: 'CFDI40145', path: 'receptor.nombre' },
		rule: 'recipientRules',
	},
	{
		name: 'general public with usoCFDI G03',
		voucher: variant((v) =>
			Object.assign(v, {
				receptor: { ...generalPublic, usoCFDI: 'G03' },
				informacionGlobal: { periodicidad: '04', meses: '05', anio: 2024 },
			}),
		),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipientRules',
	},
	{
		name: 'general public with its own postal code',
		voucher: variant((v) =>
			Object.assign(v, {
				receptor: { ...generalPublic, domicilioFiscalReceptor: '86991' },
				informacionGlobal: { periodicidad: '04', meses: '05', anio: 2024 },
			}),
		),
		expect: { code: 'CFDI40149', path: 'receptor.domicilioFiscalReceptor' },
		rule: 'recipientRules',
	},
	{
		name: 'foreign recipient with regime 601',
		voucher: variant((v) => (v.receptor = { ...foreignRecipient, regimenFiscalReceptor: '601' })),
		expect: { code: 'CFDI40158', path: 'receptor.regimenFiscalReceptor' },
		rule: 'recipientRules',
	},
	{
		name: 'foreign recipient with a Mexican postal code other than lugarExpedicion',
		voucher: variant(
			(v) => (v.receptor = { ...foreignRecipient, domicilioFiscalReceptor: '01000' }),
		),
		expect: { code: 'CFDI40149', path: 'receptor.domicilioFiscalReceptor' },
		rule: 'recipientRules',
	},
	{
		name: 'lugarExpedicion with 4 digits',
		voucher: variant((v) => (v.lugarExpedicion = '6400')),
		expect: { code: 'POSTAL_CODE_PATTERN', path: 'lugarExpedicion' },
		rule: 'formats',
	},
	{
		name: 'domicilioFiscalReceptor with letters',
		voucher: variant((v) => (v.receptor.domicilioFiscalReceptor = 'ABCDE')),
		expect: { code: 'POSTAL_CODE_PATTERN', path: 'receptor.domicilioFiscalReceptor' },
		rule: 'formats',
	},
	{
		name: 'claveProdServ with 7 digits',
		voucher: variant((v) => (v.conceptos[0].claveProdServ = '8411150')),
		expect: { code: 'CLAVE_PROD_SERV_PATTERN', path: 'conceptos[0].claveProdServ' },
		rule: 'formats',
	},
	{
		name: 'claveUnidad in lower case',
		voucher: variant((v) => (v.conceptos[1].claveUnidad = 'h87')),
		expect: { code: 'CLAVE_UNIDAD_PATTERN', path: 'conceptos[1].claveUnidad' },
		rule: 'formats',
	},
	{
		name: 'PPD with formaPago 03',
		voucher: variant((v) => (v.metodoPago = 'PPD')),
		expect: { code: 'CFDI40105', path: 'formaPago' },
		rule: 'voucherType',
	},
	{
		name: 'USD without tipoCambio',
		voucher: variant((v) => (v.moneda = 'USD')),
		expect: { code: 'CFDI40115', path: 'tipoCambio' },
		rule: 'voucherType',
	},
	{
		name: 'MXN with tipoCambio 17',
		voucher: variant((v) => (v.tipoCambio = 17)),
		expect: { code: 'CFDI40114', path: 'tipoCambio' },
		rule: 'voucherType',
	},
	{
		name: 'payment voucher in MXN',
		voucher: paymentVariant((v) => (v.moneda = 'MXN')),
		expect: { code: 'CRP20104', path: 'moneda' },
		rule: 'voucherType',
	},
	{
		name: 'payment voucher with subTotal 10',
		voucher: paymentVariant((v) => (v.subTotal = 10)),
		expect: { code: 'CFDI40109', path: 'subTotal' },
		rule: 'voucherTotals',
	},
	{
		name: 'payment voucher with usoCFDI G03',
		voucher: paymentVariant((v) => (v.receptor.usoCFDI = 'G03')),
		expect: { code: 'CFDI40161', path: 'receptor.usoCFDI' },
		rule: 'recipientRules',
	},
	{
		name: 'payment voucher with metodoPago PUE',
		voucher: paymentVariant((v) => (v.metodoPago = 'PUE')),
		expect: { code: 'CFDI40125', path: 'metodoPago' },
		rule: 'voucherType',
	},
	{
		name: 'transfer voucher with formaPago',
		voucher: noTaxVariant((v) => {
			Object.assign(v, { tipoDeComprobante: 'T', subTotal: 0, total: 0, formaPago: '01' });
			delete v.metodoPago;
			v.receptor.usoCFDI = 'S01';
			for (const concepto of v.conceptos) Object.assign(concepto, { valorUnitario: 0, importe: 0 });
		}),
		expect: { code: 'CFDI40103', path: 'formaPago' },
		rule: 'voucherType',
	},
];
