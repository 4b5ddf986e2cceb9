// GET /skills/{id}/export and POST /skills/import over HTTP: a skill leaves as a SKILL.md (text/markdown)
// and comes back from one, with the review and power command rules of POST /skills; the import reads
// text/markdown only. The format itself: skill-md.test.ts.
import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { Skill, SkillVersion } from './skills.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await testApp({ env: { HWA_BODY_LIMIT: String(512 * 1024) } });
  ann = await ctx.newUser();
  admin = await ctx.newUser({ admin: true });
});

const name = () => `md-${randomBytes(4).toString('hex')}`;
const exported = (id: string, as = ann) => as.call<string>('GET', `/skills/${id}/export`);
const importMd = (
  text: string | Buffer,
  as = ann,
  query: Record<string, string> = {},
  type = 'text/markdown',
) =>
  as.call<Skill>('POST', '/skills/import', undefined, {
    raw: text,
    headers: { 'content-type': type },
    query,
  });
const file = (n: string, instructions = '# Steps\n\n1. Measure.\n', extra = '') =>
  `---\nname: ${n}\ndescription: Derate parts\n${extra}---\n\n${instructions}`;

describe('GET /skills/{skill_id}/export', () => {
  it('answers the skill as a SKILL.md, text/markdown, to download as SKILL.md', async () => {
    const skill = await ctx.newSkill(ann, {
      description: 'Derate: 85 °C',
      instructions: '# Derate\n\n1. Look.\n',
    });
    const res = await exported(skill.uuid);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="SKILL.md"');
    expect(res.body).toBe(
      `---\nname: ${skill.name}\ndescription: "Derate: 85 °C"\nmetadata:\n  power_command: ${skill.power_command}\n---\n\n` +
        '# Derate\n\n1. Look.\n',
    );
  });

  it('exports the current version while a change waits for review', async () => {
    const skill = await ctx.newSkill(admin, { scope: 'global', instructions: 'approved text' });
    const owner = await ctx.newUser();
    const theirs = await ctx.newSkill(owner, { scope: 'global', instructions: 'v1' });
    ok(await admin.call('POST', `/skills/${theirs.uuid}/approve`));
    ok(await owner.call('PATCH', `/skills/${theirs.uuid}`, { instructions: 'proposed' }));
    expect((await exported(theirs.uuid)).body).toMatch(/\n\nv1$/);
    expect((await exported(skill.uuid)).body).toMatch(/\n\napproved text$/);
  });

  it('answers 404 for an unknown skill and for someone else’s personal one', async () => {
    expectProblem(await exported(randomUUID()), 404);
    const bob = await ctx.newUser();
    const skill = await ctx.newSkill(ann);
    expectProblem(await exported(skill.uuid, bob), 404);
  });
});

