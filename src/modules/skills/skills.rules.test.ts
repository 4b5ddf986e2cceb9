// The skill rules as pure functions: who sees and changes a skill, which versions wait for review,
// the skill's state derived from its history, updates carrying fields over, rollback refusals, and
// the message for a power command sent with its slash. No database.
import { describe, expect, it } from 'vitest';
import {
  canChange,
  canSee,
  commandOf,
  explainLeadingSlash,
  needsReview,
  rollbackRefusal,
  skillState,
  updatedFields,
  updateRefusal,
  type SkillAccess,
  type SkillFields,
  type VersionState,
} from './skills.rules.js';

const OWNER = { userId: 'owner', isAdmin: false };
const OTHER = { userId: 'other', isAdmin: false };
const ADMIN = { userId: 'admin', isAdmin: true };

const skill = (fields: Partial<SkillAccess> = {}): SkillAccess => ({
  ownerId: 'owner',
  scope: 'user',
  approved: true,
  pendingVersion: null,
  ...fields,
});
const personal = skill();
const published = skill({ scope: 'global' });
const proposed = skill({ scope: 'global', approved: false, pendingVersion: 1 });
const rejected = skill({ scope: 'global', approved: false });
const personalGoingGlobal = skill({ pendingVersion: 2 });

describe('canSee', () => {
  it('shows the owner every skill of theirs', () => {
    for (const s of [personal, published, proposed, rejected, personalGoingGlobal]) {
      expect(canSee(OWNER, s)).toBe(true);
    }
  });

  it('shows other users only published skills', () => {
    expect(
      [personal, published, proposed, rejected, personalGoingGlobal].map((s) => canSee(OTHER, s)),
    ).toEqual([false, true, false, false, false]);
  });

  it('shows admins what is global or waits for review, never a personal skill', () => {
    expect(
      [personal, published, proposed, rejected, personalGoingGlobal].map((s) => canSee(ADMIN, s)),
    ).toEqual([false, true, true, true, true]);
  });
});

describe('canChange', () => {
  it('lets the owner and admins change a skill, nobody else', () => {
    expect(canChange(OWNER, published)).toBe(true);
    expect(canChange(ADMIN, published)).toBe(true);
    expect(canChange(OTHER, published)).toBe(false);
  });
});

describe('needsReview', () => {
  it('holds a non-admin’s global version, and any version of a published skill, for review', () => {
    expect(needsReview(OWNER, 'global')).toBe(true);
    expect(needsReview(OWNER, 'global', personal)).toBe(true);
    expect(needsReview(OWNER, 'user', published)).toBe(true);
    expect(needsReview(OWNER, 'global', published)).toBe(true);
  });

  it('approves personal versions, a never-approved global skill taken back to personal, and every admin version', () => {
    expect(needsReview(OWNER, 'user')).toBe(false);
    expect(needsReview(OWNER, 'user', personal)).toBe(false);
    expect(needsReview(OWNER, 'user', proposed)).toBe(false);
    expect(needsReview(OWNER, 'user', rejected)).toBe(false);
    expect(needsReview(ADMIN, 'global')).toBe(false);
    expect(needsReview(ADMIN, 'user', published)).toBe(false);
  });
});

describe('skillState', () => {
  const v = (...statuses: VersionState['status'][]): VersionState[] =>
    statuses.map((status, i) => ({ versionNumber: i + 1, status }));

  it('makes the newest approved version current, with nothing pending', () => {
    expect(skillState(v('approved', 'approved', 'approved'))).toEqual({
      currentVersion: 3,
      pendingVersion: null,
      status: 'approved',
      approved: true,
    });
  });

  it('keeps the newest approved version current while a newer one waits', () => {
    expect(skillState(v('approved', 'superseded', 'pending_approval'))).toEqual({
      currentVersion: 1,
      pendingVersion: 3,
      status: 'pending_approval',
      approved: true,
    });
  });

  it('is approved again after a rejected change', () => {
    expect(skillState(v('approved', 'rejected'))).toMatchObject({
      currentVersion: 1,
      pendingVersion: null,
      status: 'approved',
    });
  });

  it('shows the newest proposal of a skill never approved, pending or rejected', () => {
    expect(skillState(v('pending_approval'))).toEqual({
      currentVersion: 1,
      pendingVersion: 1,
      status: 'pending_approval',
      approved: false,
    });
    expect(skillState(v('rejected', 'superseded', 'rejected'))).toEqual({
      currentVersion: 3,
      pendingVersion: null,
      status: 'rejected',
      approved: false,
    });
  });

  it('refuses an empty history', () => {
    expect(() => skillState([])).toThrow(/at least one version/);
  });
});

