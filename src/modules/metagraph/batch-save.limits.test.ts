// Batch save limits: each field at its maximum length and one over, and the body limit of its own
// (HWA_BATCH_SAVE_BODY_LIMIT), larger than every other route's.
import { beforeAll, describe, expect, it } from 'vitest';
import { batchSaveApp, metagraphTestApp, mg, type MetagraphClient } from '../../../test/batch-save-app.js';
import { ok } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';

batchSaveApp();

describe('field limits', () => {
  const LIMITS: [string, (n: number) => object, number, string][] = [
    ['name', (n) => ({ name: 'n'.repeat(n) }), 500, 'body.creates[0].name'],
    ['description', (n) => ({ description: 'd'.repeat(n) }), 10_000, 'body.creates[0].description'],
    ['local_id', (n) => ({ local_id: 'l'.repeat(n) }), 200, 'body.creates[0].local_id'],
    ['property key', (n) => ({ properties: { ['k'.repeat(n)]: 'v' } }), 200, 'body.creates[0].properties'],
    ['property value', (n) => ({ properties: { k: 'v'.repeat(n) } }), 10_000, 'body.creates[0].properties.k'],
  ];

  it.each(LIMITS)(
    'accepts an entity %s at its maximum length and refuses one longer',
    async (_f, field, max, path) => {
      const sys = await mg.createSystem();
      const create = (n: number) => ({
        creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A', ...field(n) }],
      });
      expect((await mg.save(sys, create(max))).entities_created).toBe(1);
      const problem = expectProblem(await mg.batch(sys, create(max + 1)), 400);
      expect(problem.errors.length).toBeGreaterThan(0);
      expect(problem.errors.map((e) => e.path).every((p) => p.startsWith(path))).toBe(true);
      expect((await mg.full(sys)).version).toBe(1);
    },
  );

  it('applies the name and description limits to updates and relationships as well', async () => {
    const { sys, id, graph } = await mg.satellite();
    const relId = graph.relationships[0]!.uuid;
    await mg.save(sys, {
      updates: [{ id: id('EPS'), name: 'n'.repeat(500), description: 'd'.repeat(10_000) }],
      relationship_updates: [{ id: relId, name: 'r'.repeat(500), description: 'd'.repeat(10_000) }],
      relationship_creates: [
        { edge_type: 'CONNECTS', source_id: id('EPS'), target_id: id('ADCS'), name: 'r'.repeat(500) },
      ],
    });
    expectProblem(await mg.batch(sys, { updates: [{ id: id('EPS'), name: 'n'.repeat(501) }] }), 400, [
      'body.updates[0].name',
    ]);
    expectProblem(
      await mg.batch(sys, { updates: [{ id: id('EPS'), description: 'd'.repeat(10_001) }] }),
      400,
      ['body.updates[0].description'],
    );
    expectProblem(
      await mg.batch(sys, { relationship_updates: [{ id: relId, name: 'r'.repeat(501) }] }),
      400,
      ['body.relationship_updates[0].name'],
    );
    expectProblem(
      await mg.batch(sys, {
        relationship_creates: [
          { edge_type: 'CONNECTS', source_id: id('EPS'), target_id: id('ADCS'), name: 'r'.repeat(501) },
        ],
      }),
      400,
      ['body.relationship_creates[0].name'],
    );
    expect((await mg.full(sys)).version).toBe(2);
  });

  it('accepts a save larger than the ordinary body limit (default 1 MiB)', async () => {
    const sys = await mg.createSystem();
    const creates = Array.from({ length: 130 }, (_, i) => ({
      local_id: `c${i}`,
      type: 'COMPONENT',
      name: `Part ${i}`,
      description: 'x'.repeat(9_500),
    }));
    const payload = { creates };
    expect(JSON.stringify(payload).length).toBeGreaterThan(1024 * 1024);
    expect((await mg.save(sys, payload)).entities_created).toBe(130);
  });
});

describe('the batch save body limit', () => {
  let small: MetagraphClient;

  beforeAll(async () => {
    // Batch save's own limit (4 KiB) above the ordinary limit (2 KiB), so each is seen on its own.
    ({ mg: small } = await metagraphTestApp({
      env: { HWA_BATCH_SAVE_BODY_LIMIT: '4096', HWA_BODY_LIMIT: '2048' },
    }));
  });

  const bodyOfSize = (bytes: number) => {
    const shell = { creates: [{ local_id: 'a', type: 'COMPONENT', name: 'A', description: '' }] };
    const pad = bytes - JSON.stringify(shell).length;
    shell.creates[0]!.description = 'd'.repeat(pad);
    expect(JSON.stringify(shell).length).toBe(bytes);
    return shell;
  };

  it('comes from HWA_BATCH_SAVE_BODY_LIMIT: a body at the limit is saved, one byte more is 413', async () => {
    const sys = await small.createSystem();
    expect((await small.save(sys, bodyOfSize(4096))).version).toBe(1);
    expectProblem(await small.batch(sys, bodyOfSize(4097)), 413);
    expect((await small.full(sys)).version).toBe(1);
  });

  it('does not change the limit of other routes (HWA_BODY_LIMIT)', async () => {
    const put = (content: string) => small.user.call('PUT', '/memories', { content });
    const overhead = JSON.stringify({ content: '' }).length;
    ok(await put('m'.repeat(2048 - overhead)));
    expectProblem(await put('m'.repeat(2049 - overhead)), 413);
  });
});
