// docs/api.md lists every route the server serves, and only those: the README sends newcomers there to
// learn what exists, so a route added (or removed) without its line fails here.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './cli-process.js';
import { testApp, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await testApp();
  await ctx.app.ready();
});

/** `GET /api/v1/systems/{system_id}` for every route but the reference page's own (/docs…). */
function servedRoutes(): string[] {
  return ctx.app.routeTable
    .filter((route) => !route.url.startsWith('/docs'))
    .flatMap((route) => [route.method].flat().map((method) => ({ method, url: route.url })))
    .filter(({ method }) => method !== 'HEAD')
    .map(({ method, url }) => `${method} ${url.replace(/:([a-z_]+)/g, '{$1}')}`);
}

/** The rows of the table under "## Every route": `| \`GET\` | \`/path\` | what |`. */
function documentedRoutes(): string[] {
  const page = fs.readFileSync(path.join(ROOT, 'docs', 'api.md'), 'utf8');
  const section = page.split(/^## /m).find((s) => s.startsWith('Every route'));
  expect(section, 'docs/api.md has a "## Every route" section').toBeDefined();
  return [...section!.matchAll(/^\| `([A-Z]+)` +\| `([^`]+)` +\|/gm)].map(
    ([, method, url]) => `${method} ${url}`,
  );
}

describe('docs/api.md', () => {
  it('lists every route the server registers, once', () => {
    const documented = documentedRoutes();
    expect(documented.length).toBeGreaterThan(0);
    expect(new Set(documented).size).toBe(documented.length);
    expect(servedRoutes().filter((r) => !documented.includes(r))).toEqual([]);
  });

  it('lists no route the server does not serve', () => {
    const served = servedRoutes();
    expect(documentedRoutes().filter((r) => !served.includes(r))).toEqual([]);
  });
});
