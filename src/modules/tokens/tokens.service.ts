// Personal access tokens: `hwa_` + 32 random bytes, shown once, stored only as SHA-256. Identity is
// the e-mail. Used by the auth hook (authenticate), the /tokens routes and the `hwa token` CLI.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client.js';
import type { Notifications } from '../../db/notifications.js';
import { Errors } from '../../core/errors.js';
import { iso, isoOrNull, newId } from '../../core/ids.js';
import type { Actor } from '../../core/auth.js';
import { TokenCache, type VerifiedToken } from './token-cache.js';
import * as repo from './tokens.repository.js';

export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  email: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const TOKEN_PATTERN = /^hwa_[A-Za-z0-9_-]{43}$/;
/** last_used_at is informative; writing it on every request would double the cost of a read. */
const TOUCH_INTERVAL_MS = 60_000;

export interface TokensServiceOptions {
  /**
   * Turns the token cache on: revocations reach every process through it, and the cache is used only
   * while it is listening. Without it (the CLI) every request looks its token up.
   */
  notifications?: Notifications;
  /** How long a verified token is cached, in ms (config HWA_TOKEN_CACHE_TTL); 0 turns the cache off. */
  cacheTtlMs?: number;
  /** Where a failed last_used_at write is reported (the app's logger). */
  log?: { warn(obj: object, msg: string): void };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

function toView(token: repo.TokenRow, email: string): TokenView {
  return {
    id: token.id,
    name: token.name,
    prefix: token.prefix,
    email,
    created_at: iso(token.createdAt),
    last_used_at: isoOrNull(token.lastUsedAt),
    revoked_at: isoOrNull(token.revokedAt),
  };
}

async function issueToken(ex: Executor, userId: string, name: string) {
  const token = `hwa_${randomBytes(32).toString('base64url')}`;
  const row = await repo.insertToken(ex, {
    id: newId(),
    userId,
    name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, 12),
  });
  return { token, row };
}

