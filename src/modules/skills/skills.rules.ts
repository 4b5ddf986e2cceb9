// The rules of skills as pure functions: who sees and changes a skill, which versions wait for an
// admin, what a skill's state is given its history, and how an update or a rollback builds the next
// version. No I/O here, so each rule has a plain unit test (skills.rules.test.ts).
//
// Status moves (docs/api.md, "Skills"):
//   create, update or rollback  -> the new version is `approved` at once, unless it waits for review:
//                                  by a non-admin, on a global skill or one becoming global, it is
//                                  `pending_approval`, and the skill is `pending_approval` with it as
//                                  `pending_version` while `current_version` stays what users get.
//   a new version while another waits -> the waiting one becomes `superseded`.
//   approve (admin)             -> the pending version is `approved` and becomes current.
//   reject (admin)              -> the pending version is `rejected`; the skill is `approved` again, or
//                                  `rejected` when it never had an approved version.
import type { FieldError } from '../../core/errors.js';
import {
  KEBAB_CASE,
  type SkillScope,
  type SkillStatus,
  type UpdateSkillBody,
  type VersionStatus,
} from './skills.schemas.js';

/** Who is asking, as far as the rules care. */
export interface Caller {
  userId: string;
  isAdmin: boolean;
}

/** What the access rules need to know of a skill. */
export interface SkillAccess {
  ownerId: string;
  scope: SkillScope;
  approved: boolean;
  pendingVersion: number | null;
}

/**
 * The owner sees their skills; everyone sees a published one (approved and global); admins also see
 * what waits for them or was theirs to judge (global, or with a version pending). Anyone else's
 * personal skill reads as absent, for admins too.
 */
export function canSee(caller: Caller, skill: SkillAccess): boolean {
  if (caller.userId === skill.ownerId) return true;
  if (skill.approved && skill.scope === 'global') return true;
  return caller.isAdmin && (skill.scope === 'global' || skill.pendingVersion !== null);
}

/** Only the owner or an admin may change, roll back or delete a skill they can see. */
export const canChange = (caller: Caller, skill: SkillAccess): boolean =>
  caller.userId === skill.ownerId || caller.isAdmin;

/**
 * A new version waits for an admin when a non-admin writes it and it is global, or the skill is
 * published now (taking a skill away from everyone is a change to everyone's skills too). An admin's
 * own versions, and personal skills, are approved at once.
 */
export function needsReview(caller: Caller, newScope: SkillScope, skill?: SkillAccess): boolean {
  if (caller.isAdmin) return false;
  return newScope === 'global' || (skill !== undefined && skill.approved && skill.scope === 'global');
}

/** A version as the state derivation needs it. */
export interface VersionState {
  versionNumber: number;
  status: VersionStatus;
}

export interface SkillState {
  currentVersion: number;
  pendingVersion: number | null;
  status: SkillStatus;
  /** The current version is approved: the skill can be invoked. */
  approved: boolean;
}

/**
 * A skill's state from its history (oldest first, at least one version). The current version is the
 * newest approved one; a global skill never approved shows its newest proposal instead (nobody but
 * its owner and the admins sees it then). Only the newest version can be pending: a new version
 * supersedes a waiting one.
 */
export function skillState(versions: readonly VersionState[]): SkillState {
  const newest = versions[versions.length - 1];
  if (!newest) throw new Error('a skill has at least one version');
  let approved: VersionState | undefined;
  for (const v of versions) if (v.status === 'approved') approved = v;
  const pendingVersion = newest.status === 'pending_approval' ? newest.versionNumber : null;
  return {
    currentVersion: (approved ?? newest).versionNumber,
    pendingVersion,
    status: pendingVersion !== null ? 'pending_approval' : approved ? 'approved' : 'rejected',
    approved: approved !== undefined,
  };
}

/** The fields a version holds. */
export interface SkillFields {
  name: string;
  description: string;
  scope: SkillScope;
  powerCommand: string;
  instructions: string;
}

/** The fields an update may change, by their API names. */
const UPDATABLE = ['name', 'description', 'scope', 'power_command', 'instructions'] as const;

/** An update must change something: `change_summary` alone, or `{}`, is refused naming the body. */
export function updateRefusal(body: UpdateSkillBody): FieldError | undefined {
  if (UPDATABLE.some((field) => body[field] !== undefined)) return undefined;
  return {
    path: 'body',
    message: `names nothing to change: send at least one of ${UPDATABLE.join(', ')}`,
  };
}

/** The next version's fields: what the update gives, the rest carried over from `base`. */
export function updatedFields(base: SkillFields, body: UpdateSkillBody): SkillFields {
  return {
    name: body.name ?? base.name,
    description: body.description ?? base.description,
    scope: body.scope ?? base.scope,
    powerCommand: body.power_command ?? base.powerCommand,
    instructions: body.instructions ?? base.instructions,
  };
}

/** Why a rollback to `target` is refused, or undefined when it may go ahead. */
export function rollbackRefusal(
  target: number,
  skill: { currentVersion: number; pendingVersion: number | null; latestVersion: number },
): { kind: 'unknown' | 'current' | 'pending'; detail: string } | undefined {
  if (target > skill.latestVersion) {
    return {
      kind: 'unknown',
      detail: `This skill has no version ${target}: its versions are 1 to ${skill.latestVersion}.`,
    };
  }
  if (target === skill.currentVersion) {
    return {
      kind: 'current',
      detail: `Version ${target} is already the current version: there is nothing to roll back.`,
    };
  }
  if (target === skill.pendingVersion) {
    return {
      kind: 'pending',
      detail: `Version ${target} is the proposal waiting for an admin: approve or reject it instead.`,
    };
  }
  return undefined;
}

export const rollbackSummary = (target: number): string => `Rolled back to version ${target}.`;

/** `/Thermal-Derating` as typed in a chat -> `thermal-derating`, as commands are stored. */
export const commandOf = (typed: string): string => typed.replace(/^\//, '').toLowerCase();

/** An Ajv issue, as far as explainLeadingSlash reads it. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
}

/**
 * Ajv says only `must match pattern "…"`; a power command sent as `/thermal-derating` (as it is typed
 * in a chat) gets a message that says what to do. Every other issue is kept as it is.
 */
export function explainLeadingSlash<T extends ValidationIssue>(issues: readonly T[], data: unknown): T[] {
  const command = (data as { power_command?: unknown } | null)?.power_command;
  if (typeof command !== 'string' || !command.startsWith('/')) return [...issues];
  const rest = command.replace(/^\/+/, '');
  const message = new RegExp(KEBAB_CASE).test(rest)
    ? `must not start with "/": drop the leading slash and send "${rest}"`
    : 'must be kebab-case without a leading slash, e.g. "thermal-derating" for /thermal-derating';
  return issues.map((issue) =>
    issue.instancePath === '/power_command' && issue.keyword === 'pattern' ? { ...issue, message } : issue,
  );
}
