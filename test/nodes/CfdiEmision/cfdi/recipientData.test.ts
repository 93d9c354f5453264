import {
	companyTypeOf,
	normalizeRecipient,
	recipientProblems,
	RECIPIENT_FIXES,
} from '../../../../nodes/CfdiEmision/cfdi/recipientData';

const voucherTo = (receptor: Record<string, unknown>) => ({
	version: '4.0',
	receptor: {
		rfc: 'H&E951128469',
		nombre: 'HERRERIA & ELECTRICOS',
		usoCFDI: 'G03',
		regimenFiscalReceptor: '601',
		domicilioFiscalReceptor: '06002',
		...receptor,
	},
});

describe('normalizeRecipient: the recipient as the SAT records it', () => {
	test.each([
		['Herreria & Electricos S.A. de C.V.', 'S.A. DE C.V.'],
		['HERRERIA & ELECTRICOS, S.A. DE C.V.', 'S.A. DE C.V.'],
		['HERRERIA & ELECTRICOS SA DE CV', 'SA DE CV'],
		['HERRERIA & ELECTRICOS S. A. DE C. V.', 'S. A. DE C. V.'],
		['HERRERIA & ELECTRICOS S. de R.L. de C.V.', 'S. DE R.L. DE C.V.'],
		['HERRERIA & ELECTRICOS SAPI de CV', 'SAPI DE CV'],
		['HERRERIA & ELECTRICOS S.A.P.I. DE C.V.', 'S.A.P.I. DE C.V.'],
		['HERRERIA & ELECTRICOS S.A.B. de C.V.', 'S.A.B. DE C.V.'],
		['HERRERIA & ELECTRICOS S.A.S.', 'S.A.S.'],
		['HERRERIA & ELECTRICOS S.A.', 'S.A.'],
		['HERRERIA & ELECTRICOS S.C.', 'S.C.'],
		['HERRERIA & ELECTRICOS A.C.', 'A.C.'],
		['HERRERIA & ELECTRICOS S.P.R. de R.L.', 'S.P.R. DE R.L.'],
	])('a legal entity %p: the name without %p', (nombre, type) => {
		const { voucher, changes } = normalizeRecipient(voucherTo({ nombre }));
		expect(voucher.receptor.nombre).toBe('HERRERIA & ELECTRICOS');
		expect(changes).toEqual([
			{
				field: 'receptor.nombre',
				from: nombre,
				to: 'HERRERIA & ELECTRICOS',
				why: expect.stringContaining(`company type "${type}" left out`),
			},
		]);
	});

	test('collapses spacing and writes upper case, and says so', () => {
		const { voucher, changes } = normalizeRecipient(
			voucherTo({
				rfc: 'FUNK671228PH6',
				nombre: '  Karla   Fuente\tNolasco ',
				regimenFiscalReceptor: '612',
			}),
		);
		expect(voucher.receptor.nombre).toBe('KARLA FUENTE NOLASCO');
		expect(changes).toEqual([
			{
				field: 'receptor.nombre',
				from: '  Karla   Fuente\tNolasco ',
				to: 'KARLA FUENTE NOLASCO',
				why: 'spacing collapsed; upper case, as the SAT registers it',
			},
		]);
	});

	test("leaves a person's name whole (13-character RFC), and a name that is only a company type", () => {
		const person = normalizeRecipient(
			voucherTo({ rfc: 'FUNK671228PH6', nombre: 'KARLA FUENTE SA' }),
		);
		expect(person.voucher.receptor.nombre).toBe('KARLA FUENTE SA');
		expect(person.changes).toEqual([]);
		expect(normalizeRecipient(voucherTo({ nombre: 'S.A. DE C.V.' })).changes).toEqual([]);
		// Letters that only end like a company type are not one.
		expect(normalizeRecipient(voucherTo({ nombre: 'LA MESA' })).changes).toEqual([]);
		expect(normalizeRecipient(voucherTo({ nombre: 'GRUPO ISAAC' })).changes).toEqual([]);
	});

	test('a voucher already as the SAT records it comes back as the same object, with no changes', () => {
		const given = voucherTo({});
		const { voucher, changes } = normalizeRecipient(given);
		expect(voucher).toBe(given);
		expect(changes).toEqual([]);
	});

	test('the RFC, the codes and the postal code: trimmed, upper case, the leading zero a number lost', () => {
		const given = voucherTo({
			rfc: ' h&e951128469 ',
			usoCFDI: 'g03 ',
			regimenFiscalReceptor: ' 601',
			domicilioFiscalReceptor: 6002,
		});
		const { voucher, changes } = normalizeRecipient(given);
		expect(voucher.receptor).toEqual(voucherTo({}).receptor);
		expect(changes.map((change) => [change.field, change.from, change.to])).toEqual([
			['receptor.rfc', ' h&e951128469 ', 'H&E951128469'],
			['receptor.domicilioFiscalReceptor', 6002, '06002'],
			['receptor.regimenFiscalReceptor', ' 601', '601'],
			['receptor.usoCFDI', 'g03 ', 'G03'],
		]);
		// The given voucher is not changed.
		expect(given.receptor.rfc).toBe(' h&e951128469 ');
	});

	test('the general public: its exact name when only case, accents or a final period differ; other names as given', () => {
		const generic = (nombre: string) =>
			normalizeRecipient(voucherTo({ rfc: 'XAXX010101000', nombre, regimenFiscalReceptor: '616' }));
		expect(generic('Público en General.').voucher.receptor.nombre).toBe('PUBLICO EN GENERAL');
		expect(generic('PUBLICO EN GENERAL').changes).toEqual([]);
		expect(generic('Venta de mostrador').changes).toEqual([]);
		// A foreign recipient's name is not in the SAT's register: only the spacing.
		const foreign = normalizeRecipient(voucherTo({ rfc: 'XEXX010101000', nombre: 'Acme  Inc.' }));
		expect(foreign.voucher.receptor.nombre).toBe('Acme Inc.');
	});

	test('a voucher without a recipient object is returned as it came', () => {
		expect(normalizeRecipient({ version: '4.0' }).changes).toEqual([]);
		expect(normalizeRecipient('text').voucher).toBe('text');
	});

	test('companyTypeOf reads the type at the end only', () => {
		expect(companyTypeOf('ACME S.A. DE C.V.')).toBe('S.A. DE C.V.');
		expect(companyTypeOf('S.A. DE C.V. ACME')).toBeUndefined();
		expect(companyTypeOf('ACME')).toBeUndefined();
	});
});

