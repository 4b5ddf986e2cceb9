// Cards of a run: made from a title or a template (spec Errors rule 2: at least one of them), placed
// at `order` (the others move; past the end is the end), renamed, moved, deleted with their steps.
// Every write goes through TestRunsService.withRun (run lock, contributor, updated_at).
import type { Actor } from '../../core/auth.js';
import { Errors } from '../../core/errors.js';
import type { Db, Executor } from '../../db/client.js';
import { cardPlanOf, type TestCardTemplatesService } from '../test-card-templates/templates.service.js';
import * as cardsRepo from './cards.repository.js';
import { treeRows } from './plan.rows.js';
import * as positions from './positions.repository.js';
import { presenter } from './run-tree.present.js';
import { readTree, type CardRow } from './run-tree.repository.js';
import type { CreateCardBody, UpdateCardBody } from './test-runs.requests.js';
import type { TestCard } from './test-runs.schemas.js';
import type { TestRunsService } from './test-runs.service.js';

export class TestCardsService {
  constructor(
    private readonly db: Db,
    private readonly runs: TestRunsService,
    private readonly templates: TestCardTemplatesService,
  ) {}

  /** The card of the live run, or 404 (a card of another run is absent here). */
  async liveCard(runId: string, cardId: string, ex: Executor = this.db): Promise<CardRow> {
    await this.runs.liveRun(runId);
    const card = await cardsRepo.findCard(ex, runId, cardId);
    if (!card) throw Errors.notFound('test card');
    return card;
  }

  /** The card as answered, read now. */
  async render(runId: string, cardId: string): Promise<TestCard> {
    const tree = await readTree(this.db, { runId, cardId });
    const card = tree.cards[0];
    if (!card) throw Errors.notFound('test card');
    return presenter(tree).card(card);
  }

  async create(actor: Actor, runId: string, body: CreateCardBody): Promise<TestCard> {
    if (body.title === undefined && body.template_id === undefined) {
      const message = 'is required when the other of title and template_id is absent';
      throw Errors.validation([
        { path: 'body.title', message },
        { path: 'body.template_id', message },
      ]);
    }
    await this.runs.liveRun(runId);
    const plan = body.template_id
      ? cardPlanOf(
          (await this.templates.liveTemplates([body.template_id], () => 'body.template_id'))[0]!,
          body.title,
          body.description,
        )
      : { title: body.title!, description: body.description, steps: [] };
    const cardId = await this.runs.withRun(actor, runId, async (tx) => {
      const position = await positions.openSlot(tx, positions.CARDS_OF(runId), body.order);
      const rows = treeRows(runId, [plan], position, actor);
      await cardsRepo.insertTree(tx, rows);
      return rows.cards[0]!.id;
    });
    return this.render(runId, cardId);
  }

  /** Only the fields given change; `order` moves the card and its neighbours. */
  async update(actor: Actor, runId: string, cardId: string, body: UpdateCardBody): Promise<TestCard> {
    await this.liveCard(runId, cardId);
    if (Object.keys(body).length > 0) {
      await this.runs.withRun(actor, runId, async (tx) => {
        const card = await cardsRepo.findCard(tx, runId, cardId);
        if (!card) throw Errors.notFound('test card');
        const patch: cardsRepo.CardPatch = {};
        if (body.title !== undefined) patch.title = body.title;
        if (body.description !== undefined) patch.description = body.description;
        if (body.order !== undefined)
          await positions.move(tx, positions.CARDS_OF(runId), cardId, card.position, body.order);
        await cardsRepo.updateCard(tx, cardId, patch);
      });
    }
    return this.render(runId, cardId);
  }

  async remove(actor: Actor, runId: string, cardId: string): Promise<void> {
    await this.runs.withRun(actor, runId, async (tx) => {
      const card = await cardsRepo.findCard(tx, runId, cardId);
      if (!card) throw Errors.notFound('test card');
      await cardsRepo.deleteCard(tx, cardId);
      await positions.closeGap(tx, positions.CARDS_OF(runId), card.position);
    });
  }
}
