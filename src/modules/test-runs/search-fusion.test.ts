// Test-run search with a semantic half (a fake SemanticSearch): reciprocal rank fusion of both run
// rankings, semantic matches with the start of the component's text, the filters applied to the
// semantic runs too, and full text alone whenever the semantic half answers null or throws.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { searchClient } from '../../../test/search-helpers.js';
import type { Actor } from '../../core/auth.js';
import { reciprocalRankFusion, runOrder } from './search.fusion.js';
import type { SearchQuery } from './search.schemas.js';
import { TestRunSearchService } from './search.service.js';
import type { SemanticHit, SemanticSearch } from './search.types.js';
import type { TestCard, TestRun, TestStep } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let actor: Actor;
let sc: ReturnType<typeof searchClient>;
let wheel: TestRun;
let other: TestRun;
let gone: TestRun;
let card: TestCard;
let creep: TestStep;
let drift: TestStep;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
  actor = { userId: randomUUID(), email: ann.email, isAdmin: false, tokenId: randomUUID() };
  sc = searchClient(ctx, ann);
  const systemId = (await ctx.newSystem(ann)).system_id;
  wheel = await sc.rc.run({ system_id: systemId, title: 'Reaction wheel TVAC' });
  card = await sc.rc.card(wheel.uuid, { title: 'Wheel spin-up' });
  creep = await sc.rc.step(wheel.uuid, card.uuid, {
    title: 'Hold 3000 rpm',
    description: 'Motor current rose slowly over the two-hour hold, from 120 mA to 180 mA, '.repeat(4),
  });
  other = await sc.rc.run({ system_id: systemId, title: 'Star tracker TVAC' });
  const c2 = await sc.rc.card(other.uuid, { title: 'Optics' });
  drift = await sc.rc.step(other.uuid, c2.uuid, { title: 'Focus drift', description: 'Boresight moved' });
  gone = await sc.rc.run({ system_id: systemId, title: 'Deleted TVAC' });
  await ann.call('DELETE', `/test-runs/${gone.uuid}`);
});

const query = (q: string, extra: Partial<SearchQuery> = {}): SearchQuery => ({
  q,
  limit: 20,
  offset: 0,
  ...extra,
});
const hit = (run: TestRun, id: string, similarity: number, type: SemanticHit['componentType'] = 'step') => ({
  runId: run.uuid,
  componentType: type,
  componentId: id,
  similarity,
});

describe('reciprocalRankFusion', () => {
  it('sums 1 / (60 + rank) over the lists; ties by run id', () => {
    expect(
      reciprocalRankFusion([
        ['a', 'b'],
        ['b', 'c'],
      ]),
    ).toEqual([
      { id: 'b', score: 1 / 62 + 1 / 61 },
      { id: 'a', score: 1 / 61 },
      { id: 'c', score: 1 / 62 },
    ]);
    expect(reciprocalRankFusion([['b'], ['a']]).map((f) => f.id)).toEqual(['a', 'b']);
    expect(
      runOrder([hit(other, 'x', 0.5), hit(wheel, 'y', 0.9), hit(other, 'z', 0.95)].map((h) => h)),
    ).toEqual([other.uuid, wheel.uuid]);
  });
});

describe('search with a semantic half', () => {
  it('fuses both rankings and lists semantic matches with the start of the component text', async () => {
    // "creeping current" is in no text: only the semantic half finds the wheel's step.
    const semantic = vi.fn<SemanticSearch>(async () => [
      hit(wheel, creep.uuid, 0.83),
      hit(gone, gone.uuid, 0.8, 'run'),
    ]);
    const service = new TestRunSearchService(ctx.database.db, semantic);
    const answer = await service.search(
      actor,
      query('creeping current', { component_types: ['step', 'run'] }),
    );
    expect(semantic).toHaveBeenCalledWith('creeping current', {
      componentTypes: ['step', 'run'],
      systemId: undefined,
      limit: 200,
    });
    expect(answer.total_count).toBe(1);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]!.score).toBeCloseTo(1 / 61);
    expect(answer.results[0]!.matches).toEqual([
      {
        component_type: 'step',
        component_id: creep.uuid,
        component_title: 'Hold 3000 rpm',
        path: 'Card 1 › Step 1: Hold 3000 rpm',
        snippet:
          `Hold 3000 rpm — ${'Motor current rose slowly over the two-hour hold, from 120 mA to 180 mA, '.repeat(4)}`.slice(
            0,
            199,
          ) + '…',
        match_type: 'semantic',
      },
    ]);
  });

  it('ranks a run found by both above runs found by one, and lists its full-text match first', async () => {
    const semantic: SemanticSearch = async () => [hit(other, drift.uuid, 0.9), hit(wheel, creep.uuid, 0.7)];
    const service = new TestRunSearchService(ctx.database.db, semantic);
    const answer = await service.search(actor, query('wheel'));
    expect(answer.results.map((r) => r.test_run.uuid)).toEqual([wheel.uuid, other.uuid]);
    expect(answer.results[0]!.score).toBeCloseTo(1 / 61 + 1 / 62);
    expect(answer.results[1]!.score).toBeCloseTo(1 / 61);
    expect(answer.results[0]!.matches.map((m) => [m.component_type, m.match_type])).toEqual([
      ['run', 'fulltext'],
      ['card', 'fulltext'],
      ['step', 'semantic'],
    ]);
    // Filters hold for semantic runs too; newest first is the fused set by creation.
    const after = await service.search(
      actor,
      query('wheel', { created_after: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect(after).toEqual({ results: [], total_count: 0 });
    const newest = await service.search(actor, query('wheel', { sort_by: 'created_at' }));
    expect(newest.results.map((r) => r.test_run.uuid)).toEqual([other.uuid, wheel.uuid]);
    const second = await service.search(actor, query('wheel', { limit: 1, offset: 1 }));
    expect(second.results.map((r) => r.test_run.uuid)).toEqual([other.uuid]);
    expect(second.total_count).toBe(2);
  });

  it('answers by full text alone when the semantic half is absent, answers null or throws', async () => {
    const alone = await new TestRunSearchService(ctx.database.db).search(actor, query('TVAC'));
    expect(alone.total_count).toBe(2);
    expect(alone.results.flatMap((r) => r.matches.map((m) => m.match_type))).toEqual([
      'fulltext',
      'fulltext',
    ]);
    const warn = vi.fn();
    for (const semantic of [
      async () => null,
      () => Promise.reject(new Error('model down')),
    ] as SemanticSearch[]) {
      const answer = await new TestRunSearchService(ctx.database.db, semantic, { warn }).search(
        actor,
        query('TVAC'),
      );
      expect(answer).toEqual(alone);
    }
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
