// The OpenAPI document is generated from the route schemas. This walks every registered route and
// fails if one lacks a response schema or is missing from the document, so clients generated from
// /api/v1/openapi.json can trust it; and the document must pass an OpenAPI 3.1 validator.
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext } from './helpers.js';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ctx = await testApp();
  token = await ctx.tokenFor('openapi@example.com');
});

/** Routes of the API itself: /docs (the reference page's own assets) is not part of the contract. */
const apiRoutes = () =>
  ctx.app.routeTable.filter((r) => !r.url.startsWith('/docs') && r.method !== 'HEAD' && !r.schema?.hide);

const methods = (r: { method: string | string[] }) => (Array.isArray(r.method) ? r.method : [r.method]);
const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('is served at /api/v1/openapi.json to a signed-in user and passes an OpenAPI 3.1 validator', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(401);
    const res = await ctx.as(token, { method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered route, each with a success response schema', async () => {
    const doc = (await ctx.as(token, { method: 'GET', url: '/api/v1/openapi.json' })).json();
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const problems: string[] = [];
    for (const route of routes) {
      for (const method of methods(route)) {
        const name = `${method} ${route.url}`;
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        if (!Object.keys(response).some((code) => /^2\d\d$/.test(code)))
          problems.push(`${name}: no 2xx schema`);
        const operation = doc.paths?.[openapiPath(route.url)]?.[method.toLowerCase()];
        if (!operation) problems.push(`${name}: missing from the document`);
        else if (!operation.responses || Object.keys(operation.responses).length === 0) {
          problems.push(`${name}: no responses in the document`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('declares bearer auth for the API and none for the health checks', async () => {
    const doc = (await ctx.as(token, { method: 'GET', url: '/api/v1/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/readyz'].get.security).toEqual([]);
  });

  it('serves the reference page at /docs without a token', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const json = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.json().paths['/api/v1/systems/{system_id}']).toBeDefined();
  });
});
