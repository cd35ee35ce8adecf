/**
 * The OpenAPI document as a client generator reads it (issue 16, item 10), the 405 answer of a
 * known path called with another method, and the API_DOCS setting (item 4).
 */
import { rm } from 'node:fs/promises';
import {
  carInputSchema,
  contactMessageInputSchema,
  personNameSchema,
  reportInputSchema,
} from '@redline/shared';
import { contract, type Redirect } from '@redline/shared/contract';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect } from 'vitest';
import type { z } from 'zod';
import { AUTH_ENDPOINTS } from '../src/auth/auth-endpoints.ts';
import { ConfigError, loadConfig } from '../src/config/config.ts';
import { it } from './fixtures.ts';
import { createTestApp, errorOf, type TestApp } from './helpers.ts';
import { standInWebBuild } from './web-build.ts';

let doc: OpenAPIV3.Document;

it.beforeAll(async ({ t }) => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const templateOf = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function operations() {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item?.[method]).map((method) => ({
      path,
      method,
      operation: item![method] as OpenAPIV3.OperationObject,
    })),
  );
}

/** Every API route the app declares, except Better Auth's catch-all (documented call by call) and hidden ones. */
function documentedRoutes(t: TestApp) {
  return t.app.accessPolicy.filter(
    (p) =>
      p.url.startsWith('/api/') &&
      p.url !== '/api/auth/*' &&
      !(p.method === 'POST' && p.url === '/api/users'),
  );
}

