import {
	methodAfterRedirect,
	readRedirect,
	sendWithinOrigin,
	type RequestHop,
} from '../../../../nodes/CfdiEmision/network/redirects';

describe('redirects', () => {
	test('a Location is read against the URL that answered; same origin means same scheme, host and port', () => {
		const from = 'https://api.example.com/businessEmision/api/v1/x?y=1';
		expect(readRedirect(307, { Location: '/other' }, from)).toMatchObject({
			status: 307,
			sameOrigin: true,
		});
		expect(readRedirect(307, { location: 'https://api.example.com:443/z' }, from)?.sameOrigin).toBe(
			true,
		);
		expect(
			readRedirect(308, { location: 'https://api.example.com:8443/z' }, from)?.sameOrigin,
		).toBe(false);
		expect(readRedirect(302, { location: 'http://api.example.com/z' }, from)?.sameOrigin).toBe(
			false,
		);
		expect(readRedirect(301, { location: 'https://evil.example.net/z' }, from)?.to.host).toBe(
			'evil.example.net',
		);
		expect(readRedirect(200, { location: '/z' }, from)).toBeUndefined();
		expect(readRedirect(307, {}, from)).toBeUndefined();
	});

	test('307/308 repeat the request; 303 (and 301/302 after a POST) become a GET without body', () => {
		expect(methodAfterRedirect('put', 307)).toEqual({ method: 'PUT', keepsBody: true });
		expect(methodAfterRedirect('POST', 308)).toEqual({ method: 'POST', keepsBody: true });
		expect(methodAfterRedirect('POST', 303)).toEqual({ method: 'GET', keepsBody: false });
		expect(methodAfterRedirect('PUT', 303)).toEqual({ method: 'GET', keepsBody: false });
		expect(methodAfterRedirect('POST', 302)).toEqual({ method: 'GET', keepsBody: false });
		expect(methodAfterRedirect('DELETE', 301)).toEqual({ method: 'DELETE', keepsBody: true });
	});

	test('sendWithinOrigin follows within the origin and refuses another one without sending there', async () => {
		const hops: RequestHop[] = [];
		const answers = [
			{ statusCode: 307, headers: { location: '/second' } },
			{ statusCode: 303, headers: { location: 'https://api.example.com/third' } },
			{ statusCode: 302, headers: { location: 'https://elsewhere.example.net/' } },
		];
		const refused = await sendWithinOrigin(
			{ url: '{apiRoot}/first', method: 'POST' },
			async (hop) => {
				hops.push(hop);
				return answers[hops.length - 1];
			},
			async () => 'https://api.example.com/first',
			(redirect, loop) =>
				new Error(`${loop ? 'loop' : 'refused'} ${redirect.from.host} -> ${redirect.to.host}`),
		).catch((error: Error) => error.message);
		expect(refused).toBe('refused api.example.com -> elsewhere.example.net');
		expect(hops.map((hop) => `${hop.method} ${hop.url} ${hop.keepsBody}`)).toEqual([
			'POST {apiRoot}/first true',
			'POST https://api.example.com/second true',
			'GET https://api.example.com/third false',
		]);
	});
});
