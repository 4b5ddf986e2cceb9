// Issues for the suites of what hangs off an issue (comments, reactions, files): filed and deleted
// through the API, as a client would, so those suites also hold the issues core to its word.
import type { Issue } from '../src/modules/issues/issues.schemas.js';
import { ok, type TestUser } from './helpers.js';

/** A new issue filed by `user` with every default; answers its id. */
export async function newIssue(user: TestUser, title = 'Thermal-vacuum test failed'): Promise<string> {
  return ok(await user.call<Issue>('POST', '/issues', { title, description: [] }), 201).uuid;
}

export async function deleteIssue(user: TestUser, id: string): Promise<void> {
  ok(await user.call('DELETE', `/issues/${id}`), 204);
}
