// SQL for users and their personal access tokens. No rules here: those live in tokens.service.ts.
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { apiTokens, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type TokenRow = typeof apiTokens.$inferSelect;

/** NOTIFY channel of revocations; the payload is the revoked token's SHA-256 (hex). */
export const TOKEN_REVOKED_CHANNEL = 'hwa_token_revoked';
/** Any constant unique among hwa's advisory locks ("HWAB"). */
const BOOTSTRAP_LOCK_KEY = 0x4857_4142;

/** Serialises first-run bootstraps until the transaction ends: two servers starting at once make one admin. */
export async function takeBootstrapLock(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK_KEY})`);
}

export async function findUserByEmail(ex: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await ex.select().from(users).where(eq(users.email, email)).limit(1);
  return rows[0];
}

/** Inserts the user unless one with that e-mail exists; returns the stored row either way. */
export async function upsertUser(ex: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  await ex.insert(users).values(row).onConflictDoNothing({ target: users.email });
  const existing = await findUserByEmail(ex, row.email);
  if (!existing) throw new Error('user vanished after insert');
  return existing;
}

export async function promoteToAdmin(ex: Executor, userId: string): Promise<void> {
  await ex.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
}

export async function countUsers(ex: Executor): Promise<number> {
  const rows = await ex.select({ n: count() }).from(users);
  return rows[0]?.n ?? 0;
}

export async function insertToken(ex: Executor, row: typeof apiTokens.$inferInsert): Promise<TokenRow> {
  const rows = await ex.insert(apiTokens).values(row).returning();
  return rows[0]!;
}

/**
 * The one query on every authenticated request, prepared once per process: building it with drizzle
 * on each call cost ~100 µs of Node CPU and planning it ~100 µs of PostgreSQL CPU; prepared, ~25 µs
 * each (bench/query-cost.mjs).
 */
export function prepareActiveTokenLookup(db: Db) {
  const query = db
    .select({
      tokenId: apiTokens.id,
      userId: users.id,
      email: users.email,
      isAdmin: users.isAdmin,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('hash')), isNull(apiTokens.revokedAt)))
    .limit(1)
    .prepare('hwa_active_token_by_hash');
  return async (tokenHash: string) => (await query.execute({ hash: tokenHash }))[0];
}

export async function touchToken(ex: Executor, tokenId: string, at: Date): Promise<void> {
  await ex.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, tokenId));
}

export async function listTokens(
  ex: Executor,
  filter: { userId?: string },
  /** Without a page (the CLI), every matching token. */
  page?: { limit: number; offset: number },
) {
  const where = filter.userId ? eq(apiTokens.userId, filter.userId) : undefined;
  const query = ex
    .select({ token: apiTokens, email: users.email })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(where)
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id))
    .$dynamic();
  const [rows, total] = await Promise.all([
    page ? query.limit(page.limit).offset(page.offset) : query,
    ex.select({ n: count() }).from(apiTokens).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function findToken(ex: Executor, tokenId: string): Promise<TokenRow | undefined> {
  const rows = await ex.select().from(apiTokens).where(eq(apiTokens.id, tokenId)).limit(1);
  return rows[0];
}

/**
 * Tells every listening process that the token is revoked. Sent inside the revoking transaction, so
 * PostgreSQL delivers it at commit: never before the revoke is visible to the process that hears it.
 */
export async function notifyTokenRevoked(tx: Executor, tokenHash: string): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${TOKEN_REVOKED_CHANNEL}, ${tokenHash})`);
}

export async function revokeToken(ex: Executor, tokenId: string, at: Date): Promise<TokenRow | undefined> {
  const rows = await ex
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, tokenId), isNull(apiTokens.revokedAt)))
    .returning();
  return rows[0];
}
