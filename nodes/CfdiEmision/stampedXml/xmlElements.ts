/**
 * The element tree of a CFDI's XML text, without an XML library (the package has no runtime
 * dependencies): a small tokenizer that names elements by their local name and resolves each
 * element's namespace URI from the xmlns declarations in scope (Namespaces in XML 1.0, section 6:
 * a prefix means what its nearest declaration binds it to, whatever its text), ignores attribute order, accepts
 * single or double quotes, normalises attribute values as XML 1.0 requires (section 3.3.3), decodes
 * entities and skips comments, CDATA, processing instructions and the DOCTYPE; and the look-ups the
 * readers of a stamped CFDI use.
 */
export interface XmlElement {
	/** Local name, without the namespace prefix. */
	name: string;
	/**
	 * The namespace URI the element's prefix (or, without one, the default namespace) is bound to
	 * where it stands; absent when the prefix is bound to nothing.
	 */
	namespace?: string;
	attrs: Record<string, string>;
	children: XmlElement[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(value: string): string {
	return value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (match, entity: string) => {
		if (entity.startsWith('#x')) return String.fromCodePoint(parseInt(entity.slice(2), 16));
		if (entity.startsWith('#')) return String.fromCodePoint(parseInt(entity.slice(1), 10));
		return ENTITIES[entity] ?? match;
	});
}

/**
 * XML 1.0, sections 2.11 and 3.3.3: a line break written inside an attribute value (CR LF, CR or
 * LF) and a literal tab each become one space before character references are decoded; a
 * character reference such as &#10; keeps its character. A parser does this; so does the SAT when
 * it builds the original chain, so the value read here is the value the SAT signed.
 */
function normaliseAttributeValue(raw: string): string {
	return decodeEntities(raw.replace(/\r\n|[\r\n\t]/g, ' '));
}

/** The name after the namespace prefix (all of it when there is none: indexOf gives -1). */
function localName(qualified: string): string {
	return qualified.slice(qualified.indexOf(':') + 1);
}

/** The prefix before the colon; '' for an unprefixed name (the default namespace). */
function prefixOf(qualified: string): string {
	const colon = qualified.indexOf(':');
	return colon === -1 ? '' : qualified.slice(0, colon);
}

const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The prefixes bound where no element declared any (the xml prefix is bound by definition). */
const DOCUMENT_SCOPE: ReadonlyMap<string, string> = new Map([
	['xml', 'http://www.w3.org/XML/1998/namespace'],
]);

/**
 * A forgiving parse of the element tree (text content is not kept: CFDI data is in attributes).
 * Also reads the SAT's schemas for scripts/generateXsdFacets.ts.
 */
export function parseElements(xml: string): XmlElement | undefined {
	const stack: XmlElement[] = [];
	// The prefix bindings in scope inside each open element, in step with the stack.
	const scopes: Array<ReadonlyMap<string, string>> = [];
	let root: XmlElement | undefined;
	let index = 0;
	while (index < xml.length) {
		const open = xml.indexOf('<', index);
		if (open === -1) break;
		if (xml.startsWith('<!--', open)) {
			const end = xml.indexOf('-->', open + 4);
			index = end === -1 ? xml.length : end + 3;
			continue;
		}
		if (xml.startsWith('<![CDATA[', open)) {
			const end = xml.indexOf(']]>', open + 9);
			index = end === -1 ? xml.length : end + 3;
			continue;
		}
		if (xml.startsWith('<?', open)) {
			const end = xml.indexOf('?>', open + 2);
			index = end === -1 ? xml.length : end + 2;
			continue;
		}
		if (xml.startsWith('<!', open)) {
			const end = xml.indexOf('>', open + 2);
			index = end === -1 ? xml.length : end + 1;
			continue;
		}
		// The tag ends at the first '>' outside quotes.
		let end = open + 1;
		let quote: string | undefined;
		for (; end < xml.length; end++) {
			const char = xml[end];
			if (quote) {
				if (char === quote) quote = undefined;
			} else if (char === '"' || char === "'") {
				quote = char;
			} else if (char === '>') {
				break;
			}
		}
		const tag = xml.slice(open + 1, end);
		index = end + 1;
		if (tag.startsWith('/')) {
			const name = localName(tag.slice(1).trim());
			// Pop to the matching element; tolerate stray closing tags.
			const at = stack.map((element) => element.name).lastIndexOf(name);
			if (at !== -1) stack.length = scopes.length = at;
			continue;
		}
		const selfClosing = tag.endsWith('/');
		const body = selfClosing ? tag.slice(0, -1) : tag;
		const nameMatch = /^\s*([^\s/>]+)/.exec(body);
		if (!nameMatch) continue;
		const element: XmlElement = { name: localName(nameMatch[1]), attrs: {}, children: [] };
		const outer = scopes[scopes.length - 1] ?? DOCUMENT_SCOPE;
		let scope = outer;
		for (const match of body.slice(nameMatch[0].length).matchAll(ATTRIBUTE)) {
			const attrName = match[1];
			const value = normaliseAttributeValue(match[2] ?? match[3] ?? '');
			if (attrName === 'xmlns' || attrName.startsWith('xmlns:')) {
				if (scope === outer) scope = new Map(outer);
				// xmlns="" undeclares the default namespace.
				(scope as Map<string, string>).set(attrName === 'xmlns' ? '' : attrName.slice(6), value);
				continue;
			}
			element.attrs[localName(attrName)] = value;
		}
		const namespace = scope.get(prefixOf(nameMatch[1]));
		if (namespace) element.namespace = namespace;
		if (stack.length > 0) stack[stack.length - 1].children.push(element);
		else root ??= element;
		if (!selfClosing) {
			stack.push(element);
			scopes.push(scope);
		}
	}
	return root;
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
	return element?.children.find((item) => item.name === name);
}

export function children(element: XmlElement | undefined, name: string): XmlElement[] {
	return element?.children.filter((item) => item.name === name) ?? [];
}

export function find(element: XmlElement, name: string): XmlElement | undefined {
	for (const item of element.children) {
		if (item.name === name) return item;
		const found = find(item, name);
		if (found) return found;
	}
	return undefined;
}

export function findAll(element: XmlElement, name: string, into: XmlElement[] = []): XmlElement[] {
	for (const item of element.children) {
		if (item.name === name) into.push(item);
		findAll(item, name, into);
	}
	return into;
}
