/**
 * Reads the SAT's XML schemas (a small tokenizer: the schemas are plain, well-formed XML) and
 * writes the facet data module the validator uses. Used by scripts/generateXsdFacets.ts and by the
 * test that keeps the committed module in step with the schemas.
 */

interface XsdNode {
	/** Qualified name, e.g. "xs:attribute". */
	tag: string;
	attrs: Record<string, string>;
	children: XsdNode[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
	return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (match, entity: string) => {
		if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
		if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
		return ENTITIES[entity] ?? match;
	});
}

export function parseXsd(xml: string): XsdNode {
	const root: XsdNode = { tag: '#document', attrs: {}, children: [] };
	const stack: XsdNode[] = [root];
	const source = xml.replace(/<!--[\s\S]*?-->/g, '').replace(/<\?[\s\S]*?\?>/g, '');
	const TAG = /<(\/?)([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
	for (const match of source.matchAll(TAG)) {
		const [, closing, tag, attrText, selfClosing] = match;
		if (closing) {
			stack.pop();
			continue;
		}
		const attrs: Record<string, string> = {};
		for (const attr of attrText.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[attr[1]] = decode(attr[2] ?? attr[3] ?? '');
		const node: XsdNode = { tag, attrs, children: [] };
		stack[stack.length - 1].children.push(node);
		if (!selfClosing) stack.push(node);
	}
	return root.children[0];
}

function kids(node: XsdNode, tag: string): XsdNode[] {
	return node.children.filter((child) => child.tag === tag);
}

function kid(node: XsdNode, tag: string): XsdNode | undefined {
	return node.children.find((child) => child.tag === tag);
}

/** Facets of one simple type, as the data module holds them. */
export interface Facets {
	/** The XML Schema built-in type the restriction starts from: string, decimal, integer, short, dateTime, date, base64Binary. */
	base: string;
	length?: number;
	minLength?: number;
	maxLength?: number;
	pattern?: string;
	minInclusive?: string;
	maxInclusive?: string;
	fractionDigits?: number;
	whiteSpace?: string;
}

export interface AttributeFacets extends Facets {
	/** The XML attribute name, e.g. "NoIdentificacion". */
	name: string;
	/** The member name in the service's JSON, e.g. "noIdentificacion". */
	json: string;
	required: boolean;
	/** The named type from tdCFDI, e.g. "t_RFC". */
	type?: string;
	/** A SAT catalog type (checked against the catalogs elsewhere), e.g. "c_FormaPago". */
	catalog?: string;
	fixed?: string;
}

export interface ElementFacets {
	/** The element's path in the schema, e.g. "cfdi:Comprobante/Conceptos/Concepto". */
	xsd: string;
	/** Its place in the service's JSON: member names, "[]" after one that holds an array. */
	json: string[];
	attributes: AttributeFacets[];
}

const NUMERIC_FACETS = ['length', 'minLength', 'maxLength', 'fractionDigits'] as const;
const TEXT_FACETS = ['pattern', 'minInclusive', 'maxInclusive', 'whiteSpace'] as const;

function restrictionFacets(restriction: XsdNode, inherited?: Facets): Facets {
	const base = restriction.attrs.base;
	const facets: Facets = inherited ? { ...inherited } : { base: base.replace(/^xs:/, '') };
	for (const child of restriction.children) {
		const name = child.tag.replace(/^xs:/, '');
		const value = child.attrs.value;
		if ((NUMERIC_FACETS as readonly string[]).includes(name)) (facets as unknown as Record<string, number>)[name] = Number(value);
		else if ((TEXT_FACETS as readonly string[]).includes(name)) (facets as unknown as Record<string, string>)[name] = value;
		else if (name === 'enumeration') throw new Error(`Unexpected enumeration in an inline type (base ${base})`);
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
	const out: AttributeFacets = { name, json: jsonNameOf(name), required: attribute.attrs.use === 'required', base: 'string' };
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
		const restriction = kid(kid(attribute, 'xs:simpleType') ?? attribute, 'xs:restriction');
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
		if (group.tag === 'xs:sequence' || group.tag === 'xs:choice' || group.tag === 'xs:all') out.push(...kids(group, 'xs:element'));
	}
	return out;
}

/** Walks the element tree; a wrapper of one repeated element contributes the array's name. */
function walk(element: XsdNode, xsdPath: string, json: string[], types: Map<string, Facets>, out: ElementFacets[]): void {
	const complexType = kid(element, 'xs:complexType');
	const attributes = complexType ? kids(complexType, 'xs:attribute').map((attribute) => attributeFacets(attribute, types)) : [];
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
			walk(child, childPath, [...json, `${jsonNameOf(name)}${isRepeated(child) ? '[]' : ''}`], types, out);
		}
	}
}

export function namedTypes(tdCfdi: string): Map<string, Facets> {
	const types = new Map<string, Facets>();
	for (const simpleType of kids(parseXsd(tdCfdi), 'xs:simpleType')) {
		const restriction = kid(simpleType, 'xs:restriction');
		if (restriction) types.set(simpleType.attrs.name, restrictionFacets(restriction));
	}
	return types;
}

/** Every element with attributes in one schema, rooted at `json`. */
export function schemaElements(xsd: string, prefix: string, json: string[], types: Map<string, Facets>): ElementFacets[] {
	const out: ElementFacets[] = [];
	for (const element of kids(parseXsd(xsd), 'xs:element')) walk(element, `${prefix}:${element.attrs.name}`, json, types, out);
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
	const elements = SCHEMAS.flatMap((schema) => schemaElements(read(schema.file), schema.prefix, schema.json, types));
	const lines = [
		'// GENERATED by scripts/generateXsdFacets.ts from the SAT schemas in test/cfdi/sat-xsd/',
		'// (cfdv40.xsd, Pagos20.xsd, tdCFDI.xsd). Do not edit: change the generator and re-run it.',
		'',
		'/** Facets of one attribute, as the SAT schema states them (numbers as written there). */',
		'export interface XsdAttribute {',
		'\t/** The XML attribute name. */',
		'\tname: string;',
		"\t/** The member name in the service's JSON. */",
		'\tjson: string;',
		'\trequired: boolean;',
		'\t/** XML Schema built-in base type: string, decimal, integer, short, dateTime, date, base64Binary. */',
		'\tbase: string;',
		'\t/** tdCFDI named type, e.g. t_RFC. */',
		'\ttype?: string;',
		'\t/** SAT catalog (an enumeration), checked against the catalogs elsewhere. */',
		'\tcatalog?: string;',
		'\tfixed?: string;',
		'\tlength?: number;',
		'\tminLength?: number;',
		'\tmaxLength?: number;',
		'\t/** An XML Schema regular expression: implicitly anchored at both ends. */',
		'\tpattern?: string;',
		'\tminInclusive?: string;',
		'\tmaxInclusive?: string;',
		'\tfractionDigits?: number;',
		'\twhiteSpace?: string;',
		'}',
		'',
		'export interface XsdElement {',
		'\t/** The element in the schema, e.g. "cfdi:Comprobante/Conceptos/Concepto". */',
		'\txsd: string;',
		"\t/** Its place in the service's JSON: member names, \"[]\" after one holding an array. */",
		'\tjson: ReadonlyArray<string>;',
		'\tattributes: ReadonlyArray<XsdAttribute>;',
		'}',
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
