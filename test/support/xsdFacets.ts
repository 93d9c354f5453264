/**
 * Reads the SAT's XML schemas (with the package's own XML reader) and writes the facet data
 * module the validator uses. Used by scripts/generateXsdFacets.ts and by the
 * test that keeps the committed module in step with the schemas.
 */
import { parseElements, type XmlElement } from '../../nodes/CfdiEmision/stampedXml/xmlElements';
import type {
	XsdAttribute,
	XsdElement,
} from '../../nodes/CfdiEmision/cfdi/validation/xsdFacetTypes';

type XsdNode = XmlElement;

function kids(node: XsdNode, name: string): XsdNode[] {
	return node.children.filter((child) => child.name === name);
}

function kid(node: XsdNode, name: string): XsdNode | undefined {
	return node.children.find((child) => child.name === name);
}

/** The schema element of an XSD text, read by the package's own XML reader (local names: "element", "attribute"). */
function parseXsd(xml: string): XsdNode {
	const root = parseElements(xml);
	if (!root) throw new Error('Not an XML schema');
	return root;
}

/** The facets of a simple type: an attribute's, without its name and use. */
type Facets = Omit<XsdAttribute, 'name' | 'json' | 'required'>;
type AttributeFacets = XsdAttribute;
interface ElementFacets extends XsdElement {
	json: string[];
	attributes: XsdAttribute[];
}

const NUMERIC_FACETS = ['length', 'minLength', 'maxLength', 'fractionDigits'] as const;
const TEXT_FACETS = ['pattern', 'minInclusive', 'maxInclusive', 'whiteSpace'] as const;

function restrictionFacets(restriction: XsdNode): Facets {
	const base = restriction.attrs.base;
	const facets: Facets = { base: base.replace(/^xs:/, '') };
	for (const child of restriction.children) {
		const name = child.name;
		const value = child.attrs.value;
		if ((NUMERIC_FACETS as readonly string[]).includes(name))
			(facets as unknown as Record<string, number>)[name] = Number(value);
		else if ((TEXT_FACETS as readonly string[]).includes(name))
			(facets as unknown as Record<string, string>)[name] = value;
		else if (name === 'enumeration')
			throw new Error(`Unexpected enumeration in an inline type (base ${base})`);
	}
	return facets;
}

/** The lowerCamelCase JSON name of an XML name ("UUID" → "uuid", "Año" → "anio"). */
export function jsonNameOf(xmlName: string): string {
	if (xmlName === 'Año') return 'anio';
	if (xmlName === xmlName.toUpperCase()) return xmlName.toLowerCase();
	return xmlName[0].toLowerCase() + xmlName.slice(1);
}

function attributeFacets(attribute: XsdNode, types: Map<string, Facets>): AttributeFacets {
	const name = attribute.attrs.name;
	const out: AttributeFacets = {
		name,
		json: jsonNameOf(name),
		required: attribute.attrs.use === 'required',
		base: 'string',
	};
	const type = attribute.attrs.type;
	if (type) {
		const [prefix, local] = type.split(':');
		if (prefix === 'tdCFDI') {
			const facets = types.get(local);
			if (!facets) throw new Error(`Unknown tdCFDI type ${type}`);
			Object.assign(out, facets, { type: local });
		} else if (prefix === 'xs') {
			out.base = local;
		} else {
			// catCFDI / catPagos: an enumeration, checked against the package's catalogs.
			out.catalog = local;
		}
	} else {
		const restriction = kid(kid(attribute, 'simpleType') ?? attribute, 'restriction');
		if (restriction) Object.assign(out, restrictionFacets(restriction));
	}
	if (attribute.attrs.fixed !== undefined) out.fixed = attribute.attrs.fixed;
	return out;
}

function isRepeated(element: XsdNode): boolean {
	const max = element.attrs.maxOccurs;
	return max === 'unbounded' || (max !== undefined && Number(max) > 1);
}