describe('the OpenAPI document', () => {
  it('documents every route, with a unique operationId, tags and the security its access declares', ({
    t,
  }) => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(
      ids.every((id) => id && /^[a-z][A-Za-z]+$/.test(id)),
      ids.join(' '),
    ).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of documentedRoutes(t)) {
      const operation = doc.paths[templateOf(route.url)]?.[route.method.toLowerCase() as 'get'];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.tags?.length).toBeGreaterThan(0);
      const statuses = Object.keys(operation!.responses);
      if (route.access === 'public') {
        expect(operation!.security).toEqual([]);
      } else {
        // A dealer's system calls with the dealer's API key; everyone else with a session.
        expect(operation!.security).toEqual([
          route.access === 'dealerKey' ? { dealerKey: [] } : { sessionCookie: [] },
        ]);
        expect(statuses, `${route.method} ${route.url}`).toContain('401');
      }
      if (Array.isArray(route.access)) expect(statuses).toContain('403');
      if (operation!.parameters?.length || operation!.requestBody) expect(statuses).toContain('400');
    }
    expect(doc.components?.securitySchemes?.sessionCookie).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'redline.session_token' }),
    );
    expect(doc.components?.securitySchemes?.dealerKey).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
  });

  it('answers every error in the one Error schema, and has a 4xx for every operation with inputs', () => {
    for (const { path, method, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]|default/.test(status)) continue;
        expect(response, `${method} ${path} ${status}`).toEqual({ $ref: `#/components/responses/${status}` });
      }
    }
    for (const response of Object.values(doc.components?.responses ?? {})) {
      expect((response as OpenAPIV3.ResponseObject).content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/Error',
      });
    }
  });

  it('names the shared schemas as components, each emitted once', () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ['Car', 'CarPage', 'Booking', 'BookingPage', 'Error', 'Fuel', 'User', 'Photo']) {
      expect(schemas, name).toHaveProperty(name);
    }
    const text = JSON.stringify(doc);
    // Fuel (answers) and FuelInput (requests): the enum is written nowhere else.
    expect(text.split('["Petrol","Diesel","Electric","Hybrid"]').length - 1).toBe(2);
    expect(doc.paths['/api/testdrivebooking/{id}']?.get?.responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Booking' } } },
    });
  });

  it('has one parameter name per path template', () => {
    const shapes = Object.keys(doc.paths).map((path) => path.replace(/\{\w+\}/g, '{}'));
    expect(shapes.length).toBe(new Set(shapes).size);
  });

  it('states the real rules of request fields (e-mail format, cursor, year range)', () => {
    const parameters = (path: string) =>
      (doc.paths[path]?.get?.parameters ?? []) as OpenAPIV3.ParameterObject[];
    const email = parameters('/api/users/{email}').find((p) => p.name === 'email');
    expect(email?.schema).toMatchObject({ type: 'string', format: 'email' });
    const cursor = parameters('/api/cars/{id}').find((p) => p.name === 'cursor');
    expect(cursor?.schema).toMatchObject({ maxLength: 200, pattern: '^[A-Za-z0-9_-]*$' });
    const car = doc.paths['/api/cars']?.post?.requestBody as OpenAPIV3.RequestBodyObject;
    const year = (car.content['application/json']!.schema as OpenAPIV3.SchemaObject).properties!.year;
    expect(year).toMatchObject({ minimum: 1900, maximum: new Date().getFullYear() + 1 });
  });

  it('documents every auth endpoint served and no other, without a session token in answers', () => {
    const auth = operations().filter(({ path }) => path.startsWith('/api/auth/'));
    expect(auth.map(({ operation }) => operation.operationId).sort()).toEqual(
      Object.keys(AUTH_ENDPOINTS).sort(),
    );
    const signIn = doc.paths['/api/auth/sign-in/email']!.post!;
    const body = (signIn.requestBody as OpenAPIV3.RequestBodyObject).content['application/json']!.schema;
    expect(body).toMatchObject({
      required: ['email', 'password'],
      properties: { email: { format: 'email' }, password: { minLength: 7, maxLength: 128 } },
    });
    expect(Object.keys(signIn.responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    const schemas = doc.components!.schemas as Record<string, OpenAPIV3.SchemaObject>;
    for (const name of ['SignedIn', 'SignedUp'])
      expect(schemas[name]!.properties).not.toHaveProperty('token');
    const session = schemas.AuthSession!.properties!.session as OpenAPIV3.SchemaObject;
    expect(session.properties).not.toHaveProperty('token');
  });

  it('serves and documents every link the contract declares as a redirect, saying where it sends the browser', async ({
    t,
  }) => {
    // A browser following each link, with a token that is not valid: sent on with the error.
    const visits: Record<string, string> = {
      googleCallback: '/api/auth/callback/google?code=nope&state=nope',
      resetPasswordLink: '/api/auth/reset-password/no-such-token?callbackURL=%2Fuser%2Freset-password',
      verifyEmail: '/api/auth/verify-email?token=no-such-token&callbackURL=%2Fuser%2Femail-confirmed',
    };
    const redirects = Object.values(contract).filter((route) => 302 in route.responses);
    expect(redirects.map(({ operationId }) => operationId).sort()).toEqual(Object.keys(visits).sort());
    for (const { method, path, operationId, responses } of redirects) {
      const operation = doc.paths[`/api${templateOf(path)}`]?.[method.toLowerCase() as 'get'];
      expect(operation?.operationId).toBe(operationId);
      expect(operation?.responses['302']).toMatchObject({
        headers: { Location: { description: (responses as { 302: Redirect })[302] } },
      });
      const res = await t.app.inject({ method, url: visits[operationId]! });
      expect(res.statusCode, operationId).toBe(302);
      expect(res.headers.location, operationId).toMatch(/[?&]error=/);
    }
  });

  it("describes the upload's multipart body", () => {
    const upload = doc.paths['/api/uploads']!.post!;
    expect((upload.requestBody as OpenAPIV3.RequestBodyObject).content).toEqual({
      'multipart/form-data': {
        schema: expect.objectContaining({
          type: 'object',
          required: ['file'],
          properties: { file: expect.objectContaining({ type: 'string', format: 'binary' }) },
        }),
      },
    });
  });

  it('is the same document with the web app served beside the API (its crawler files are not operations)', async () => {
    const webDist = await standInWebBuild();
    const withWeb = await createTestApp({ WEB_DIST: webDist });
    try {
      expect(withWeb.app.accessPolicy.map((p) => p.url)).toContain('/robots.txt');
      const res = await withWeb.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(doc);
      expect(Object.keys(doc.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    } finally {
      await withWeb.close();
      await rm(webDist, { recursive: true, force: true });
    }
  });

  it('is the same document whatever payments are configured', async () => {
    const stripe = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    try {
      const other = (await stripe.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(other).toEqual(doc);
      expect(doc.paths['/api/payments/test-mode/confirm']?.post).toBeDefined();
      expect(doc.paths['/api/stripe/webhook']?.post).toBeDefined();
    } finally {
      await stripe.close();
    }
  });
});

/** Every schema object in the document, with where it is. */
function schemasOf(value: unknown, at = '#'): { at: string; schema: OpenAPIV3.SchemaObject }[] {
  if (Array.isArray(value)) return value.flatMap((entry, i) => schemasOf(entry, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  const node = value as Record<string, unknown>;
  const own = typeof node.type === 'string' ? [{ at, schema: node as OpenAPIV3.SchemaObject }] : [];
  return [
    ...own,
    ...Object.entries(node)
      .filter(([key]) => key !== 'example' && key !== 'enum')
      .flatMap(([key, child]) => schemasOf(child, `${at}/${key}`)),
  ];
}

const requestField = (path: string, method: 'post' | 'patch', field: string) => {
  const body = doc.paths[path]?.[method]?.requestBody as OpenAPIV3.RequestBodyObject;
  const schema = body.content['application/json']!.schema as OpenAPIV3.SchemaObject;
  return schema.properties![field] as OpenAPIV3.SchemaObject;
};

/** Whether a string passes a documented string schema, as a JSON Schema validator checks it. */
const documentAccepts = (schema: OpenAPIV3.SchemaObject, text: string) =>
  text.length <= (schema.maxLength ?? Infinity) &&
  text.length >= (schema.minLength ?? 0) &&
  new RegExp(schema.pattern ?? '').test(text);

describe("the OpenAPI document's rules (issue 44, item 12)", () => {
  it('writes every pattern so that every JSON Schema tool compiles it: no \\p{…}, no need of the u flag', () => {
    const patterns = schemasOf(doc).flatMap(({ schema }) => (schema.pattern ? [schema.pattern] : []));
    expect(patterns.length).toBeGreaterThan(20);
    for (const pattern of new Set(patterns)) {
      expect(pattern).not.toMatch(/\\[pP]\{/);
      expect(() => new RegExp(pattern), pattern).not.toThrow();
      expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
    }
  });

  it('states the text rules as the server applies them: invisible characters and blank text refused', () => {
    const fields: [string, OpenAPIV3.SchemaObject, z.ZodType][] = [
      ['a name', requestField('/api/contact', 'post', 'name'), personNameSchema],
      [
        'a contact message',
        requestField('/api/contact', 'post', 'message'),
        contactMessageInputSchema.shape.message,
      ],
      ["a car's about", requestField('/api/cars', 'post', 'about'), carInputSchema.shape.about],
      [
        "a report's details",
        requestField('/api/reportedpost', 'post', 'details'),
        reportInputSchema.shape.details,
      ],
    ];
    const samples = [
      'Alice Martin',
      '  Alice Martin  ',
      'Alice Martin\n',
      '\uFEFFAlice Martin\u2028',
      '',
      '   ',
      ' \n\t ',
      'Admin\u200B Team',
      'Admin\u200D Team',
      'Admin\u00AD Team',
      'Admin\u2028Team',
      'Evil\u202Egnp.exe',
      'Ab\u0000cd',
      'First line\nsecond line',
      'Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} and car',
      'Zoë 大塚 محمد 🚗',
      '   nine   ',
      'x'.repeat(80),
      'x'.repeat(81),
    ];
    const disagreements = fields.flatMap(([label, documented, schema]) =>
      samples
        .filter((text) => documentAccepts(documented, text) !== schema.safeParse(text).success)
        .map((text) => `${label}: ${JSON.stringify(text)}`),
    );
    expect(disagreements).toEqual([]);
  });

  it('bounds every value: strings, integers, arrays; every 429 says when to try again', () => {
    // A file's bytes are bounded by the upload's byte limit, not in characters.
    const unbounded = (at: string, schema: OpenAPIV3.SchemaObject) =>
      schema.format !== 'binary' && !at.includes('/text~1event-stream/');
    const strings = schemasOf(doc).filter(
      ({ at, schema }) =>
        schema.type === 'string' && schema.maxLength === undefined && !schema.enum && unbounded(at, schema),
    );
    expect(strings.map(({ at }) => at)).toEqual([]);
    const integers = schemasOf(doc).filter(
      ({ schema }) => schema.type === 'integer' && !['int32', 'int64'].includes(schema.format ?? ''),
    );
    expect(integers.map(({ at }) => at)).toEqual([]);
    const arrays = schemasOf(doc).filter(
      ({ schema }) =>
        schema.type === 'array' && (schema as OpenAPIV3.ArraySchemaObject).maxItems === undefined,
    );
    // Every list has a bound the server keeps (docs/security.md, issue 44, item 12).
    expect(arrays.map(({ at }) => at)).toEqual([]);
    for (const { path, method, operation } of operations()) {
      const answer = operation.responses['429'];
      if (!answer) continue;
      const name = '$ref' in answer ? answer.$ref.split('/').pop()! : undefined;
      const resolved = (name ? doc.components!.responses![name] : answer) as OpenAPIV3.ResponseObject;
      expect(resolved.headers?.['Retry-After'], `${method} ${path}`).toMatchObject({ required: true });
    }
  });

  it('lists pages of at most the largest page, and each admin list of users with its one role', () => {
    const schemas = doc.components!.schemas as Record<string, OpenAPIV3.SchemaObject>;
    expect(schemas.CarPage!.properties!.items).toMatchObject({ maxItems: 50 });
    for (const [path, role] of [
      ['/api/user/buyers', 'Buyer'],
      ['/api/user/sellers', 'Seller'],
    ] as const) {
      const ok = doc.paths[path]!.get!.responses['200'] as OpenAPIV3.ResponseObject;
      const page = ok.content!['application/json']!.schema as OpenAPIV3.SchemaObject;
      const item = (page.properties!.items as OpenAPIV3.ArraySchemaObject).items as OpenAPIV3.SchemaObject;
      expect(item.properties!.role).toMatchObject({ enum: [role] });
    }
  });

  it("documents the rate-limit headers of a rate-limited route's answers, as it sends them", async ({
    t,
  }) => {
    const contact = doc.paths['/api/contact']!.post!;
    const created = contact.responses['201'] as OpenAPIV3.ResponseObject;
    expect(Object.keys(created.headers ?? {}).sort()).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(contact.responses['429']).toEqual({ $ref: '#/components/responses/429' });
    const message = { name: 'Rita', email: 'rita@example.test', message: 'A question about a car.' };
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/contact',
          payload: message,
          remoteAddress: '10.44.12.1',
        }),
      );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201, 429]);
    const tooMany = doc.components!.responses!['429'] as OpenAPIV3.ResponseObject;
    for (const res of answers) {
      const documented = res.statusCode === 201 ? created.headers! : tooMany.headers!;
      for (const [name, header] of Object.entries(documented))
        if ((header as OpenAPIV3.HeaderObject).required || res.statusCode === 429)
          expect(res.headers[name.toLowerCase()], `${res.statusCode} ${name}`).toMatch(/^\d+$/);
    }
  });
});

describe('a known path called with a method it does not have', () => {
  it('answers 405 with an Allow header, in the error shape, on every route', async ({ t }) => {
    // A path's methods are those of every route it matches: `/api/cars/search` is also `/api/cars/:id`.
    const pattern = (url: string) => new RegExp(`^${url.replace(/:\w+/g, '[^/]+').replace('*', '.*')}$`);
    const methodsOf = (path: string) => {
      const methods = new Set<string>();
      for (const { method, url } of t.app.accessPolicy) {
        if (!pattern(url).test(path)) continue;
        methods.add(method);
        if (method === 'GET') methods.add('HEAD');
      }
      return methods;
    };
    const failures: string[] = [];
    for (const url of new Set(t.app.accessPolicy.map((route) => route.url))) {
      const path = url.replace(/:\w+/g, 'x').replace('*', 'x');
      const methods = methodsOf(path);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
        if (methods.has(method)) continue;
        const res = await t.app.inject({ method, url: path });
        const allow = [...methods].sort().join(', ');
        if (
          res.statusCode !== 405 ||
          res.headers.allow !== allow ||
          errorOf(res).code !== 'method_not_allowed'
        )
          failures.push(
            `${method} ${path}: ${res.statusCode} allow=${res.headers.allow} (expected ${allow})`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('still answers 404 for a path no route has, and for a route of the method that finds nothing', async ({
    t,
  }) => {
    for (const [method, url] of [
      ['PUT', '/api/no-such-thing'],
      ['GET', '/uploads/no-such-photo-480.webp'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.allow).toBeUndefined();
    }
  });
});

describe('API_DOCS', () => {
  const base = {
    NODE_ENV: 'production',
    AUTH_SECRET: 'x'.repeat(40),
    PAYMENTS: 'test',
    PUBLIC_URL: 'https://redline.example',
  };

  it('is on by default in development and test, off in production, and validated', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig(base).apiDocs).toBe(false);
    expect(loadConfig({ ...base, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ ...base, API_DOCS: 'yes' })).toThrow(ConfigError);
  });

  it('serves neither Swagger UI nor the document when off', async ({ t }) => {
    const off = await createTestApp({ API_DOCS: 'false' });
    try {
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
        expect((await off.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    } finally {
      await off.close();
    }
    for (const url of ['/api/docs', '/api/docs/json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
    }
  });
});
