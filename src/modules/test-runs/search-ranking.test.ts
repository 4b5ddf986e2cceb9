// GET /test-runs/search ordering: a title match above a body match, more matching components above
// one, scores non-increasing, equal scores by run id, pages that tile the whole answer, newest first
// under sort_by=created_at.
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { searchClient } from '../../../test/search-helpers.js';
import type { TestRun } from './test-runs.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let sc: ReturnType<typeof searchClient>;
let systemId: string;
const same: TestRun[] = [];

/** A run of the test system with one card holding steps of these titles and descriptions. */
async function runWith(title: string, steps: [string, string][]): Promise<TestRun> {
  const run = await sc.rc.run({ system_id: systemId, title });
  const card = await sc.rc.card(run.uuid, { title: 'Vibration' });
  for (const [t, description] of steps) await sc.rc.step(run.uuid, card.uuid, { title: t, description });
  return run;
}

beforeAll(async () => {
  // Full text alone: the fusion with meaning has its own tests (search-fusion, search-semantic), and
  // here background embedding would make the answers depend on timing.
  ctx = await testApp({ env: { HWA_TEST_RUN_SEMANTIC_SEARCH: '0' } });
  ann = await ctx.newUser();
  sc = searchClient(ctx, ann);
  systemId = (await ctx.newSystem(ann)).system_id;
  for (let i = 0; i < 25; i++)
    same.push(await runWith(`Campaign ${i}`, [['Sine sweep', 'Along the Z axis']]));
});

const ids = (answer: { results: { test_run: { uuid: string } }[] }) =>
  answer.results.map((r) => r.test_run.uuid);

describe('GET /test-runs/search ordering', () => {
  it('ranks a title match above body matches, and more matching components above one', async () => {
    const body = await runWith('Body', [['Survey', 'first resonance near 180 Hz']]);
    const title = await runWith('Title', [['Resonance survey', 'low level']]);
    const many = await runWith('Many', [
      ['Survey X', 'resonance at 180 Hz'],
      ['Survey Y', 'resonance at 210 Hz'],
      ['Survey Z', 'resonance at 240 Hz'],
    ]);
    const answer = await sc.search({ q: 'resonance' });
    expect(ids(answer)).toEqual([title.uuid, many.uuid, body.uuid]);
    const scores = answer.results.map((r) => r.score);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    expect(answer.results[1]!.matches).toHaveLength(3);
  });

  it('ranks a word alike in whichever form it is typed: the stem stands for every form', async () => {
    const title = await runWith('Stem title', [['Heated bake', 'at 60 C']]);
    const body = await runWith('Stem body', [['Bake', 'check the heating profile']]);
    const both = await runWith('Stem both', [
      ['Heat check', 'heating within limits'],
      ['Repeat', 'heats again'],
    ]);
    const answers = await Promise.all(['heating', 'heat', 'HEATED'].map((q) => sc.search({ q })));
    const ranking = (a: (typeof answers)[number]) => a.results.map((r) => [r.test_run.uuid, r.score]);
    expect(ids(answers[0]!)).toEqual([both.uuid, title.uuid, body.uuid]);
    for (const answer of answers.slice(1)) expect(ranking(answer)).toEqual(ranking(answers[0]!));
  });

  it('lists at most 10 matches per run, the title match first', async () => {
    const steps = (n: number, word: string): [string, string][] =>
      Array.from({ length: n }, (_, i) => [`Check ${i}`, `${word} on the harness`]);
    const ten = await runWith('Ten', steps(10, 'chafing'));
    const eleven = await runWith('Eleven', [['Chafing survey', ''], ...steps(10, 'chafing')]);
    const answer = await sc.search({ q: 'chafing' });
    const matches = (run: TestRun) => answer.results.find((r) => r.test_run.uuid === run.uuid)!.matches;
    expect(matches(ten)).toHaveLength(10);
    expect(matches(eleven)).toHaveLength(10);
    expect(matches(eleven)[0]!.component_title).toBe('Chafing survey');
  });

  it('breaks equal scores by run id and pages through the whole answer without gaps or repeats', async () => {
    const all = await sc.search({ q: 'sine sweep', limit: '100' });
    expect(all.total_count).toBe(25);
    expect(ids(all)).toEqual(same.map((r) => r.uuid).sort());
    const scores = all.results.map((r) => r.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const pages: string[] = [];
    for (let offset = 0; offset < 30; offset += 10) {
      const page = await sc.search({ q: 'sine sweep', limit: '10', offset: String(offset) });
      expect(page.total_count).toBe(25);
      pages.push(...ids(page));
    }
    expect(pages).toEqual(ids(all));
    expect(ids(await sc.search({ q: 'sine sweep' }))).toEqual(ids(all).slice(0, 20));
  });

  it('lists newest first under sort_by=created_at', async () => {
    const answer = await sc.search({ q: 'sine sweep', sort_by: 'created_at', limit: '5', offset: '1' });
    expect(ids(answer)).toEqual(
      same
        .map((r) => r.uuid)
        .reverse()
        .slice(1, 6),
    );
    expect(answer.total_count).toBe(25);
  });
});
