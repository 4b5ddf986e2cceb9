// Skills: versioned slash-command procedures. Access checks, the review flow and the power command
// rule live here (the pure rules in skills.rules.ts); every write is one transaction that appends a
// version and then derives the skill's row from its history, so the two never disagree.
import type { Actor } from '../../core/auth.js';
import { Errors, HwaError } from '../../core/errors.js';
import { iso, isoOrNull, newId } from '../../core/ids.js';
import type { Db, Executor } from '../../db/client.js';
import * as repo from './skills.repository.js';
import {
  canChange,
  canSee,
  commandOf,
  needsReview,
  rollbackRefusal,
  rollbackSummary,
  skillState,
  updatedFields,
  updateRefusal,
  type SkillFields,
} from './skills.rules.js';
import { parseSkillMd, toSkillMd } from './skill-md.js';
import type {
  CreateSkillBody,
  ImportQuery,
  ListSkillsQuery,
  ReviewBody,
  Skill,
  SkillVersion,
  UpdateSkillBody,
} from './skills.schemas.js';

export function toSkill(row: repo.SkillRow): Skill {
  return {
    uuid: row.id,
    name: row.name,
    description: row.description,
    scope: row.scope,
    status: row.status,
    power_command: row.powerCommand,
    instructions: row.instructions,
    current_version: row.currentVersion,
    pending_version: row.pendingVersion,
    created_by: row.createdBy,
    group_id: row.groupId,
    job_id: row.jobId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function toVersion(row: repo.SkillVersionRow): SkillVersion {
  return {
    uuid: row.id,
    version_number: row.versionNumber,
    name: row.name,
    description: row.description,
    scope: row.scope,
    power_command: row.powerCommand,
    instructions: row.instructions,
    status: row.status,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    change_summary: row.changeSummary,
    reviewed_by: row.reviewedBy,
    reviewed_at: isoOrNull(row.reviewedAt),
    review_comment: row.reviewComment,
  };
}

const fieldsOf = (row: repo.SkillRow | repo.SkillVersionRow): SkillFields => ({
  name: row.name,
  description: row.description,
  scope: row.scope,
  powerCommand: row.powerCommand,
  instructions: row.instructions,
});

export class SkillsService {
  constructor(private readonly db: Db) {}

  /** The live skill `actor` may see, or 404 (someone else's personal skill reads as absent). */
  private async visible(ex: Executor, actor: Actor, id: string): Promise<repo.SkillRow> {
    const row = await repo.findLiveSkill(ex, id);
    if (!row || !canSee(actor, row)) throw Errors.notFound('skill');
    return row;
  }

  /** The visible skill, if `actor` may change it (owner or admin): 403 otherwise. */
  private async changeable(ex: Executor, actor: Actor, id: string): Promise<repo.SkillRow> {
    const row = await this.visible(ex, actor, id);
    if (!canChange(actor, row)) {
      throw Errors.forbidden('Only the owner of a skill or an admin may change, roll back or delete it.');
    }
    return row;
  }

  /** 409 when `command` is held by another skill the owner can invoke (their own or a published one). */
  private async requireFreeCommand(
    tx: Executor,
    actor: Actor,
    ownerId: string,
    command: string,
    skillId?: string,
  ): Promise<void> {
    const holder = await repo.findCommandHolder(tx, { ownerId, command, exceptId: skillId });
    if (!holder) return;
    // The holder is named to whoever may see it; an admin editing someone's skill may not see its
    // owner's personal skills.
    if (!canSee(actor, holder)) throw Errors.powerCommandTaken(command, 'another skill of its owner');
    throw Errors.powerCommandTaken(command, `the skill "${holder.name}" (${holder.id})`, holder.id);
  }

  /**
   * Appends a version to a new or existing skill and derives the skill's row from its history. A
   * version waiting for review replaces (supersedes) any proposal still waiting. The caller has
   * checked the version's power command (requireFreeCommand).
   */
  private async appendVersion(
    tx: Executor,
    actor: Actor,
    skill: repo.SkillRow,
    fields: SkillFields,
    changeSummary: string | null,
  ): Promise<repo.SkillRow> {
    const waits = needsReview(actor, fields.scope, skill);
    if (skill.pendingVersion !== null) {
      await repo.setVersionStatus(tx, skill.id, skill.pendingVersion, 'superseded');
    }
    await repo.insertVersion(tx, {
      id: newId(),
      skillId: skill.id,
      versionNumber: (await repo.latestVersionNumber(tx, skill.id)) + 1,
      ...fields,
      status: waits ? 'pending_approval' : 'approved',
      changeSummary,
      createdBy: actor.email,
    });
    return this.refresh(tx, skill.id);
  }

  /** Writes the skill row from its versions: the current version's fields and the review state. */
  private async refresh(tx: Executor, skillId: string): Promise<repo.SkillRow> {
    const state = skillState(await repo.versionStates(tx, skillId));
    const current = (await repo.findVersion(tx, skillId, state.currentVersion))!;
    return repo.setSkillState(tx, skillId, { ...fieldsOf(current), ...state });
  }

  async create(actor: Actor, body: CreateSkillBody): Promise<Skill> {
    const fields: SkillFields = {
      name: body.name,
      description: body.description,
      scope: body.scope ?? 'user',
      powerCommand: body.power_command,
      instructions: body.instructions,
    };
    const row = await this.db.transaction(async (tx) => {
      await repo.lockSkillWrites(tx);
      await this.requireFreeCommand(tx, actor, actor.userId, fields.powerCommand);
      // Inserted first, at version 0 and not yet approved, so that version 1 can reference it;
      // appendVersion then writes its real state.
      const skill = await repo.insertSkill(tx, {
        id: newId(),
        ownerId: actor.userId,
        createdBy: actor.email,
        groupId: body.group_id ?? null,
        jobId: null, // set by job runs, once they create skills
        ...fields,
        status: 'approved',
        currentVersion: 0,
        pendingVersion: null,
        approved: false,
      });
      return this.appendVersion(tx, actor, skill, fields, null);
    });
    return toSkill(row);
  }

  async list(actor: Actor, query: ListSkillsQuery): Promise<{ items: Skill[]; count: number }> {
    const { rows, count } = await repo.listVisibleSkills(this.db, actor, {
      scope: query.scope,
      status: query.status,
      search: query.search,
      groupId: query.group_id,
      limit: query.limit,
      offset: query.offset,
    });
    return { items: rows.map(toSkill), count };
  }

  async get(actor: Actor, id: string): Promise<Skill> {
    return toSkill(await this.visible(this.db, actor, id));
  }

  /** Each update appends a version; fields not given are carried over from the current version. */
  async update(actor: Actor, id: string, body: UpdateSkillBody): Promise<Skill> {
    const refusal = updateRefusal(body);
    if (refusal) throw Errors.validation([refusal]);
    const row = await this.db.transaction(async (tx) => {
      await repo.lockSkillWrites(tx);
      const skill = await this.changeable(tx, actor, id);
      const fields = updatedFields(fieldsOf(skill), body);
      await this.requireFreeCommand(tx, actor, skill.ownerId, fields.powerCommand, id);
      return this.appendVersion(tx, actor, skill, fields, body.change_summary ?? null);
    });
    return toSkill(row);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await repo.lockSkillWrites(tx);
      await this.changeable(tx, actor, id);
      await repo.softDeleteSkill(tx, id);
    });
  }

  async versions(actor: Actor, id: string): Promise<SkillVersion[]> {
    await this.visible(this.db, actor, id);
    return (await repo.listVersions(this.db, id)).map(toVersion);
  }

  /** Appends a copy of an earlier version; history is never rewritten. */
  async rollback(actor: Actor, id: string, versionNumber: number): Promise<Skill> {
    const row = await this.db.transaction(async (tx) => {
      await repo.lockSkillWrites(tx);
      const skill = await this.changeable(tx, actor, id);
      const refusal = rollbackRefusal(versionNumber, {
        currentVersion: skill.currentVersion,
        pendingVersion: skill.pendingVersion,
        latestVersion: await repo.latestVersionNumber(tx, id),
      });
      if (refusal?.kind === 'unknown') throw new HwaError('not_found', refusal.detail);
      if (refusal) throw Errors.stateConflict(refusal.detail);
      const target = (await repo.findVersion(tx, id, versionNumber))!;
      await this.requireFreeCommand(tx, actor, skill.ownerId, target.powerCommand, id);
      return this.appendVersion(tx, actor, skill, fieldsOf(target), rollbackSummary(versionNumber));
    });
    return toSkill(row);
  }

  async approve(actor: Actor, id: string, body: ReviewBody): Promise<Skill> {
    return this.review(actor, id, 'approved', body.comment ?? null);
  }

  async reject(actor: Actor, id: string, body: ReviewBody): Promise<Skill> {
    return this.review(actor, id, 'rejected', body.comment ?? null);
  }

  private async review(
    actor: Actor,
    id: string,
    verdict: 'approved' | 'rejected',
    comment: string | null,
  ): Promise<Skill> {
    const row = await this.db.transaction(async (tx) => {
      await repo.lockSkillWrites(tx);
      const skill = await this.visible(tx, actor, id);
      if (!actor.isAdmin) throw Errors.forbidden('Only an admin may approve or reject a skill.');
      if (skill.pendingVersion === null) {
        throw Errors.stateConflict('This skill has no version waiting for approval.');
      }
      if (verdict === 'approved') {
        const proposal = (await repo.findVersion(tx, id, skill.pendingVersion))!;
        await this.requireFreeCommand(tx, actor, skill.ownerId, proposal.powerCommand, id);
      }
      await repo.setVersionStatus(tx, id, skill.pendingVersion, verdict, { by: actor.email, comment });
      return this.refresh(tx, id);
    });
    return toSkill(row);
  }

  /** The skill `/command` invokes for `actor`: their own first, then a published one. */
  async resolve(actor: Actor, command: string): Promise<Skill> {
    const row = await repo.resolveCommand(this.db, actor.userId, commandOf(command));
    if (!row) {
      throw new HwaError(
        'not_found',
        `No skill of yours or of the organisation answers /${commandOf(command)}.`,
      );
    }
    return toSkill(row);
  }

  async exportMd(actor: Actor, id: string): Promise<string> {
    const skill = toSkill(await this.visible(this.db, actor, id));
    return toSkillMd(skill);
  }

  /** Creates a skill from a SKILL.md, with the scope and group the query gives. */
  async importMd(actor: Actor, text: string, query: ImportQuery): Promise<Skill> {
    const parsed = parseSkillMd(text);
    if (!parsed.ok) throw Errors.validation(parsed.errors);
    return this.create(actor, { ...parsed.skill, scope: query.scope, group_id: query.group_id });
  }
}
