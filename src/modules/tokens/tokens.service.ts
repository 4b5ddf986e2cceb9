// Personal access tokens: `hwa_` + 32 random bytes, shown once, stored only as SHA-256. Identity is
// the e-mail. Used by the auth hook (authenticate), the /tokens routes and the `hwa token` CLI.
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client.js';
import { Errors } from '../../core/errors.js';
import { iso, isoOrNull, newId } from '../../core/ids.js';
import type { Actor } from '../../core/auth.js';
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

  constructor(private readonly db: Db) {
    this.findActiveToken = repo.prepareActiveTokenLookup(db);
  }

  /** Bearer header -> actor, or 401. Malformed tokens are refused without touching the database. */
  async authenticate(header: string | undefined): Promise<Actor> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    const token = match?.[1];
    if (!token || !TOKEN_PATTERN.test(token)) throw Errors.unauthorized();
    const found = await this.findActiveToken(hashToken(token));
    if (!found) throw Errors.unauthorized('The token is unknown or has been revoked.');
    const now = new Date();
    if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await repo.touchToken(this.db, found.tokenId, now);
    }
    return { userId: found.userId, email: found.email, isAdmin: found.isAdmin, tokenId: found.tokenId };
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

  /** Revokes a token the actor owns (admins: any). Unknown, foreign or already revoked: 404. */
  async revoke(tokenId: string, actor?: Actor): Promise<void> {
    const token = await repo.findToken(this.db, tokenId);
    if (!token || (actor && !actor.isAdmin && token.userId !== actor.userId)) throw Errors.notFound('token');
    if (!(await repo.revokeToken(this.db, tokenId, new Date()))) throw Errors.notFound('token');
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
