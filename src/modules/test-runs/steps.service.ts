// Steps of a card, their measurements and observations. A step PATCH may set any field; measurements
// replace the step's list and, unless the same PATCH sets execution_status, decide the status
// (measurements.rules.ts). ended_at may not precede started_at, the stored one counting when only
// one of them is given. Every write goes through TestRunsService.withRun.
import type { Actor } from '../../core/auth.js';
import { Errors } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db, Executor } from '../../db/client.js';
import * as attachmentsRepo from '../attachments/attachments.repository.js';
import * as cardsRepo from './cards.repository.js';
import { measurementErrors } from './measurements.rules.js';
import { measurementRows, statusOf, stepRows } from './plan.rows.js';
import * as positions from './positions.repository.js';
import { presenter } from './run-tree.present.js';
import { readTree, type StepRow } from './run-tree.repository.js';
import type { CreateObservationBody, CreateStepBody, UpdateStepBody } from './test-runs.requests.js';
import type { Observation, TestStep } from './test-runs.schemas.js';
import type { TestCardsService } from './cards.service.js';
import type { TestRunsService } from './test-runs.service.js';

const time = (value: string | null | undefined, stored: Date | null) =>
  value === undefined ? stored : value === null ? null : new Date(value);

/** 400 when the step would end before it started, naming the field the body gave. */
function checkTimes(body: UpdateStepBody, step: StepRow): void {
  const started = time(body.started_at, step.startedAt);
  const ended = time(body.ended_at, step.endedAt);
  if (started && ended && ended < started) {
    throw body.ended_at !== undefined
      ? Errors.invalidField('body.ended_at', 'must not be before started_at')
      : Errors.invalidField('body.started_at', 'must not be after the step’s ended_at');
  }
}

export class TestStepsService {
  constructor(
    private readonly db: Db,
    private readonly runs: TestRunsService,
    private readonly cards: TestCardsService,
  ) {}

  private async findStep(runId: string, cardId: string, stepId: string, ex: Executor = this.db) {
    const step = await cardsRepo.findStep(ex, runId, cardId, stepId);
    if (!step) throw Errors.notFound('test step');
    return step;
  }

  async render(runId: string, stepId: string): Promise<TestStep> {
    const tree = await readTree(this.db, { runId, stepId });
    const step = tree.steps[0];
    if (!step) throw Errors.notFound('test step');
    return presenter(tree).step(step);
  }

  async create(actor: Actor, runId: string, cardId: string, body: CreateStepBody): Promise<TestStep> {
    const problems = measurementErrors(body.measurements ?? [], 'body.measurements');
    if (problems.length > 0) throw Errors.validation(problems);
    await this.cards.liveCard(runId, cardId);
    const stepId = await this.runs.withRun(actor, runId, async (tx) => {
      if (!(await cardsRepo.findCard(tx, runId, cardId))) throw Errors.notFound('test card');
      const position = await positions.openSlot(tx, positions.STEPS_OF(cardId), body.order);
      const rows = stepRows(runId, cardId, body, position, actor);
      await cardsRepo.insertTree(tx, { cards: [], ...rows });
      return rows.steps[0]!.id;
    });
    return this.render(runId, stepId);
  }

  async update(
    actor: Actor,
    runId: string,
    cardId: string,
    stepId: string,
    body: UpdateStepBody,
  ): Promise<TestStep> {
    const problems = measurementErrors(body.measurements ?? [], 'body.measurements');
    if (problems.length > 0) throw Errors.validation(problems);
    await this.cards.liveCard(runId, cardId);
    checkTimes(body, await this.findStep(runId, cardId, stepId));
    if (Object.keys(body).length === 0) return this.render(runId, stepId);
    await this.runs.withRun(actor, runId, async (tx) => {
      const step = await this.findStep(runId, cardId, stepId, tx);
      checkTimes(body, step); // again under the lock: a concurrent PATCH may have moved the other one
      const patch: cardsRepo.StepPatch = {};
      if (body.title !== undefined) patch.title = body.title;
      if (body.description !== undefined) patch.description = body.description;
      if (body.step_type !== undefined) patch.stepType = body.step_type;
      if (body.execution_status !== undefined) patch.executionStatus = body.execution_status;
      if (body.exception !== undefined) patch.exception = body.exception;
      if (body.started_at !== undefined) patch.startedAt = time(body.started_at, null);
      if (body.ended_at !== undefined) patch.endedAt = time(body.ended_at, null);
      if (body.measurements !== undefined) {
        const rows = measurementRows(runId, stepId, body.measurements, step.measurementSpecs);
        await cardsRepo.replaceMeasurements(tx, stepId, rows);
        Object.assign(patch, statusOf(body, rows));
      }
      if (body.order !== undefined) {
        await positions.move(tx, positions.STEPS_OF(cardId), stepId, step.position, body.order);
      }
      await cardsRepo.updateStep(tx, stepId, patch);
    });
    return this.render(runId, stepId);
  }

  async remove(actor: Actor, runId: string, cardId: string, stepId: string): Promise<void> {
    await this.runs.withRun(actor, runId, async (tx) => {
      const step = await this.findStep(runId, cardId, stepId, tx);
      await cardsRepo.deleteStep(tx, stepId);
      await positions.closeGap(tx, positions.STEPS_OF(cardId), step.position);
    });
  }

  /** A note on the step by the caller; attachments must be ones the caller can see (by index). */
  async observe(
    actor: Actor,
    runId: string,
    cardId: string,
    stepId: string,
    body: CreateObservationBody,
  ): Promise<Observation> {
    const given = (body.attachment_ids ?? []).map((id) => id.toLowerCase());
    const visible = await attachmentsRepo.visibleIds(this.db, actor.userId, [...new Set(given)]);
    const problems = given.flatMap((id, i) =>
      visible.has(id)
        ? []
        : [{ path: `body.attachment_ids[${i}]`, message: 'names no attachment you can see' }],
    );
    await this.cards.liveCard(runId, cardId);
    await this.findStep(runId, cardId, stepId);
    if (problems.length > 0) throw Errors.validation(problems);
    const row = await this.runs.withRun(actor, runId, async (tx) => {
      await this.findStep(runId, cardId, stepId, tx);
      return cardsRepo.insertObservation(tx, {
        id: newId(),
        stepId,
        runId,
        text: body.text,
        attachmentIds: [...new Set(given)],
        createdBy: actor.email,
        creatorId: actor.userId,
      });
    });
    return {
      uuid: row.id,
      text: row.text,
      attachment_ids: row.attachmentIds,
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
    };
  }
}