function childElements(complexType: XsdNode | undefined): XsdNode[] {
	if (!complexType) return [];
	const out: XsdNode[] = [];
	for (const group of complexType.children) {
		if (group.name === 'sequence' || group.name === 'choice' || group.name === 'all')
			out.push(...kids(group, 'element'));
	}
	return out;
}

/** Walks the element tree; a wrapper of one repeated element contributes the array's name. */
function walk(
	element: XsdNode,
	xsdPath: string,
	json: string[],
	types: Map<string, Facets>,
	out: ElementFacets[],
): void {
	const complexType = kid(element, 'complexType');
	const attributes = complexType
		? kids(complexType, 'attribute').map((attribute) => attributeFacets(attribute, types))
		: [];
	const children = childElements(complexType);
	const wraps = attributes.length === 0 && children.length === 1 && isRepeated(children[0]);
	if (attributes.length > 0) out.push({ xsd: xsdPath, json, attributes });
	for (const child of children) {
		const name = child.attrs.name;
		if (!name) continue;
		const childPath = `${xsdPath}/${name}`;
		if (wraps) {
			walk(child, childPath, [...json.slice(0, -1), `${json[json.length - 1]}[]`], types, out);
		} else {
			walk(
				child,
				childPath,
				[...json, `${jsonNameOf(name)}${isRepeated(child) ? '[]' : ''}`],
				types,
				out,
			);
		}
	}
}

export function namedTypes(tdCfdi: string): Map<string, Facets> {
	const types = new Map<string, Facets>();
	for (const simpleType of kids(parseXsd(tdCfdi), 'simpleType')) {
		const restriction = kid(simpleType, 'restriction');
		if (restriction) types.set(simpleType.attrs.name, restrictionFacets(restriction));
	}
	return types;
}

/** Every element with attributes in one schema, rooted at `json`. */
export function schemaElements(
	xsd: string,
	prefix: string,
	json: string[],
	types: Map<string, Facets>,
): ElementFacets[] {
	const out: ElementFacets[] = [];
	for (const element of kids(parseXsd(xsd), 'element'))
		walk(element, `${prefix}:${element.attrs.name}`, json, types, out);
	return out;
}

/** The schemas the module is generated from, with the JSON place of each root element. */
export const SCHEMAS = [
	{ file: 'cfdv40.xsd', prefix: 'cfdi', json: [] as string[] },
	{ file: 'Pagos20.xsd', prefix: 'pago20', json: ['complemento', 'complementoPago20'] },
];

/** A TypeScript literal in the project's style (single quotes). */
function literal(value: unknown): string {
	if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
	if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
	return String(value);
}

function attributeLine(attribute: AttributeFacets): string {
	const entries = Object.entries(attribute).map(([key, value]) => `${key}: ${literal(value)}`);
	return `\t\t\t{ ${entries.join(', ')} },`;
}

/** The TypeScript text of nodes/CfdiEmision/cfdi/validation/xsdFacets.ts. */
export function generateXsdFacetsModule(read: (file: string) => string): string {
	const types = namedTypes(read('tdCFDI.xsd'));
	const elements = SCHEMAS.flatMap((schema) =>
		schemaElements(read(schema.file), schema.prefix, schema.json, types),
	);
	const lines = [
		'// GENERATED by scripts/generateXsdFacets.ts from the SAT schemas in test/support/sat-xsd/',
		'// (cfdv40.xsd, Pagos20.xsd, tdCFDI.xsd). Do not edit: change the generator and re-run it.',
		'',
		"import type { XsdElement } from './xsdFacetTypes';",
		'',
		'export const XSD_ELEMENTS: ReadonlyArray<XsdElement> = [',
	];
	for (const element of elements) {
		lines.push('\t{');
		lines.push(`\t\txsd: ${literal(element.xsd)},`);
		lines.push(`\t\tjson: ${literal(element.json)},`);
		lines.push('\t\tattributes: [');
		for (const attribute of element.attributes) lines.push(attributeLine(attribute));
		lines.push('\t\t],');
		lines.push('\t},');
	}
	lines.push('];', '');
	return lines.join('\n');
}
