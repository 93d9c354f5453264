/** The Order and Line Items input modes' settings: product codes, payment forms, recipient data and options. */
import type { INodeProperties } from 'n8n-workflow';

import { FORMA_PAGO } from '../../../cfdi/catalogs/formaPago';
import { USO_CFDI } from '../../../cfdi/catalogs/usoCfdi';
import {
	DEFAULT_PRODUCT_CODE,
	DEFAULT_RECIPIENT_ATTRIBUTES,
	DEFAULT_UNIT_CODE,
	DEFAULT_USO_CFDI,
	SHIPPING_PRODUCT_CODE,
	SHIPPING_UNIT_CODE,
} from '../../../orders/settings';
import { catalogOptions } from '../../common.fields';
import { orderField, showLines } from './order.fields';

const UNTAXED_OPTIONS = [
	{ name: 'Not Subject to Tax (Objeto 01)', value: 'notSubject' },
	{ name: 'Exempt (IVA Exento)', value: 'exempt' },
	{ name: 'IVA at 0 %', value: 'zeroRate' },
];

const attributeNames = (key: keyof typeof DEFAULT_RECIPIENT_ATTRIBUTES) =>
	DEFAULT_RECIPIENT_ATTRIBUTES[key].join(', ');

function attributeOption(
	displayName: string,
	name: string,
	key: keyof typeof DEFAULT_RECIPIENT_ATTRIBUTES,
	what: string,
): INodeProperties {
	return {
		displayName,
		name,
		type: 'string',
		default: attributeNames(key),
		description: `Names of the order's note attributes (cart attributes) that carry the recipient's ${what}, separated by commas; case and accents do not matter`,
	};
}

/** Product-code defaults shared by the order and line-items options. */
const PRODUCT_DEFAULT_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Default Product Code',
		name: 'defaultClaveProdServ',
		type: 'string',
		default: DEFAULT_PRODUCT_CODE,
		description: 'SAT product code (claveProdServ) of items no Product Codes rule matches',
	},
	{
		displayName: 'Default Unit Code',
		name: 'defaultClaveUnidad',
		type: 'string',
		default: DEFAULT_UNIT_CODE,
		description: 'SAT unit code (claveUnidad) of items whose rule gives none; H87 is a piece',
	},
];

export const productCodes = orderField(
	{
		displayName: 'Product Codes',
		name: 'productCodes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Product Code Rule',
		default: {},
		description:
			'SAT codes per SKU, product type or vendor; a SKU rule wins over a product type rule, which wins over a vendor rule',
		options: [
			{
				displayName: 'Rule',
				name: 'rule',
				values: [
					{
						displayName: 'Match',
						name: 'match',
						type: 'options',
						options: [
							{ name: 'SKU', value: 'sku' },
							{ name: 'Product Type', value: 'productType' },
							{ name: 'Vendor', value: 'vendor' },
						],
						default: 'sku',
					},
					{
						displayName: 'Product Code',
						name: 'claveProdServ',
						type: 'string',
						default: '',
						placeholder: '43211706',
						description: 'SAT product or service code (claveProdServ), 8 digits',
					},
					{
						displayName: 'Unit Code',
						name: 'claveUnidad',
						type: 'string',
						default: '',
						placeholder: 'H87',
						description: 'SAT unit code (claveUnidad); empty uses the default',
					},
					{
						displayName: 'Unit Name',
						name: 'unidad',
						type: 'string',
						default: '',
						description: 'Optional unit name printed on the voucher (unidad)',
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						default: '',
						placeholder: 'KB-01',
						description: 'The SKU, product type or vendor, as in the order',
					},
					{
						displayName: 'When Untaxed',
						name: 'untaxed',
						type: 'options',
						options: [{ name: 'Use the Default', value: '' }, ...UNTAXED_OPTIONS],
						default: '',
						description: 'How the product is written when no tax was charged on it',
					},
				],
			},
		],
	},
	['order', 'lineItems'],
);

