/**
 * Which stamped invoice a payment receipt or a credit note of an order refers to (orders/invoiceLink.ts):
 * the Invoice UUID setting first, else the order's note attribute; anything else refused with the fix.
 */
import { invoiceUuidOf } from '../../../../nodes/CfdiEmision/orders/invoiceLink';
import { OrderInputError } from '../../../../nodes/CfdiEmision/orders/orderInputError';

const UUID = '5fb2822e-396d-4725-8521-cdc4bdd20ccf';
const SETTINGS = {
	emisor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' },
	lugarExpedicion: '64000',
};
const order = (attributes: Array<{ name: string; value: string }> = []) => ({
	id: 7,
	name: '#1007',
	note_attributes: attributes,
});

describe('invoiceUuidOf', () => {
	test('the setting wins over the note attribute; the UUID is returned in upper case', () => {
		expect(
			invoiceUuidOf(
				order([{ name: 'CFDI UUID', value: '11111111-2222-4333-8444-555555555555' }]),
				{ ...SETTINGS, invoiceUuid: ` ${UUID} ` },
				'credit note',
			),
		).toBe(UUID.toUpperCase());
	});

	test('the note attribute "CFDI UUID", or the one named in the settings, without regard to case', () => {
		expect(
			invoiceUuidOf(order([{ name: 'cfdi uuid', value: UUID }]), SETTINGS, 'payment receipt'),
		).toBe(UUID.toUpperCase());
		expect(
			invoiceUuidOf(
				order([{ name: 'Factura', value: UUID }]),
				{ ...SETTINGS, invoiceUuidAttribute: 'factura' },
				'payment receipt',
			),
		).toBe(UUID.toUpperCase());
	});

	test('nothing given: refused, naming the order, the document and where to give the UUID', () => {
		expect(() => invoiceUuidOf(order(), SETTINGS, 'credit note')).toThrow(
			new OrderInputError(
				'note_attributes',
				'order #1007 does not say which invoice the credit note refers to: no Invoice UUID is given and note attribute "CFDI UUID" is empty.',
				'',
			),
		);
	});

	test('a value that is not a UUID: refused quoting it, at the path it came from', () => {
		try {
			invoiceUuidOf(order(), { ...SETTINGS, invoiceUuid: 'F-1001' }, 'credit note');
			throw new Error('not refused');
		} catch (error) {
			expect(error).toMatchObject({
				path: 'settings.invoiceUuid',
				message: 'The invoice UUID "F-1001" is not a UUID.',
			});
			expect((error as OrderInputError).fix).toContain('Give Invoice UUID');
		}
	});
});
