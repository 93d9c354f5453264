/**
 * E-mail → Send's fields (send.fields.ts) as the editor shows them: Language, and Subject and
 * Message left empty by default in version 1.1 with a short example per language. Moved from
 * send.operation.engine.test.ts with its case; the e-mail the node writes from them is tested there.
 */
describe('the fields of E-mail → Send', () => {
	test('version 1.1 shows Language (Spanish first) and Subject and Message empty, not required, a short example per language; version 1 keeps them required and empty', async () => {
		const { CfdiEmision } = await import('../../../../../nodes/CfdiEmision/CfdiEmision.node');
		const properties = new CfdiEmision().description.properties.filter((field) =>
			field.displayOptions?.show?.resource?.includes('email'),
		);
		const language = properties.find((field) => field.name === 'language')!;
		expect(language.default).toBe('es');
		expect(language.options?.map((option) => ('name' in option ? option.name : ''))).toEqual([
			'Spanish',
			'English',
		]);
		const fields = properties.filter((field) => ['subject', 'message'].includes(field.name));
		expect(fields).toHaveLength(6);
		for (const field of fields) {
			expect(field.default).toBe('');
			const v11 = JSON.stringify(field.displayOptions?.show?.['@version']).includes('gte');
			expect(field.required).toBe(!v11);
			if (!v11) continue;
			const [shownFor] = field.displayOptions?.show?.language as string[];
			expect(String(field.placeholder).length).toBeLessThan(120);
			expect(field.placeholder).toMatch(shownFor === 'es' ? /^(Tu factura|Hola)/ : /^(Your|Hello)/);
		}
	});
});