export const paymentForms = orderField({
	displayName: 'Payment Forms',
	name: 'paymentForms',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Payment Gateway',
	default: {},
	description:
		'Payment form per payment gateway, added to the defaults: shopify_payments, stripe, paypal, mercado_pago, conekta, openpay → 04; cash, manual, Cash on Delivery (COD) → 01; Bank Deposit, bank transfer → 03; gift_card → 01. A gateway with no form makes the invoice PPD with 99.',
	options: [
		{
			displayName: 'Gateway',
			name: 'gateway',
			values: [
				{
					displayName: 'Gateway Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'shopify_payments',
					description: "As in the order's payment_gateway_names",
				},
				{
					displayName: 'Payment Form',
					name: 'formaPago',
					type: 'options',
					options: catalogOptions(FORMA_PAGO),
					default: '04',
				},
			],
		},
	],
});

export const recipientData = orderField({
	displayName: 'Recipient Data',
	name: 'recipientData',
	type: 'collection',
	placeholder: 'Add Recipient Field',
	default: {},
	description:
		"The recipient's tax data when the order's note attributes carry no RFC, e.g. mapped from a customer table; it also completes attributes of the same RFC",
	options: [
		{ displayName: 'CFDI Use', name: 'usoCFDI', type: 'string', default: '', placeholder: 'G03' },
		{
			displayName: 'Fiscal Postal Code',
			name: 'domicilioFiscalReceptor',
			type: 'string',
			default: '',
			placeholder: '64000',
		},
		{
			displayName: 'Name',
			name: 'nombre',
			type: 'string',
			default: '',
			description: 'Name as in the tax certificate',
		},
		{ displayName: 'RFC', name: 'rfc', type: 'string', default: '' },
		{
			displayName: 'Tax Regime',
			name: 'regimenFiscalReceptor',
			type: 'string',
			default: '',
			placeholder: '601',
		},
	],
});

