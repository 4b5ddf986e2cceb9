// Issues for the suites of what hangs off an issue (comments, reactions, files).
// TEMPORARY: rows written straight to the table until POST /issues and DELETE /issues land.
import { eq } from 'drizzle-orm';
import { newId } from '../src/core/ids.js';
import { issues } from '../src/db/schema.js';
import type { TestContext, TestUser } from './helpers.js';

/** A new open issue filed by `user`; answers its id. */
export async function newIssue(
  ctx: TestContext,
  user: TestUser,
  title = 'Thermal-vacuum test failed',
): Promise<string> {
  const id = newId();
  await ctx.database.db.insert(issues).values({
    id,
    title,
    description: [],
    status: 'open',
    priority: 'low',
    owner: 'Unassigned',
    createdBy: user.email,
  });
  return id;
}

export async function deleteIssue(ctx: TestContext, _user: TestUser, id: string): Promise<void> {
  await ctx.database.db.update(issues).set({ deletedAt: new Date() }).where(eq(issues.id, id));
}
