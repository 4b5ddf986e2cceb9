// GET /issues/metrics: a pie of issues by status with fixed colours, and the weekly flow (opened and
// resolved bars, the open backlog line) over 12 weeks; the backlog arithmetic on its own, without a
// database, for issues filed and closed before and within the window.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Issue } from './issues.schemas.js';
import type { Metrics, PieChart } from './metrics.schemas.js';
import { statusPie, weeklyFlow } from './metrics.service.js';

let ctx: TestContext;
let ann: TestUser;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser();
});

const COLORS = { open: '#2563eb', in_progress: '#f59e0b', resolved: '#16a34a', rejected: '#6b7280' };

/** The Monday (UTC) of the week `weeksAgo` before this one, as YYYY-MM-DD. */
function monday(weeksAgo: number): string {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) - 7 * weeksAgo);
  return d.toISOString().slice(0, 10);
}

describe('GET /issues/metrics', () => {
  it('answers a pie by status and the weekly flow, for one system', async () => {
    const system = (await ctx.newSystem(ann)).system_id;
    const file = async (status?: string) =>
      ok(
        await ann.call<Issue>('POST', '/issues', { title: 't', description: [], system_id: system, status }),
        201,
      );
    await file();
    await file('open');
    await file('in_progress');
    await file('resolved');
    const reopened = await file('resolved');
    ok(await ann.call('PATCH', `/issues/${reopened.uuid}`, { status: 'open' }));
    const rejected = await file();
    ok(await ann.call('PATCH', `/issues/${rejected.uuid}`, { status: 'rejected' }));

    const { metrics } = ok(await ann.call<Metrics>('GET', `/issues/metrics?system_id=${system}`));
    expect(metrics.map((m) => m.chart_type)).toEqual(['pie_chart', 'mixed_chart']);
    expect(metrics[0]!.chart_data).toEqual({
      title: 'Issues by status',
      data: [
        { label: 'open', value: 3, color: COLORS.open },
        { label: 'in_progress', value: 1, color: COLORS.in_progress },
        { label: 'resolved', value: 1, color: COLORS.resolved },
        { label: 'rejected', value: 1, color: COLORS.rejected },
      ],
      colors: COLORS,
      display_config: { show_legend: true, show_values: true, unit: 'issues' },
    });
    const zeros = Array(11).fill(0);
    expect(metrics[1]!.chart_data).toEqual({
      title: 'Issues opened and resolved per week',
      labels: Array.from({ length: 12 }, (_, i) => monday(11 - i)),
      datasets: [
        { type: 'bar', label: 'Opened', data: [...zeros, 6], color: COLORS.open },
        { type: 'bar', label: 'Resolved', data: [...zeros, 1], color: COLORS.resolved },
        { type: 'line', label: 'Open backlog', data: [...zeros, 4], color: COLORS.in_progress },
      ],
    });
  });

  it('counts every issue without system_id, leaves deleted ones out, and answers zeros for an unknown system', async () => {
    const pie = async (query = '') =>
      (ok(await ann.call<Metrics>('GET', `/issues/metrics${query}`)).metrics[0] as PieChart).chart_data.data;
    const before = (await pie())[0]!.value;
    const issue = ok(await ann.call<Issue>('POST', '/issues', { title: 't', description: [] }), 201);
    expect((await pie())[0]!.value).toBe(before + 1);
    ok(await ann.call('DELETE', `/issues/${issue.uuid}`), 204);
    expect((await pie())[0]!.value).toBe(before);
    expect((await pie(`?system_id=${randomUUID()}`)).map((d) => d.value)).toEqual([0, 0, 0, 0]);
    expectProblem(await ann.call('GET', '/issues/metrics?system_id=nope'), 400, ['query.system_id']);
  });
});

describe('weeklyFlow', () => {
  const weeks = ['2026-01-05', '2026-01-12', '2026-01-19'];
  const data = (flow: ReturnType<typeof weeklyFlow>) => flow.map((d) => d.data);

  it('walks the backlog back from today through what was filed and closed since', () => {
    // Today: 5 open. Week 2 filed 3 (2 still open); week 3 filed 1 (open). Closed in week 3: one
    // filed before the window, one filed in week 2 (resolved); closed in week 2: one filed in week 1.
    const flow = weeklyFlow({
      weeks,
      openNow: 5,
      opened: [
        { week: '2026-01-05', opened: 1, still_open: 0 },
        { week: '2026-01-12', opened: 3, still_open: 2 },
        { week: '2026-01-19', opened: 1, still_open: 1 },
      ],
      closed: [
        { closed_week: '2026-01-19', created_week: '', closed: 1, resolved: 0 },
        { closed_week: '2026-01-19', created_week: '2026-01-12', closed: 1, resolved: 1 },
        { closed_week: '2026-01-12', created_week: '2026-01-05', closed: 1, resolved: 1 },
      ],
    });
    expect(data(flow)).toEqual([
      [1, 3, 1],
      [0, 1, 1],
      [5 - 3 + 2, 5 - 1 + 2, 5],
    ]);
  });

  it('is all zeros with nothing filed, and a flat line with only old open issues', () => {
    expect(data(weeklyFlow({ weeks, openNow: 0, opened: [], closed: [] }))).toEqual([
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(data(weeklyFlow({ weeks, openNow: 7, opened: [], closed: [] }))[2]).toEqual([7, 7, 7]);
  });

  it('gives every status a slice and its fixed colour, zeros included', () => {
    expect(statusPie([{ status: 'rejected', n: 2 }]).chart_data.data).toEqual([
      { label: 'open', value: 0, color: COLORS.open },
      { label: 'in_progress', value: 0, color: COLORS.in_progress },
      { label: 'resolved', value: 0, color: COLORS.resolved },
      { label: 'rejected', value: 2, color: COLORS.rejected },
    ]);
  });
});
