// The signed-in user's own memory: GET/PUT /memories, its history and restore. Each user sees only
// their own; versions are numbered from 1, restore appends, nothing is rewritten; content is at most
// 10,000 characters. Each test signs in new users so none sees another test's memory.
import { beforeAll, describe, expect, it } from 'vitest';
import { ISO_MS_Z, ok, testApp, type TestContext, type TestUser } from '../../../test/helpers.js';
import { expectProblem } from '../../../test/problems.js';
import type { MemoryVersion, UserMemory } from './memories.schemas.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await testApp();
});

/** A new user and their calls to /memories (`call` for answers that may be refused). */
async function newUser() {
  return memoriesOf(await ctx.newUser());
}

function memoriesOf(user: TestUser) {
  const call = (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown) =>
    user.call<UserMemory>(method, `/memories${path}`, body);
  return {
    call,
    get: async () => ok(await call('GET', '')),
    put: async (content: string) => ok(await call('PUT', '', { content })),
    history: async () => ok(await user.call<MemoryVersion[]>('GET', '/memories/history')),
    restore: async (version: number) => ok(await call('POST', '/restore', { version })),
  };
}

describe('GET /memories', () => {
  it('reads "" and updated_at null for a user who never wrote one, with an empty history', async () => {
    const user = await newUser();
    expect(await user.get()).toEqual({ content: '', updated_at: null });
    expect(await user.history()).toEqual([]);
  });
});

describe('PUT /memories', () => {
  it('replaces the memory entirely and answers it', async () => {
    const user = await newUser();
    const first = await user.put('# Me\n\nI work on **power** systems.');
    expect(Object.keys(first).sort()).toEqual(['content', 'updated_at']);
    expect(first.content).toBe('# Me\n\nI work on **power** systems.');
    expect(first.updated_at).toMatch(ISO_MS_Z);
    expect(await user.get()).toEqual(first);

    const second = await user.put('Now thermal.');
    expect(await user.get()).toEqual(second);
    expect(second.content).toBe('Now thermal.');
  });

  it('records a version per write, numbered from 1, oldest first', async () => {
    const user = await newUser();
    const written = [await user.put('one'), await user.put('two'), await user.put('three')];
    expect(await user.history()).toEqual(
      written.map((m, i) => ({
        version: i + 1,
        content: m.content,
        updated_at: m.updated_at,
        restored_from_version: null,
      })),
    );
  });

  it('accepts an empty memory as a new version', async () => {
    const user = await newUser();
    await user.put('something');
    const cleared = await user.put('');
    expect(cleared.content).toBe('');
    expect(cleared.updated_at).toMatch(ISO_MS_Z);
    expect((await user.history()).map((v) => v.content)).toEqual(['something', '']);
  });

  it('accepts 10,000 characters and refuses 10,001, changing nothing', async () => {
    const user = await newUser();
    const max = 'x'.repeat(10_000);
    expect((await user.put(max)).content).toBe(max);
    const problem = expectProblem(await user.call('PUT', '', { content: 'y'.repeat(10_001) }), 400, [
      'body.content',
    ]);
    expect(problem.detail).toContain('body.content');
    expect((await user.get()).content).toBe(max);
    expect(await user.history()).toHaveLength(1);
  });

  it('counts characters, not bytes: 10,000 multi-byte characters are accepted', async () => {
    const user = await newUser();
    const max = 'é'.repeat(10_000);
    expect((await user.put(max)).content).toBe(max);
    expectProblem(await user.call('PUT', '', { content: 'é'.repeat(10_001) }), 400, ['body.content']);
  });

  it('refuses a body without content, a non-string content, unknown fields and the NUL character', async () => {
    const user = await newUser();
    expectProblem(await user.call('PUT', '', {}), 400, ['body.content']);
    expectProblem(await user.call('PUT', '', { content: 42 }), 400, ['body.content']);
    expectProblem(await user.call('PUT', '', { content: null }), 400, ['body.content']);
    expectProblem(await user.call('PUT', '', { content: 'x', owner: 'someone@example.com' }), 400, [
      'body.owner',
    ]);
    expectProblem(await user.call('PUT', '', { content: 'a\u0000b' }), 400, ['body.content']);
    expect(await user.history()).toEqual([]);
  });

  it('numbers concurrent writes one after another, losing none', async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => user.call('PUT', '', { content: `w${i}` })),
    );
    for (const res of results) ok(res);
    const history = await user.history();
    expect(history.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(history.map((v) => v.content).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `w${i}`).sort());
    expect((await user.get()).content).toBe(history[7]!.content);
  });
});

