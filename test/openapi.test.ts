// The OpenAPI document is generated from the route schemas. This walks every registered route and
// fails if one lacks a response schema or is missing from the document, so clients generated from
// /api/v1/openapi.json can trust it; and the document must pass an OpenAPI 3.1 validator.
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext, type TestUser } from './helpers.js';

let ctx: TestContext;
let user: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  user = await ctx.newUser({ email: 'openapi@example.com' });
});

/** Routes of the API itself: /docs (the reference page's own assets) is not part of the contract. */
const apiRoutes = () =>
  ctx.app.routeTable.filter((r) => !r.url.startsWith('/docs') && r.method !== 'HEAD' && !r.schema?.hide);

/** The document as parsed JSON, as untyped as `res.json()`: these tests are what check its shape. */
type OpenApiDocument = ReturnType<typeof JSON.parse>;

const methods = (r: { method: string | string[] }) => (Array.isArray(r.method) ? r.method : [r.method]);
interface Operation {
  parameters?: { name: string; required?: boolean; schema?: { default?: unknown } }[];
  requestBody?: {
    content?: Record<
      string,
      { schema?: { required?: string[]; properties?: Record<string, { default?: unknown }> } }
    >;
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

const openapiPath = (url: string) => url.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('OpenAPI document', () => {
  it('is served at /api/v1/openapi.json without a token and passes an OpenAPI 3.1 validator', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every registered route, each with a success response schema', async () => {
    const doc = (await user.call<OpenApiDocument>('GET', '/openapi.json')).body;
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
    const doc = (await user.call<OpenApiDocument>('GET', '/openapi.json')).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/healthz'].get.security).toEqual([]);
    expect(doc.paths['/readyz'].get.security).toEqual([]);
  });

  it('marks no parameter or body field with a default as required (the server fills it in)', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const wrong: string[] = [];
    for (const [path, item] of Object.entries<Record<string, Operation>>(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        for (const p of op.parameters ?? []) {
          if (p.required && p.schema?.default !== undefined) wrong.push(`${method} ${path} ${p.name}`);
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        for (const name of body?.required ?? []) {
          if (body?.properties?.[name]?.default !== undefined) wrong.push(`${method} ${path} body.${name}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    const changes = doc.paths['/api/v1/systems/{system_id}/metagraph/changes'].get.parameters;
    expect(changes.find((p: { name: string }) => p.name === 'limit')).toMatchObject({ required: false });
  });

  it('documents every error as application/problem+json, with the answers every route can give', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const wrong: string[] = [];
    for (const [path, item] of Object.entries<Record<string, Operation>>(doc.paths)) {
      if (path.startsWith('/docs')) continue;
      for (const [method, op] of Object.entries(item)) {
        const codes = Object.keys(op.responses);
        for (const code of codes.filter((c) => Number(c) >= 400)) {
          const types = Object.keys(op.responses[code]!.content ?? {});
          if (types.join() !== 'application/problem+json')
            wrong.push(`${method} ${path} ${code}: ${types.join()}`);
        }
        const expected = ['400', '408', '431', '500', '503'];
        if (['post', 'put', 'patch', 'delete'].includes(method)) expected.push('413', '415');
        if (path.startsWith('/api/v1') && path !== '/api/v1/openapi.json') expected.push('401');
        for (const code of expected) if (!codes.includes(code)) wrong.push(`${method} ${path}: no ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('describes the upload form, the annotation content and the download as they really are', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const upload = doc.paths['/api/v1/sessions/{session_id}/upload-files'].post.requestBody;
    expect(Object.keys(upload.content)).toEqual(['multipart/form-data']);
    expect(upload.content['multipart/form-data'].schema.properties.files).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'binary' },
    });
    const annotation = doc.paths['/api/v1/annotations'].post.requestBody.content['application/json'].schema;
    const content = annotation.properties.annotation_content;
    expect(content.anyOf).toHaveLength(2);
    expect(JSON.stringify(content)).toContain('page_number');
    expect(JSON.stringify(doc)).not.toContain('x-hwa-documented-as');
    const download = doc.paths['/downloads/{attachment_id}'].get.responses['200'];
    expect(Object.keys(download.content)).toEqual(['*/*']);
    expect(download.content['*/*'].schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('describes the SKILL.md import and export as text/markdown, not JSON', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const imported = doc.paths['/api/v1/skills/import'].post;
    expect(Object.keys(imported.requestBody.content)).toEqual(['text/markdown']);
    expect(imported.requestBody.content['text/markdown'].schema).toMatchObject({ type: 'string' });
    const exported = doc.paths['/api/v1/skills/{skill_id}/export'].get.responses['200'];
    expect(Object.keys(exported.content)).toEqual(['text/markdown']);
  });

  it('describes a run’s events as text/event-stream, and latest-run’s 204 without a body', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const events = doc.paths['/api/v1/job-runs/{job_run_id}/events'].get.responses['200'];
    expect(Object.keys(events.content)).toEqual(['text/event-stream']);
    const latest = doc.paths['/api/v1/jobs/{job_id}/latest-run'].get.responses;
    expect(Object.keys(latest['200'].content)).toEqual(['application/json']);
    expect(latest['204'].content).toBeUndefined();
  });

  it('serves the reference page at /docs without a token', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const json = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
    expect(json.json().paths['/api/v1/systems/{system_id}']).toBeDefined();
  });
});