describe('recipientProblems: the service refusing the recipient, on the field', () => {
	test('SAT codes place each refusal on its field with a fix', () => {
		const problems = recipientProblems([
			{ codigo: 'CFDI40108', mensaje: 'El campo SubTotal no es igual...' },
			{ codigo: 'CFDI40145', mensaje: 'El campo Nombre del receptor, debe pertenecer...' },
			{ codigo: 'CFDI40147', mensaje: 'El campo DomicilioFiscalReceptor del receptor...' },
			{ codigo: 'CFDI40158', mensaje: 'El campo RegimenFiscalReceptor...' },
			{ codigo: 'CFDI40143', mensaje: 'Este RFC del receptor no existe...' },
			{ codigo: 'CFDI40161', mensaje: 'La clave del campo UsoCFDI...' },
		]);
		expect(problems.map((p) => [p.field, p.path, p.satCode])).toEqual([
			['nombre', 'receptor.nombre', 'CFDI40145'],
			['domicilioFiscalReceptor', 'receptor.domicilioFiscalReceptor', 'CFDI40147'],
			['regimenFiscalReceptor', 'receptor.regimenFiscalReceptor', 'CFDI40158'],
			['rfc', 'receptor.rfc', 'CFDI40143'],
			['usoCFDI', 'receptor.usoCFDI', 'CFDI40161'],
		]);
		expect(problems[0]).toEqual({
			field: 'nombre',
			path: 'receptor.nombre',
			satCode: 'CFDI40145',
			message: 'El campo Nombre del receptor, debe pertenecer...',
			fix: RECIPIENT_FIXES.nombre,
		});
		expect(problems[0].fix).toMatch(/Constancia de Situación Fiscal.*S\.A\. de C\.V\./);
	});

	test('a PAC with other codes: the attribute its message names decides', () => {
		expect(
			recipientProblems([
				{ codigo: '301', mensaje: 'El campo Régimen Fiscal Receptor no corresponde.' },
				{ codigo: 'E-77', mensaje: 'domicilioFiscalReceptor inválido' },
				{ codigo: '', mensaje: 'El campo RegimenFiscal requerido del emisor' },
			]).map((p) => p.field),
		).toEqual(['regimenFiscalReceptor', 'domicilioFiscalReceptor']);
	});
});