describe('POST /skills/import', () => {
  it('creates a personal skill, version 1, from a SKILL.md', async () => {
    const n = name();
    const skill = ok(await importMd(file(n, '# Steps\n', 'metadata:\n  power_command: derate-it\n')), 201);
    expect(skill).toMatchObject({
      name: n,
      description: 'Derate parts',
      power_command: 'derate-it',
      instructions: '# Steps\n',
      scope: 'user',
      status: 'approved',
      current_version: 1,
      created_by: ann.email,
    });
    const versions = ok(await ann.call<SkillVersion[]>('GET', `/skills/${skill.uuid}/versions`));
    expect(versions.map((v) => v.version_number)).toEqual([1]);
  });

  it('reads the file as UTF-8 with or without a charset parameter', async () => {
    const n = name();
    const withCharset = await importMd(
      Buffer.from(file(n, 'Ω 4.7 k')),
      ann,
      {},
      'text/markdown; charset=utf-8',
    );
    expect(ok(withCharset, 201).instructions).toBe('Ω 4.7 k');
  });

  it('gives back the exported skill: export, delete, import', async () => {
    const original = await ctx.newSkill(ann, {
      description: 'Bring up an I²C bus: "pull-ups" first',
      instructions: '\n# I2C bring-up\n\n---\n\n| line | pull-up |\n|---|---|\n| SDA | 4.7 kΩ |',
    });
    const text = (await exported(original.uuid)).body;
    expect((await ann.call('DELETE', `/skills/${original.uuid}`)).status).toBe(204);
    const back = ok(await importMd(text), 201);
    const fields = (s: Skill) => [s.name, s.description, s.power_command, s.instructions, s.scope];
    expect(fields(back)).toEqual(fields(original));
    expect((await exported(back.uuid)).body).toBe(text);
  });

  it('takes scope and group_id from the query, with the review rules of POST /skills', async () => {
    const group = randomUUID();
    const proposed = ok(await importMd(file(name()), ann, { scope: 'global', group_id: group }), 201);
    expect(proposed).toMatchObject({
      scope: 'global',
      status: 'pending_approval',
      pending_version: 1,
      group_id: group,
    });
    const approved = ok(await importMd(file(name()), admin, { scope: 'global' }), 201);
    expect(approved).toMatchObject({ scope: 'global', status: 'approved' });
    expectProblem(await importMd(file(name()), ann, { scope: 'team', group_id: 'g' }), 400, [
      'query.scope',
      'query.group_id',
    ]);
    expectProblem(await importMd(file(name()), ann, { owner: 'x' }), 400, ['query.owner']);
  });

  it('refuses a command another of your skills holds, naming it', async () => {
    const holder = await ctx.newSkill(ann);
    const problem = expectProblem(await importMd(file(holder.name)), 409);
    expect(problem.type).toBe('urn:hwa:problem:power_command_taken');
    expect(problem.skill_id).toBe(holder.uuid);
  });

  it('refuses a file that is not a SKILL.md, naming what is wrong, and creates nothing', async () => {
    const before = ok(await ann.call<{ count: number }>('GET', '/skills')).count;
    expectProblem(await importMd('# no front matter\n'), 400, ['body']);
    expectProblem(await importMd(''), 400, ['body']);
    expectProblem(await importMd('---\nname: Bad Name\nextra: 1\n---\n'), 400, [
      'body.name',
      'body.description',
      'body.extra',
      'body.instructions',
    ]);
    const slash = expectProblem(
      await importMd(file(name(), 'i', 'metadata:\n  power_command: /derate\n')),
      400,
      ['body.metadata.power_command'],
    );
    expect(slash.detail).toContain('drop the leading slash');
    expect(ok(await ann.call<{ count: number }>('GET', '/skills')).count).toBe(before);
  });

  it('accepts instructions of 100,000 characters and refuses 100,001', async () => {
    const longest = ok(await importMd(file(name(), 'é'.repeat(100_000))), 201);
    expect(longest.instructions).toHaveLength(100_000);
    expectProblem(await importMd(file(name(), 'é'.repeat(100_001))), 400, ['body.instructions']);
  });

  it('refuses the NUL character in the file', async () => {
    expectProblem(await importMd(file(name(), 'a\u0000b')), 400, ['body']);
  });

  it('answers 413 to a file larger than HWA_BODY_LIMIT', async () => {
    expectProblem(await importMd(file(name(), 'x'.repeat(512 * 1024))), 413);
  });

  it.each([
    ['application/json', JSON.stringify({ content: file('json-skill') })],
    ['text/plain', file('plain-skill')],
    ['multipart/form-data; boundary=x', '--x--'],
  ])('answers 415 to a %s body, saying to send text/markdown', async (type, payload) => {
    const problem = expectProblem(await importMd(payload, ann, {}, type), 415);
    expect(problem.detail).toContain('Content-Type: text/markdown');
  });

  it('answers 400 to a request with no body', async () => {
    expectProblem(await ann.call('POST', '/skills/import'), 400, ['body']);
  });
});

describe('the rest of /skills stays JSON-only', () => {
  it('answers 415 to a SKILL.md sent to POST /skills or PATCH', async () => {
    const skill = await ctx.newSkill(ann);
    const markdown = { raw: file(name()), headers: { 'content-type': 'text/markdown' } };
    expectProblem(await ann.call('POST', '/skills', undefined, markdown), 415);
    expectProblem(await ann.call('PATCH', `/skills/${skill.uuid}`, undefined, markdown), 415);
  });
});