export const orderOptions = orderField({
	displayName: 'Order Options',
	name: 'orderOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: "Buyer's E-Mail (Self-Invoice)",
			name: 'buyerEmail',
			type: 'string',
			default: '',
			placeholder: "={{ $('Form').item.json['Correo electrónico'] }}",
			description:
				"The e-mail a buyer typed on a self-invoice page. When given, the order is invoiced only if it is this buyer's (its e-mail), paid, not cancelled, not refunded in full and inside the self-invoice window; otherwise the item comes out skipped with a reason code and a sentence the page can show. An order already invoiced to another RFC is refused too.",
		},
		{
			displayName: 'Currency',
			name: 'currency',
			type: 'options',
			options: [
				{
					name: "Customer's Currency",
					value: 'presentment',
					description: 'The currency the customer paid in (presentment money)',
				},
				{ name: 'Shop Currency', value: 'shop', description: "The shop's currency" },
			],
			default: 'presentment',
		},
		{
			displayName: 'Default CFDI Use',
			name: 'defaultUsoCfdi',
			type: 'options',
			options: catalogOptions(USO_CFDI),
			default: DEFAULT_USO_CFDI,
			description: 'CFDI use (usoCFDI) when the order does not say',
		},
		...PRODUCT_DEFAULT_OPTIONS,
		{
			displayName: 'Exchange Rate',
			name: 'exchangeRate',
			type: 'string',
			default: '',
			placeholder: '17.25',
			description:
				"MXN per unit of the voucher's currency (tipoCambio); empty uses the order's own rate (shop money ÷ customer money) when the shop is in MXN",
		},
		{
			displayName: 'Folio',
			name: 'folio',
			type: 'options',
			options: [
				{ name: 'Order Number', value: 'orderNumber' },
				{ name: 'Order Name (Without #)', value: 'orderName' },
				{ name: 'Order ID', value: 'orderId' },
				{ name: 'None', value: 'none' },
			],
			default: 'orderNumber',
		},
		attributeOption('Note Attribute: CFDI Use', 'usoCfdiAttribute', 'usoCfdi', 'CFDI use'),
		attributeOption('Note Attribute: Name', 'nombreAttribute', 'nombre', 'name'),
		attributeOption(
			'Note Attribute: Postal Code',
			'codigoPostalAttribute',
			'codigoPostal',
			'fiscal postal code',
		),
		attributeOption('Note Attribute: RFC', 'rfcAttribute', 'rfc', 'RFC'),
		attributeOption(
			'Note Attribute: Tax Regime',
			'regimenAttribute',
			'regimenFiscal',
			'tax regime',
		),
		{
			displayName: 'Payment Method',
			name: 'paymentMethod',
			type: 'options',
			options: [
				{
					name: 'Automatic',
					value: 'auto',
					description:
						'PUE when the order is paid and its gateway has a payment form; otherwise PPD with 99',
				},
				{ name: 'PUE (Paid at Once)', value: 'PUE' },
				{ name: 'PPD (Paid Later)', value: 'PPD' },
			],
			default: 'auto',
		},
		{
			displayName: 'Self-Invoice Until Month End',
			name: 'selfInvoiceUntilMonthEnd',
			type: 'boolean',
			default: false,
			description:
				"Whether a buyer may invoice an order only until the last day of the order's month (the month's sales then go into the global invoice). Checked with Buyer's E-Mail.",
		},
		{
			displayName: 'Self-Invoice Window (Days)',
			name: 'selfInvoiceWindowDays',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				"Days after the order's date during which a buyer may invoice it; 0: no limit. Checked with Buyer's E-Mail.",
		},
		{
			displayName: 'Shipping Product Code',
			name: 'shippingClaveProdServ',
			type: 'string',
			default: SHIPPING_PRODUCT_CODE,
		},
		{
			displayName: 'Shipping Unit Code',
			name: 'shippingClaveUnidad',
			type: 'string',
			default: SHIPPING_UNIT_CODE,
		},
		{
			displayName: 'Untaxed Lines',
			name: 'untaxedLines',
			type: 'options',
			options: UNTAXED_OPTIONS,
			default: 'notSubject',
			description:
				'How lines the shop charged no tax on are written, unless their Product Codes rule says otherwise',
		},
		{
			displayName: 'Voucher Description',
			name: 'description',
			type: 'string',
			default: '',
			description:
				'Free label of the voucher in the provider account (descripcionFacturador); empty gives "Order #1001"',
		},
	],
});

export const lineItemsOptions: INodeProperties = {
	displayName: 'Line Items Options',
	name: 'lineItemsOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	displayOptions: showLines,
	options: [
		{
			displayName: 'Date of the Sale',
			name: 'date',
			type: 'string',
			default: '',
			placeholder: '2026-11-20',
			description:
				"Needed only for the general public: the month of the sale (informacionGlobal) in Mexico City (a date with a zone or offset is converted to it); empty uses today's date",
		},
		{
			displayName: 'Default Tax Rate',
			name: 'defaultTaxRate',
			type: 'string',
			default: '0.16',
			description: 'For lines that give no taxRate',
		},
		...PRODUCT_DEFAULT_OPTIONS,
		{
			displayName: 'Exchange Rate',
			name: 'tipoCambio',
			type: 'string',
			default: '',
			placeholder: '17.25',
			description: 'MXN per unit of the currency; required when it is not MXN',
		},
		{
			displayName: 'Expected Total',
			name: 'expectedTotal',
			type: 'string',
			default: '',
			description:
				'The total the source charged; when the voucher total differs, the output says by how much and why',
		},
		{ displayName: 'Folio', name: 'folio', type: 'string', default: '' },
		{
			displayName: 'Prices Include Tax',
			name: 'pricesIncludeTax',
			type: 'boolean',
			default: false,
			description:
				'Whether unit prices include the tax, for lines that do not say (priceIncludesTax)',
		},
	],
};
