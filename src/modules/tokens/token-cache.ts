// Verified tokens kept in the process for a few seconds, keyed by the token's SHA-256 (the secret itself
// is never kept), so an authenticated request spends its database round trip on its own work: the
// lookup was one of the two queries of GET /systems/{id} (bench/RESULTS.md).
//
// What an entry holds (the user's e-mail and admin flag) can be up to the TTL old: a user made admin
// acts as one within `HWA_TOKEN_CACHE_TTL` seconds (default 10) on every process. Revocation does not
// wait for the TTL: the service forgets the entry (`forget`) on every process through NOTIFY.
import type { Actor } from '../../core/auth.js';

export interface VerifiedToken {
  readonly actor: Readonly<Actor>;
  /** When last_used_at was last written or read, in ms since the epoch: it is written once a minute. */
  lastUsedAt: number;
}

interface Entry {
  token: VerifiedToken;
  expiresAt: number;
}

export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every forget and clear: a lookup that began before one must not be stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    /** 10,000 entries of ~300 bytes: ~3 MB at most, far more tokens than a team has in use. */
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(hash: string): VerifiedToken | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.token;
    this.entries.delete(hash);
    return undefined;
  }

  /**
   * Take a mark before looking a token up in the database and pass it to `set`: a revoke whose
   * notification arrived while the lookup ran (which may have read the row before the revoke
   * committed) then keeps the answer out of the cache.
   */
  mark(): number {
    return this.generation;
  }

  set(hash: string, token: VerifiedToken, mark: number): void {
    if (this.ttlMs <= 0 || mark !== this.generation) return;
    this.entries.delete(hash);
    // Every entry lives the same TTL, so insertion order is expiry order: the first is the oldest.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(hash, { token, expiresAt: this.now() + this.ttlMs });
  }

  forget(hash: string): void {
    this.generation++;
    this.entries.delete(hash);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
