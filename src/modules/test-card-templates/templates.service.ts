// Card templates: team-wide (every signed-in user reads and changes them, like issues). A change moves
// `version` on; cards made earlier keep their copy of the steps and the version they came from, so a
// template change alters no card. A deleted template can no longer be instantiated.
import type { Actor } from '../../core/auth.js';
import { Errors } from '../../core/errors.js';
import { iso, newId } from '../../core/ids.js';
import type { Page } from '../../core/schemas.js';
import type { Db, Executor } from '../../db/client.js';
import { limitErrors } from '../test-runs/measurements.rules.js';
import type { CardPlan } from '../test-runs/test-runs.schemas.js';
import * as repo from './templates.repository.js';
import type {
  CreateTemplateBody,
  ListTemplatesQuery,
  StepDefinition,
  Template,
  UpdateTemplateBody,
} from './templates.schemas.js';

type StepsInput = NonNullable<CreateTemplateBody['steps']>;

/** Steps with every default written out, so a stored template reads the same as it answers. */
function normalise(steps: StepsInput): StepDefinition[] {
  return steps.map((s) => ({
    title: s.title,
    description: s.description ?? '',
    step_type: s.step_type ?? 'passfail',
    measurements: (s.measurements ?? []).map((m) => ({
      name: m.name,
      units: m.units ?? null,
      low: m.low ?? null,
      high: m.high ?? null,
      marginal_low: m.marginal_low ?? null,
      marginal_high: m.marginal_high ?? null,
    })),
  }));
}

function checkLimits(steps: StepsInput): void {
  const errors = steps.flatMap((s, i) =>
    (s.measurements ?? []).flatMap((m, j) => limitErrors(m, `body.steps[${i}].measurements[${j}]`)),
  );
  if (errors.length > 0) throw Errors.validation(errors);
}

export function toTemplate(row: repo.TemplateRow): Template {
  return {
    uuid: row.id,
    title: row.title,
    description: row.description,
    steps: row.steps as StepDefinition[],
    version: row.version,
    created_by: row.createdBy,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The card a template makes: its title and description, a copy of its steps, its id and version. */
export function cardPlanOf(row: repo.TemplateRow, title?: string, description?: string): CardPlan {
  return {
    title: title ?? row.title,
    description: description ?? row.description,
    template_id: row.id,
    template_version: row.version,
    steps: (row.steps as StepDefinition[]).map((s) => ({
      title: s.title,
      description: s.description,
      step_type: s.step_type,
      measurement_specs: s.measurements,
    })),
  };
}

export class TestCardTemplatesService {
  constructor(private readonly db: Db) {}

  /**
   * The live templates named by `ids`, in the order given; an unknown or deleted one is refused as a
   * 400 at `pathOf(index)`.
   */
  async liveTemplates(
    ids: string[],
    pathOf: (index: number) => string,
    ex: Executor = this.db,
  ): Promise<repo.TemplateRow[]> {
    const wanted = ids.map((id) => id.toLowerCase());
    const found = new Map((await repo.findLiveTemplates(ex, [...new Set(wanted)])).map((r) => [r.id, r]));
    const missing = wanted.flatMap((id, i) =>
      found.has(id) ? [] : [{ path: pathOf(i), message: 'names no live card template' }],
    );
    if (missing.length > 0) throw Errors.validation(missing);
    return wanted.map((id) => found.get(id)!);
  }

  async create(actor: Actor, body: CreateTemplateBody): Promise<Template> {
    checkLimits(body.steps ?? []);
    const row = await repo.insertTemplate(this.db, {
      id: newId(),
      title: body.title,
      description: body.description ?? '',
      steps: normalise(body.steps ?? []),
      createdBy: actor.email,
      creatorId: actor.userId,
    });
    return toTemplate(row);
  }

  async list(_actor: Actor, query: ListTemplatesQuery): Promise<Page<Template>> {
    const { rows, count } = await repo.listLiveTemplates(this.db, query);
    return { items: rows.map(toTemplate), count };
  }

  async get(_actor: Actor, id: string): Promise<Template> {
    const row = (await repo.findLiveTemplates(this.db, [id]))[0];
    if (!row) throw Errors.notFound('card template');
    return toTemplate(row);
  }

  /** Any change moves the version on; an empty body changes nothing, the version included. */
  async update(actor: Actor, id: string, body: UpdateTemplateBody): Promise<Template> {
    if (body.steps) checkLimits(body.steps);
    const patch: Parameters<typeof repo.updateTemplate>[2] = {};
    if (body.title !== undefined) patch.title = body.title;
    if (body.description !== undefined) patch.description = body.description;
    if (body.steps !== undefined) patch.steps = normalise(body.steps);
    if (Object.keys(patch).length === 0) return this.get(actor, id);
    const row = await repo.updateTemplate(this.db, id, patch);
    if (!row) throw Errors.notFound('card template');
    return toTemplate(row);
  }

  async remove(_actor: Actor, id: string): Promise<void> {
    if (!(await repo.softDeleteTemplate(this.db, id))) throw Errors.notFound('card template');
  }
}
