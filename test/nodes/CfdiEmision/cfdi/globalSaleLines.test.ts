/** How a stamped voucher declares sales to the general public: the sale-line rule the ledger and the kind share. */
import {
	declaringLines,
	isGlobalInvoice,
	isSaleLine,
} from '../../../../nodes/CfdiEmision/cfdi/globalSaleLines';

const sale = (noIdentificacion: string) => ({
	noIdentificacion,
	claveProdServ: '01010101',
	claveUnidad: 'ACT',
});

test('isSaleLine: ClaveProdServ 01010101 and ClaveUnidad ACT, both (01010101 is also an order product’s default code)', () => {
	const shape = (claveProdServ: string, claveUnidad: string) =>
		isSaleLine({ noIdentificacion: '1', claveProdServ, claveUnidad });
	expect(shape('01010101', 'ACT')).toBe(true);
	expect(shape('01010101', 'H87')).toBe(false);
	expect(shape('84111506', 'ACT')).toBe(false);
});

test('declaringLines: every concept a sale line, each with its ticket; one product line and none declares', () => {
	expect(declaringLines([sale('1001'), sale(''), sale('1002')])).toEqual([
		sale('1001'),
		sale('1002'),
	]);
	expect(declaringLines([sale('1001'), { ...sale('SKU-1'), claveUnidad: 'H87' }])).toEqual([]);
});

test('isGlobalInvoice: type I with InformacionGlobal; a credit note to the general public declares no sale', () => {
	const info = { periodicidad: '04', meses: '05', anio: 2024 };
	expect(isGlobalInvoice({ tipoDeComprobante: 'I', informacionGlobal: info })).toBe(true);
	expect(isGlobalInvoice({ tipoDeComprobante: 'E', informacionGlobal: info })).toBe(false);
	expect(isGlobalInvoice({ tipoDeComprobante: 'I' })).toBe(false);
});