describe('updates', () => {
  const base: SkillFields = {
    name: 'derating',
    description: 'Derate',
    scope: 'user',
    powerCommand: 'derate',
    instructions: '# Steps',
  };

  it('carries over every field the update does not give', () => {
    expect(updatedFields(base, { instructions: '# New' })).toEqual({ ...base, instructions: '# New' });
    expect(
      updatedFields(base, {
        name: 'n',
        description: 'd',
        scope: 'global',
        power_command: 'p',
        instructions: 'i',
      }),
    ).toEqual({
      name: 'n',
      description: 'd',
      scope: 'global',
      powerCommand: 'p',
      instructions: 'i',
    });
  });

  it('refuses an update naming nothing to change, change_summary alone included', () => {
    expect(updateRefusal({})).toMatchObject({ path: 'body' });
    expect(updateRefusal({ change_summary: 'x' })?.message).toContain(
      'name, description, scope, power_command, instructions',
    );
    expect(updateRefusal({ scope: 'user' })).toBeUndefined();
  });
});

describe('rollbackRefusal', () => {
  const state = { currentVersion: 3, pendingVersion: 5, latestVersion: 5 };

  it('allows any earlier version, and a later one that is not pending (a rejected proposal)', () => {
    expect(rollbackRefusal(1, state)).toBeUndefined();
    expect(rollbackRefusal(4, state)).toBeUndefined();
  });

  it('refuses the current version, the pending one and one the skill does not have, saying which', () => {
    expect(rollbackRefusal(3, state)).toMatchObject({ kind: 'current' });
    expect(rollbackRefusal(5, state)).toMatchObject({ kind: 'pending' });
    expect(rollbackRefusal(6, state)).toMatchObject({
      kind: 'unknown',
      detail: expect.stringContaining('1 to 5'),
    });
  });
});

describe('commandOf', () => {
  it('takes a command as typed: one leading slash dropped, lower case', () => {
    expect(commandOf('/Thermal-Derating')).toBe('thermal-derating');
    expect(commandOf('i2c-bringup')).toBe('i2c-bringup');
    expect(commandOf('//x')).toBe('/x');
  });
});

describe('explainLeadingSlash', () => {
  const patternIssue = {
    instancePath: '/power_command',
    keyword: 'pattern',
    message: 'must match pattern "^…$"',
  };
  const nameIssue = { instancePath: '/name', keyword: 'pattern', message: 'must match pattern "^…$"' };

  it('says to drop the slash from a power command that is otherwise kebab-case', () => {
    const [issue, other] = explainLeadingSlash([patternIssue, nameIssue], {
      power_command: '/tvac-checklist',
    });
    expect(issue!.message).toBe('must not start with "/": drop the leading slash and send "tvac-checklist"');
    expect(other).toEqual(nameIssue);
  });

  it('says what a command looks like when dropping the slash would not be enough', () => {
    const [issue] = explainLeadingSlash([patternIssue], { power_command: '/TVAC checklist' });
    expect(issue!.message).toContain('kebab-case without a leading slash');
  });

  it('leaves every issue alone when the command has no slash', () => {
    expect(explainLeadingSlash([patternIssue], { power_command: 'TVAC' })).toEqual([patternIssue]);
    expect(explainLeadingSlash([patternIssue], null)).toEqual([patternIssue]);
    const length = { instancePath: '/power_command', keyword: 'maxLength', message: 'must NOT have more…' };
    expect(explainLeadingSlash([length], { power_command: '/x' })).toEqual([length]);
  });
});
