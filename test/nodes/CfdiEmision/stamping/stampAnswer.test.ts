/** Recognising a service's "already stamped" refusal by its code or its words (stamping/stampAnswer.ts). */
import { alreadyStampedSaying } from '../../../../nodes/CfdiEmision/stamping/stampAnswer';

const refusal = (
	errores: Array<{ codigo: string; mensaje: string }>,
	descripcion: string | null = null,
) => ({ errores, result: { esValido: false, errores, descripcion } });

describe('alreadyStampedSaying', () => {
	test.each([
		['FAC121', 'El comprobante ya fue timbrado.'],
		['307', 'El CFDI contiene un timbre previo.'],
		['CFDI40307', 'El CFDI contiene un timbre previo'],
		['', 'El comprobante ya se encuentra timbrado'],
		['E500', 'Comprobante YA TIMBRADO anteriormente'],
		['X1', 'El CFDI ya había sido timbrado con el UUID 5FB2822E-396D-4725-8521-CDC4BDD20CCF'],
		['X2', 'CFDI previamente timbrado'],
		['X3', 'The voucher has already been stamped'],
		['X4', 'El comprobante ya está timbrado'],
	])('%s "%s" says already stamped', (codigo, mensaje) => {
		expect(
			alreadyStampedSaying(
				refusal([
					{ codigo: 'CFDI40108', mensaje: 'El TipoDeComprobante no es válido' },
					{ codigo, mensaje },
				]),
			),
		).toBe(codigo ? `${codigo}: ${mensaje}` : mensaje);
	});

	test('the descripcion alone can say it', () => {
		expect(alreadyStampedSaying(refusal([], 'Error: el comprobante ya fue timbrado'))).toBe(
			'Error: el comprobante ya fue timbrado',
		);
	});

	test.each([
		['FAC119', 'La serie está ocupada, intente más tarde'],
		['FAC112', 'La serie no existe'],
		['CFDI40108', 'El TipoDeComprobante no es válido'],
		['X5', 'El comprobante no ha sido timbrado'],
		['X6', 'Aún no se ha timbrado el comprobante'],
		['X7', 'Error al timbrar: el PAC no respondió'],
		['3070', 'Otro error'],
	])('%s "%s" is a refusal of another kind', (codigo, mensaje) => {
		expect(
			alreadyStampedSaying(refusal([{ codigo, mensaje }], `${codigo}: ${mensaje}`)),
		).toBeUndefined();
	});
});
