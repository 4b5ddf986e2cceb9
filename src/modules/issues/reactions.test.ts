// Reactions to issue comments as a team uses them: anyone reacts with one of the documented short
// names, once per emoji (a second PUT changes nothing), takes it back (idempotent too), and each reader
// sees the counts in the documented order with their own `reacted_by_me`. Anything else is refused.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../core/schemas.js';
import { ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { deleteIssue, newIssue } from '../../../test/issue-helpers.js';
import { expectProblem } from '../../../test/problems.js';
import { REACTION_EMOJI, type Comment } from './comments.schemas.js';

let ctx: TestContext;
let ann: TestUser;
let bob: TestUser;
let cy: TestUser;
let issue: string;

beforeAll(async () => {
  ctx = await testApp();
  ann = await ctx.newUser({ email: 'ann@example.com' });
  bob = await ctx.newUser({ email: 'bob@example.com' });
  cy = await ctx.newUser({ email: 'cy@example.com' });
  issue = await newIssue(ann);
});

const comments = (issueId = issue) => `/issues/${issueId}/comments`;
const reaction = (commentId: string, emoji: string, issueId = issue) =>
  `${comments(issueId)}/${commentId}/reactions/${emoji}`;
const react = (commentId: string, emoji: string, user: TestUser, issueId = issue) =>
  user.call<Comment>('PUT', reaction(commentId, emoji, issueId));
const unreact = (commentId: string, emoji: string, user: TestUser, issueId = issue) =>
  user.call('DELETE', reaction(commentId, emoji, issueId));

async function newComment(): Promise<string> {
  return ok(await ann.call<Comment>('POST', comments(), { content: 'Root cause: a cold solder joint.' }), 201)
    .uuid;
}

/** The comment as `user` reads it in the list. */
async function seenBy(user: TestUser, commentId: string): Promise<Comment> {
  const page = ok(await user.call<Page<Comment>>('GET', comments(), undefined, { query: { limit: '1000' } }));
  return page.items.find((c) => c.uuid === commentId)!;
}

describe('PUT …/comments/{comment_id}/reactions/{emoji}', () => {
  it('adds the reaction and answers the comment with it, reacted_by_me for the reactor', async () => {
    const id = await newComment();
    const body = ok(await react(id, 'rocket', bob));
    expect(body).toMatchObject({ uuid: id, is_edited: false });
    expect(body.reactions).toEqual([{ emoji: 'rocket', count: 1, reacted_by_me: true }]);
    expect((await seenBy(ann, id)).reactions).toEqual([{ emoji: 'rocket', count: 1, reacted_by_me: false }]);
  });

  it('is idempotent: reacting twice counts once', async () => {
    const id = await newComment();
    ok(await react(id, '+1', bob));
    expect(ok(await react(id, '+1', bob)).reactions).toEqual([
      { emoji: '+1', count: 1, reacted_by_me: true },
    ]);
  });

  it('counts two reactions sent at once by the same person once', async () => {
    const id = await newComment();
    const answers = await Promise.all([react(id, 'heart', bob), react(id, 'heart', bob)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect((await seenBy(bob, id)).reactions).toEqual([{ emoji: 'heart', count: 1, reacted_by_me: true }]);
  });

  it('counts each person once per emoji, and the author may react too', async () => {
    const id = await newComment();
    ok(await react(id, 'eyes', bob));
    ok(await react(id, 'eyes', cy));
    expect(ok(await react(id, 'eyes', ann)).reactions).toEqual([
      { emoji: 'eyes', count: 3, reacted_by_me: true },
    ]);
  });

  it('lists reactions in the documented order, whatever order they came in', async () => {
    const id = await newComment();
    for (const emoji of [...REACTION_EMOJI].reverse()) ok(await react(id, emoji, cy));
    const seen = await seenBy(bob, id);
    expect(seen.reactions.map((r) => r.emoji)).toEqual([...REACTION_EMOJI]);
    expect(seen.reactions.every((r) => r.count === 1 && !r.reacted_by_me)).toBe(true);
  });

  it('takes +1 percent-encoded as %2B1', async () => {
    const id = await newComment();
    expect(ok(await react(id, '%2B1', bob)).reactions).toEqual([
      { emoji: '+1', count: 1, reacted_by_me: true },
    ]);
  });

  it('refuses an emoji not in the list with 400 naming params.emoji, and records nothing', async () => {
    const id = await newComment();
    for (const emoji of ['thumbsup', '%F0%9F%91%8D', 'EYES', '+2', 'hooray', 'x'.repeat(64)]) {
      const problem = expectProblem(await react(id, emoji, bob), 400, ['params.emoji']);
      expect(problem.detail).toContain('"+1"');
      expectProblem(await unreact(id, emoji, bob), 400, ['params.emoji']);
    }
    expect((await seenBy(bob, id)).reactions).toEqual([]);
  });

  it('answers 404 for an unknown, malformed or deleted comment, or under a deleted issue', async () => {
    const id = await newComment();
    expectProblem(await react(randomUUID(), '+1', bob), 404);
    expectProblem(await react('nope', '+1', bob), 404);
    expectProblem(await react(id, '+1', bob, randomUUID()), 404);
    const other = await newIssue(ann);
    const doomed = ok(await ann.call<Comment>('POST', comments(other), { content: 'Soon gone.' }), 201).uuid;
    ok(await ann.call('DELETE', `${comments(other)}/${doomed}`), 204);
    expectProblem(await react(doomed, '+1', bob, other), 404);
    expectProblem(await unreact(doomed, '+1', bob, other), 404);
    const orphan = ok(await ann.call<Comment>('POST', comments(other), { content: 'Orphan.' }), 201).uuid;
    await deleteIssue(ann, other);
    expectProblem(await react(orphan, '+1', bob, other), 404);
  });
});

describe('DELETE …/comments/{comment_id}/reactions/{emoji}', () => {
  it("takes back the caller's reaction only, with 204", async () => {
    const id = await newComment();
    ok(await react(id, 'heart', bob));
    ok(await react(id, 'heart', cy));
    ok(await react(id, 'tada', bob));
    expect((await unreact(id, 'heart', bob)).status).toBe(204);
    expect((await seenBy(bob, id)).reactions).toEqual([
      { emoji: 'heart', count: 1, reacted_by_me: false },
      { emoji: 'tada', count: 1, reacted_by_me: true },
    ]);
  });

  it('is idempotent: taking back a reaction never given, or twice, answers 204', async () => {
    const id = await newComment();
    ok(await react(id, 'laugh', cy));
    expect((await unreact(id, 'confused', bob)).status).toBe(204);
    expect((await unreact(id, 'laugh', cy)).status).toBe(204);
    expect((await unreact(id, 'laugh', cy)).status).toBe(204);
    expect((await seenBy(cy, id)).reactions).toEqual([]);
  });

  it('lets a reaction taken back be given again', async () => {
    const id = await newComment();
    ok(await react(id, '-1', bob));
    ok(await unreact(id, '-1', bob), 204);
    expect(ok(await react(id, '-1', bob)).reactions).toEqual([
      { emoji: '-1', count: 1, reacted_by_me: true },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('lists the emoji names as the enum of the path parameter, in the documented order', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json();
    const route = doc.paths['/api/v1/issues/{issue_id}/comments/{comment_id}/reactions/{emoji}'];
    for (const method of ['put', 'delete']) {
      const emoji = route[method].parameters.find((p: { name: string }) => p.name === 'emoji');
      expect(emoji.schema).toEqual({ type: 'string', enum: [...REACTION_EMOJI] });
    }
  });
});
