import {
	bearerChallenge,
	isJsonMediaType,
	mediaType,
	message,
	methodNotAllowed,
	oauthError,
	validationProblem,
} from '../../sandbox/replies';

describe('the replies the sandbox sends, shaped as the real service sends them', () => {
	it('an error message is JSON { message }', () => {
		expect(message(404, 'Not found')).toEqual({
			status: 404,
			headers: { 'content-type': 'application/json; charset=utf-8' },
			body: '{"message":"Not found"}',
		});
	});

	it('a validation failure is ASP.NET ValidationProblemDetails with a trace id', () => {
		const reply = validationProblem({ Total: ['The Total field is required.'] });
		expect(reply.status).toBe(400);
		expect(reply.headers?.['content-type']).toBe('application/problem+json; charset=utf-8');
		const body = JSON.parse(String(reply.body));
		expect(body).toMatchObject({
			title: 'One or more validation errors occurred.',
			status: 400,
			errors: { Total: ['The Total field is required.'] },
		});
		expect(body.traceId).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
	});

	it('OAuth and bearer refusals as IdentityServer and JwtBearer send them', () => {
		expect(JSON.parse(String(oauthError('invalid_grant', 'bad').body))).toEqual({
			error: 'invalid_grant',
			error_description: 'bad',
		});
		expect(bearerChallenge('invalid_token', 'expired').headers).toEqual({
			'www-authenticate': 'Bearer error="invalid_token", error_description="expired"',
		});
		expect(bearerChallenge()).toMatchObject({ status: 401, body: '' });
		expect(methodNotAllowed(['GET', 'POST']).headers).toEqual({ allow: 'GET, POST' });
	});

	it('JSON media types as System.Text.Json accepts them', () => {
		expect(mediaType(' Application/JSON ; charset=utf-8')).toBe('application/json');
		expect(
			['application/json', 'text/json', 'application/problem+json', 'text/plain', undefined].map(
				isJsonMediaType,
			),
		).toEqual([true, true, true, false, false]);
	});
});