export class TokensService {
  private readonly findActiveToken: ReturnType<typeof repo.prepareActiveTokenLookup>;
  private readonly cache: TokenCache;
  /** last_used_at writes under way, by token id: one at a time per token, awaited by close(). */
  private readonly touching = new Map<string, Promise<void>>();
  /**
   * When this process last wrote each token's last_used_at. Concurrent first requests each read the
   * row before any write committed; without this, each would write again once the first write ended.
   */
  private readonly touchedAt = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly options: TokensServiceOptions = {},
  ) {
    this.findActiveToken = repo.prepareActiveTokenLookup(db);
    this.cache = new TokenCache(options.cacheTtlMs ?? 0);
    options.notifications?.subscribe(repo.TOKEN_REVOKED_CHANNEL, (hash) => this.cache.forget(hash));
    // While the connection was down, revocations went unheard: any entry may be stale.
    options.notifications?.onReconnect(() => this.cache.clear());
  }

  /** A revoke elsewhere is heard only while listening; otherwise every request asks the database. */
  private get cacheUsable(): boolean {
    return this.options.notifications?.listening === true;
  }

  /** Bearer header -> actor, or 401. Malformed tokens are refused without touching the database. */
  async authenticate(header: string | undefined): Promise<Actor> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    const token = match?.[1];
    if (!token || !TOKEN_PATTERN.test(token)) throw Errors.unauthorized();
    const hash = hashToken(token);
    const verified = (this.cacheUsable ? this.cache.get(hash) : undefined) ?? (await this.lookUp(hash));
    this.touchLater(verified);
    return verified.actor;
  }

  private async lookUp(hash: string): Promise<VerifiedToken> {
    const mark = this.cache.mark();
    const found = await this.findActiveToken(hash);
    if (!found) throw Errors.unauthorized('The token is unknown or has been revoked.');
    const verified: VerifiedToken = {
      actor: Object.freeze({
        userId: found.userId,
        email: found.email,
        isAdmin: found.isAdmin,
        tokenId: found.tokenId,
      }),
      lastUsedAt: found.lastUsedAt?.getTime() ?? 0,
    };
    if (this.cacheUsable) this.cache.set(hash, verified, mark);
    return verified;
  }

  /**
   * Records last_used_at at most once a minute per token (and process), off the request path: the
   * request does not wait for the write, and a failed write is logged, never the request's error.
   */
  private touchLater(verified: VerifiedToken): void {
    const now = Date.now();
    const tokenId = verified.actor.tokenId;
    const last = Math.max(verified.lastUsedAt, this.touchedAt.get(tokenId) ?? 0);
    if (this.closed || now - last < TOUCH_INTERVAL_MS) return;
    verified.lastUsedAt = now; // the next requests with this (cached) token skip at once
    if (this.touching.has(tokenId)) return;
    this.rememberTouch(tokenId, now);
    const write = repo
      .touchToken(this.db, tokenId, new Date(now))
      .catch((err: unknown) => this.warn({ err, tokenId }, 'could not record the last use of a token'))
      .finally(() => this.touching.delete(tokenId));
    this.touching.set(tokenId, write);
  }

  /** Bounded: entries older than the interval say nothing a database read would not, and go first. */
  private rememberTouch(tokenId: string, at: number): void {
    if (this.touchedAt.size >= 10_000) {
      for (const [id, when] of this.touchedAt) if (at - when >= TOUCH_INTERVAL_MS) this.touchedAt.delete(id);
    }
    this.touchedAt.set(tokenId, at);
  }

  private warn(obj: object, msg: string): void {
    if (this.options.log) this.options.log.warn(obj, msg);
    else process.emitWarning(msg);
  }

  /** Stops recording last uses and waits for the writes under way: call before the database closes. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.touching.values());
  }

  /**
   * Creates a token for `email`, creating the user on first sight. From the API (`by` given) a user
   * may create tokens for themself only; an admin for anyone, and may grant admin.
   */
  async create(
    input: { email?: string; name?: string; isAdmin?: boolean },
    by?: Actor,
  ): Promise<{ token: string; view: TokenView }> {
    const email = (input.email ?? by?.email ?? '').toLowerCase();
    if (!email) throw Errors.invalidField('body.email', 'is required');
    if (by && !by.isAdmin && (email !== by.email || input.isAdmin)) {
      throw Errors.forbidden('Only an admin may create tokens for another user or grant admin.');
    }
    const { token, row } = await this.db.transaction(async (tx) => {
      const user = await repo.upsertUser(tx, { id: newId(), email, isAdmin: input.isAdmin ?? false });
      if (input.isAdmin && !user.isAdmin) await repo.promoteToAdmin(tx, user.id);
      return issueToken(tx, user.id, input.name ?? 'personal access token');
    });
    return { token, view: toView(row, email) };
  }

  /** A user's own tokens; without `actor` (the CLI, run by the operator) every token. */
  async list(actor?: Actor, page?: { limit: number; offset: number }) {
    const { rows, count } = await repo.listTokens(this.db, actor ? { userId: actor.userId } : {}, page);
    return { items: rows.map((r) => toView(r.token, r.email)), count };
  }

  /**
   * Revokes a token the actor owns (admins: any). Unknown, foreign or already revoked: 404. When this
   * returns, no process accepts the token any more: this one has forgotten it, and the others have
   * heard the NOTIFY that committed with the revoke (the barrier waits for each to confirm).
   */
  async revoke(tokenId: string, actor?: Actor): Promise<void> {
    const token = await repo.findToken(this.db, tokenId);
    if (!token || (actor && !actor.isAdmin && token.userId !== actor.userId)) throw Errors.notFound('token');
    const revoked = await this.db.transaction(async (tx) => {
      const row = await repo.revokeToken(tx, tokenId, new Date());
      if (row) await repo.notifyTokenRevoked(tx, row.tokenHash);
      return row;
    });
    if (!revoked) throw Errors.notFound('token');
    this.cache.forget(revoked.tokenHash);
    const heard = await this.options.notifications?.barrier();
    // expected 0: this process was not listening itself, so it could not ask. Either way the others
    // still drop the token as the notification reaches them, or clear their cache on reconnecting.
    if (heard && (heard.confirmed < heard.expected || heard.expected === 0)) {
      this.warn({ ...heard, tokenId }, 'not every server confirmed a revocation in time');
    }
  }

  /**
   * First start with no users: create the admin and a token so a newcomer is never locked out.
   * Serialised by an advisory lock, so two servers starting at once on one PostgreSQL make one admin.
   */
  async bootstrapAdmin(email: string): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      await repo.takeBootstrapLock(tx);
      if ((await repo.countUsers(tx)) > 0) return undefined;
      const user = await repo.upsertUser(tx, { id: newId(), email, isAdmin: true });
      return (await issueToken(tx, user.id, 'first-run admin token')).token;
    });
  }
}