describe('POST /memories/restore', () => {
  it('records a new version naming its source and keeps the history as it was', async () => {
    const user = await newUser();
    await user.put('v1');
    await user.put('v2');
    await user.put('v3');
    const before = await user.history();

    const restored = await user.restore(1);
    expect(Object.keys(restored).sort()).toEqual(['content', 'updated_at']);
    expect(restored.content).toBe('v1');
    expect(await user.get()).toEqual(restored);

    const after = await user.history();
    expect(after.slice(0, 3)).toEqual(before);
    expect(after[3]).toEqual({
      version: 4,
      content: 'v1',
      updated_at: restored.updated_at,
      restored_from_version: 1,
    });

    await user.restore(4);
    expect((await user.history())[4]).toMatchObject({ version: 5, content: 'v1', restored_from_version: 4 });
  });

  it('accepts version 1 and the latest; refuses below 1 as invalid and beyond the latest as not found', async () => {
    const user = await newUser();
    await user.put('a');
    await user.put('b');
    expect((await user.restore(2)).content).toBe('b');
    expect((await user.restore(1)).content).toBe('a');
    expect(await user.history()).toHaveLength(4);

    expectProblem(await user.call('POST', '/restore', { version: 0 }), 400, ['body.version']);
    expectProblem(await user.call('POST', '/restore', { version: -3 }), 400, ['body.version']);
    expectProblem(await user.call('POST', '/restore', { version: 2.5 }), 400, ['body.version']);
    expectProblem(await user.call('POST', '/restore', { version: '2' }), 400, ['body.version']);
    expectProblem(await user.call('POST', '/restore', {}), 400, ['body.version']);
    expectProblem(await user.call('POST', '/restore', { version: 1, from: 'x' }), 400, ['body.from']);
    expectProblem(await user.call('POST', '/restore', { version: 5 }), 404);
    expect(await user.history()).toHaveLength(4);
    expect((await user.get()).content).toBe('a');
  });

  it('answers 404 to a user with no memory yet', async () => {
    const user = await newUser();
    expectProblem(await user.call('POST', '/restore', { version: 1 }), 404);
    expect(await user.get()).toEqual({ content: '', updated_at: null });
  });
});

describe('one user never sees another’s memory', () => {
  it('keeps memory, history and restore to their owner', async () => {
    const ann = await newUser();
    const bob = await newUser();
    await ann.put('ann private 1');
    await ann.put('ann private 2');

    expect(await bob.get()).toEqual({ content: '', updated_at: null });
    expect(await bob.history()).toEqual([]);
    // Bob has no version 1: Ann's is not his to restore.
    expectProblem(await bob.call('POST', '/restore', { version: 1 }), 404);
    expect(await bob.get()).toEqual({ content: '', updated_at: null });

    await bob.put('bob own');
    expect((await bob.history()).map((v) => [v.version, v.content])).toEqual([[1, 'bob own']]);
    // Bob's restore of his version 1 gives his text, not Ann's.
    expect((await bob.restore(1)).content).toBe('bob own');

    expect((await ann.get()).content).toBe('ann private 2');
    expect((await ann.history()).map((v) => v.content)).toEqual(['ann private 1', 'ann private 2']);
  });

  it('gives the same user the same memory through any of their tokens', async () => {
    const first = await ctx.newUser();
    const again = await ctx.newUser({ email: first.email });
    expect(again.token).not.toBe(first.token);
    await memoriesOf(first).put('shared by me');
    expect((await memoriesOf(again).get()).content).toBe('shared by me');
  });
});
