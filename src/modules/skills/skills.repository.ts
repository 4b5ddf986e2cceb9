// SQL for skills and their versions. Returns undefined when no live row matches; the service decides
// what that means. Every write runs in a transaction that first takes lockSkillWrites.
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { skills, skillVersions } from '../../db/schema.js';
import type { SkillScope, SkillStatus, VersionStatus } from './skills.schemas.js';

export type SkillRow = typeof skills.$inferSelect;
export type SkillVersionRow = typeof skillVersions.$inferSelect;

/** "HWSK" in ASCII, beside migrate.ts's "HWMI" and tokens.repository.ts's "HWAB". */
const SKILL_WRITES_LOCK_KEY = 0x4857_534b;

/**
 * Serialises skill writes for the transaction: the power command rule spans skills (a user's own and
 * every published one), which no single-row lock covers, and version numbers are max + 1. Skills are
 * written by people at typing speed, so one queue costs nothing measurable; the unique indexes on
 * `skills` stay as the backstop.
 */
export async function lockSkillWrites(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SKILL_WRITES_LOCK_KEY})`);
}

export async function insertSkill(ex: Executor, row: typeof skills.$inferInsert): Promise<SkillRow> {
  return (await ex.insert(skills).values(row).returning())[0]!;
}

export async function findLiveSkill(ex: Executor, id: string): Promise<SkillRow | undefined> {
  const rows = await ex
    .select()
    .from(skills)
    .where(and(eq(skills.id, id), isNull(skills.deletedAt)))
    .limit(1);
  return rows[0];
}

/** Who sees what (skills.rules.ts canSee), as SQL for lists. */
function visibleTo(viewer: { userId: string; isAdmin: boolean }): SQL {
  const published = and(eq(skills.approved, true), eq(skills.scope, 'global'))!;
  const own = eq(skills.ownerId, viewer.userId);
  if (!viewer.isAdmin) return or(own, published)!;
  return or(own, eq(skills.scope, 'global'), sql`${skills.pendingVersion} IS NOT NULL`)!;
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listVisibleSkills(
  ex: Executor,
  viewer: { userId: string; isAdmin: boolean },
  filter: {
    scope?: SkillScope;
    status?: SkillStatus;
    search?: string;
    groupId?: string;
    limit: number;
    offset: number;
  },
): Promise<{ rows: SkillRow[]; count: number }> {
  const conditions: (SQL | undefined)[] = [isNull(skills.deletedAt), visibleTo(viewer)];
  if (filter.scope) conditions.push(eq(skills.scope, filter.scope));
  if (filter.status) conditions.push(eq(skills.status, filter.status));
  if (filter.groupId) conditions.push(eq(skills.groupId, filter.groupId));
  if (filter.search) {
    const pattern = `%${likeEscape(filter.search)}%`;
    conditions.push(or(ilike(skills.name, pattern), ilike(skills.powerCommand, pattern)));
  }
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    ex
      .select()
      .from(skills)
      .where(where)
      .orderBy(asc(skills.createdAt), asc(skills.id))
      .limit(filter.limit)
      .offset(filter.offset),
    ex.select({ n: count() }).from(skills).where(where),
  ]);
  return { rows, count: total[0]?.n ?? 0 };
}

export async function listVersions(ex: Executor, skillId: string): Promise<SkillVersionRow[]> {
  return ex
    .select()
    .from(skillVersions)
    .where(eq(skillVersions.skillId, skillId))
    .orderBy(asc(skillVersions.versionNumber));
}

/** Number and status of every version, oldest first: what skillState derives the skill's state from. */
export async function versionStates(
  ex: Executor,
  skillId: string,
): Promise<{ versionNumber: number; status: VersionStatus }[]> {
  return ex
    .select({ versionNumber: skillVersions.versionNumber, status: skillVersions.status })
    .from(skillVersions)
    .where(eq(skillVersions.skillId, skillId))
    .orderBy(asc(skillVersions.versionNumber));
}

export async function findVersion(
  ex: Executor,
  skillId: string,
  versionNumber: number,
): Promise<SkillVersionRow | undefined> {
  const rows = await ex
    .select()
    .from(skillVersions)
    .where(and(eq(skillVersions.skillId, skillId), eq(skillVersions.versionNumber, versionNumber)))
    .limit(1);
  return rows[0];
}

export async function latestVersionNumber(ex: Executor, skillId: string): Promise<number> {
  const rows = await ex
    .select({ n: skillVersions.versionNumber })
    .from(skillVersions)
    .where(eq(skillVersions.skillId, skillId))
    .orderBy(desc(skillVersions.versionNumber))
    .limit(1);
  return rows[0]?.n ?? 0;
}

export async function insertVersion(
  ex: Executor,
  row: typeof skillVersions.$inferInsert,
): Promise<SkillVersionRow> {
  return (await ex.insert(skillVersions).values(row).returning())[0]!;
}

/** Marks a version reviewed now (or superseded, without a review). */
export async function setVersionStatus(
  ex: Executor,
  skillId: string,
  versionNumber: number,
  status: VersionStatus,
  review?: { by: string; comment: string | null },
): Promise<void> {
  await ex
    .update(skillVersions)
    .set({
      status,
      ...(review ? { reviewedBy: review.by, reviewedAt: sql`now()`, reviewComment: review.comment } : {}),
    })
    .where(and(eq(skillVersions.skillId, skillId), eq(skillVersions.versionNumber, versionNumber)));
}

/**
 * The skill row after a write: the current version's fields and the derived review state. Times are
 * the database's (`now()`, the transaction's start), as `created_at` is: a new skill's `updated_at`
 * equals its `created_at`, whatever the clocks of the servers in front of the database say.
 */
export async function setSkillState(
  ex: Executor,
  id: string,
  state: Pick<
    SkillRow,
    | 'name'
    | 'description'
    | 'scope'
    | 'powerCommand'
    | 'instructions'
    | 'status'
    | 'currentVersion'
    | 'pendingVersion'
    | 'approved'
  >,
): Promise<SkillRow> {
  return (
    await ex
      .update(skills)
      .set({ ...state, updatedAt: sql`now()` })
      .where(eq(skills.id, id))
      .returning()
  )[0]!;
}

export async function softDeleteSkill(ex: Executor, id: string): Promise<void> {
  await ex
    .update(skills)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(skills.id, id));
}

/**
 * A live skill, other than `exceptId`, that holds `command` among the skills `ownerId` can invoke:
 * one of theirs (by its current command or the one a waiting proposal would give it) or a published
 * one. Run under lockSkillWrites, so the answer holds until the transaction ends.
 */
export async function findCommandHolder(
  ex: Executor,
  query: { ownerId: string; command: string; exceptId?: string },
): Promise<SkillRow | undefined> {
  const except = query.exceptId ? sql`AND s.id <> ${query.exceptId}` : sql``;
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`SELECT s.id FROM skills s
        LEFT JOIN skill_versions p ON p.skill_id = s.id AND p.version_number = s.pending_version
        WHERE s.deleted_at IS NULL ${except}
          AND ((s.owner_id = ${query.ownerId}
                AND (s.power_command = ${query.command} OR p.power_command = ${query.command}))
               OR (s.approved AND s.scope = 'global' AND s.power_command = ${query.command}))
        ORDER BY s.owner_id = ${query.ownerId} DESC, s.created_at, s.id
        LIMIT 1`,
  );
  return rows[0] ? findLiveSkill(ex, rows[0].id) : undefined;
}

/**
 * The skill `command` invokes for `userId`: their own first, then a published one; only skills whose
 * current version is approved can be invoked. The unique indexes allow at most one of each kind.
 */
export async function resolveCommand(
  ex: Executor,
  userId: string,
  command: string,
): Promise<SkillRow | undefined> {
  const rows = await ex
    .select()
    .from(skills)
    .where(
      and(
        isNull(skills.deletedAt),
        eq(skills.approved, true),
        eq(skills.powerCommand, command),
        or(eq(skills.ownerId, userId), eq(skills.scope, 'global')),
      ),
    )
    .orderBy(sql`${skills.ownerId} = ${userId} DESC`)
    .limit(1);
  return rows[0];
}
