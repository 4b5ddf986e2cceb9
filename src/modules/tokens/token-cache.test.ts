// The token cache's rules on a clock the test moves: expiry, the size bound, and that a lookup which
// began before a revocation never puts the revoked token back.
import { describe, expect, it } from 'vitest';
import { TokenCache, type VerifiedToken } from './token-cache.js';

const token = (email: string): VerifiedToken => ({
  actor: { userId: `u-${email}`, email, isAdmin: false, tokenId: `t-${email}` },
  lastUsedAt: 0,
});

function cacheAt(ttlMs: number, maxEntries = 100) {
  const clock = { now: 1_000_000 };
  return { cache: new TokenCache(ttlMs, maxEntries, () => clock.now), clock };
}

describe('TokenCache', () => {
  it('answers a stored token until its TTL has passed, then forgets it', () => {
    const { cache, clock } = cacheAt(10_000);
    const ann = token('ann');
    cache.set('h-ann', ann, cache.mark());
    expect(cache.get('h-ann')).toBe(ann);
    clock.now += 9_999;
    expect(cache.get('h-ann')).toBe(ann);
    clock.now += 1;
    expect(cache.get('h-ann')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('stores nothing with a TTL of 0 (HWA_TOKEN_CACHE_TTL=0 turns it off)', () => {
    const { cache } = cacheAt(0);
    cache.set('h-ann', token('ann'), cache.mark());
    expect(cache.get('h-ann')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets one token and keeps the others', () => {
    const { cache } = cacheAt(10_000);
    cache.set('h-ann', token('ann'), cache.mark());
    cache.set('h-bob', token('bob'), cache.mark());
    cache.forget('h-ann');
    expect(cache.get('h-ann')).toBeUndefined();
    expect(cache.get('h-bob')?.actor.email).toBe('bob');
  });

  it('clears everything (after notifications may have been missed)', () => {
    const { cache } = cacheAt(10_000);
    cache.set('h-ann', token('ann'), cache.mark());
    cache.set('h-bob', token('bob'), cache.mark());
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.get('h-bob')).toBeUndefined();
  });

  it('does not store the answer of a lookup that began before a forget or a clear', () => {
    const { cache } = cacheAt(10_000);
    const beforeRevoke = cache.mark();
    cache.forget('h-ann'); // the revocation is heard while the lookup is still running
    cache.set('h-ann', token('ann'), beforeRevoke);
    expect(cache.get('h-ann')).toBeUndefined();

    const beforeClear = cache.mark();
    cache.clear();
    cache.set('h-bob', token('bob'), beforeClear);
    expect(cache.get('h-bob')).toBeUndefined();

    // A lookup that began after them is stored.
    cache.set('h-bob', token('bob'), cache.mark());
    expect(cache.get('h-bob')?.actor.email).toBe('bob');
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const { cache, clock } = cacheAt(10_000, 3);
    for (const name of ['a', 'b', 'c']) {
      cache.set(`h-${name}`, token(name), cache.mark());
      clock.now += 1;
    }
    cache.set('h-d', token('d'), cache.mark());
    expect(cache.size).toBe(3);
    expect(cache.get('h-a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((n) => cache.get(`h-${n}`)?.actor.email)).toEqual(['b', 'c', 'd']);
  });

  it('storing a token again renews its TTL and its place in line', () => {
    const { cache, clock } = cacheAt(10_000, 2);
    cache.set('h-a', token('a'), cache.mark());
    cache.set('h-b', token('b'), cache.mark());
    clock.now += 5_000;
    cache.set('h-a', token('a'), cache.mark()); // a is now the newest
    cache.set('h-c', token('c'), cache.mark()); // so b goes
    expect(cache.get('h-b')).toBeUndefined();
    clock.now += 6_000; // 11 s after a's first store, 6 s after its second
    expect(cache.get('h-a')?.actor.email).toBe('a');
  });
});
