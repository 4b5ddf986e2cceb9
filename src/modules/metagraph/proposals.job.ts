// The metagraph_update job type: reads a system's documents, extracts entities and relationships with
// the built-in extractor, adds what the language model proposes when one is configured (validated
// against a schema, each item kept only when it names a type the spec knows), and writes what is new
// as pending proposals with provenance (proposals.writer.ts). People approve or reject them through
// /systems/{id}/metagraph/proposals.
//
// The documents and the extractor are dependencies handed in (metagraphUpdateJobType(deps)): the
// production registry passes the documents repository and extractModel, tests pass their own.
import { Ajv } from 'ajv';
import { Type, type Static } from 'typebox';
import type { ExtractedModel, SourceDocument } from '../../analysis/extract/types.js';
import type { Db } from '../../db/client.js';
import type { OutputReference } from '../../db/schema.js';
import type { JobContext, JobType } from '../../jobs/registry.js';
import { ENTITY_TYPES, RELATIONSHIP_TYPES } from './metagraph.schemas.js';
import { findLiveSystemIdOrName } from './proposals.repository.js';
import { normalise } from './proposals.rules.js';
import { writeProposals, type Written } from './proposals.writer.js';

/** The config the spec gives (job_type, system_id_or_name, additional_context) plus document_ids. */
const configSchema = <T extends string>(jobType: T) =>
  Type.Object(
    {
      job_type: Type.Literal(jobType),
      system_id_or_name: Type.String({ minLength: 1, maxLength: 500 }),
      additional_context: Type.Optional(Type.String({ maxLength: 20_000 })),
      document_ids: Type.Optional(
        Type.Array(Type.String({ format: 'uuid' }), {
          maxItems: 10_000,
          description: 'the documents to read; default every document of the system',
        }),
      ),
    },
    { additionalProperties: false },
  );
export const MetagraphUpdateConfig = configSchema('metagraph_update');
export type MetagraphUpdateConfig = Static<typeof MetagraphUpdateConfig>;

export interface MetagraphUpdateDeps {
  /** The system's documents (these ids only, when given) with what their reader made of them. */
  loadDocuments(db: Db, systemId: string, documentIds?: string[]): Promise<SourceDocument[]>;
  extract(documents: SourceDocument[]): ExtractedModel;
}

/** What the model is asked to answer; anything else in its JSON is ignored. */
const LlmModel = Type.Object({
  entities: Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 500 }),
      entity_type: Type.Enum([...ENTITY_TYPES]),
      description: Type.Optional(Type.String({ maxLength: 2000 })),
      parent: Type.Optional(Type.String({ maxLength: 500 })),
      document: Type.Optional(Type.String({ maxLength: 500 })),
    }),
    { maxItems: 2000 },
  ),
  relationships: Type.Array(
    Type.Object({
      source: Type.String({ minLength: 1, maxLength: 500 }),
      target: Type.String({ minLength: 1, maxLength: 500 }),
      relationship_type: Type.Enum([...RELATIONSHIP_TYPES]),
      document: Type.Optional(Type.String({ maxLength: 500 })),
    }),
    { maxItems: 5000 },
  ),
});
type LlmModel = Static<typeof LlmModel>;
const validateLlm = new Ajv({ strict: false }).compile<LlmModel>(LlmModel);

/** Text sent to the model, at most: about 30k tokens of documents. */
const LLM_TEXT_LIMIT = 120_000;

/**
 * The model's proposals merged into the extractor's: an entity it names that the extractor already
 * has is not added twice; a relationship is kept only when both ends are known entities.
 */
export function mergeLlm(
  model: ExtractedModel,
  answer: LlmModel,
  documents: SourceDocument[],
): ExtractedModel {
  const keyOf = new Map<string, string>();
  for (const e of model.entities) for (const n of [e.name, ...e.aliases]) keyOf.set(normalise(n), e.key);
  const docOf = (name?: string) => documents.find((d) => d.name === name) ?? documents[0];
  const provenance = (name?: string) => {
    const doc = docOf(name);
    return doc ? [{ documentId: doc.id, documentName: doc.name, location: {}, extractor: 'llm' }] : [];
  };
  const entities = [...model.entities];
  for (const e of answer.entities) {
    const key = normalise(e.name);
    if (keyOf.has(key)) continue;
    keyOf.set(key, key);
    entities.push({
      key,
      name: e.name,
      entityType: e.entity_type,
      aliases: [],
      ...(e.description ? { description: e.description } : {}),
      properties: {},
      provenance: provenance(e.document),
    });
  }
  for (const e of answer.entities) {
    const child = entities.find((x) => x.key === keyOf.get(normalise(e.name)));
    const parent = e.parent ? keyOf.get(normalise(e.parent)) : undefined;
    if (child && parent && child.parentKey === undefined && parent !== child.key) child.parentKey = parent;
  }
  const relationships = [...model.relationships];
  for (const r of answer.relationships) {
    const sourceKey = keyOf.get(normalise(r.source));
    const targetKey = keyOf.get(normalise(r.target));
    if (!sourceKey || !targetKey) continue;
    relationships.push({
      sourceKey,
      targetKey,
      relationshipType: r.relationship_type,
      properties: {},
      provenance: provenance(r.document),
    });
  }
  return { entities, relationships };
}

async function llmPass(
  ctx: JobContext<MetagraphUpdateConfig>,
  model: ExtractedModel,
  documents: SourceDocument[],
): Promise<ExtractedModel> {
  let text = '';
  for (const d of documents) {
    if (text.length >= LLM_TEXT_LIMIT) break;
    text += `\n\n# Document: ${d.name}\n${d.doc.text}`.slice(0, LLM_TEXT_LIMIT - text.length);
  }
  const known = model.entities.map((e) => `${e.name} (${e.entityType})`).join('\n');
  const result = await ctx.analyst.complete({
    system:
      'You read hardware engineering documents and list the system model they describe: entities ' +
      `(types ${ENTITY_TYPES.join(', ')}) and relationships (types ${RELATIONSHIP_TYPES.join(', ')}). ` +
      'Only state what the documents say. Answer with JSON matching the schema.',
    messages: [
      {
        role: 'user',
        content:
          `${ctx.config.additional_context ? `Context: ${ctx.config.additional_context}\n\n` : ''}` +
          `Entities already found:\n${known}\n\nDocuments:${text}`,
      },
    ],
    schema: { name: 'metagraph_proposals', schema: LlmModel as unknown as Record<string, unknown> },
    maxTokens: 4000,
  });
  if (!result.available) return model;
  // Never trusted blindly: an answer that breaks the schema adds nothing.
  if (!validateLlm(result.json)) return model;
  return mergeLlm(model, result.json, documents);
}

interface Saved {
  written?: Written;
  /** How many output references were added before the checkpoint. */
  refs?: number;
}

/**
 * The job type with these dependencies. `jobType` is for tests, which register their own documents
 * and extractor beside the production type under another name.
 */
export function metagraphUpdateJobType(
  deps: MetagraphUpdateDeps,
  jobType = 'metagraph_update',
): JobType<typeof MetagraphUpdateConfig> {
  return {
    jobType,
    displayName: 'Propose the metagraph from documents',
    description:
      'Reads the system documents, extracts entities and relationships (tables, netlists, JSON models, ' +
      'prose; the LLM when configured) and writes new ones as pending proposals with provenance.',
    userFacingDescription:
      "Reads your system's documents and proposes entities and relationships for you to approve or reject.",
    configSchema: configSchema(jobType) as unknown as typeof MetagraphUpdateConfig,
    creatableOnUi: true,
    creatableByAgent: true,
    visibleOnUi: true,
    maxAttempts: 3,
    timeLimitSeconds: 3600,
    async handler(ctx) {
      const saved = (ctx.saved ?? {}) as Saved;
      let written = saved.written;
      if (!written) {
        const systemId = await findLiveSystemIdOrName(ctx.db, ctx.config.system_id_or_name);
        if (!systemId) throw new Error(`No live system "${ctx.config.system_id_or_name}".`);
        await ctx.progress(5, 'reading documents');
        const documents = await deps.loadDocuments(ctx.db, systemId, ctx.config.document_ids);
        await ctx.checkpoint();
        await ctx.progress(20, `extracting from ${documents.length} document(s)`);
        let model = deps.extract(documents);
        await ctx.checkpoint();
        await ctx.progress(50, 'asking the language model');
        model = await llmPass(ctx, model, documents);
        await ctx.checkpoint();
        await ctx.progress(70, `matching ${model.entities.length} entities against the metagraph`);
        // One transaction: a crash before it commits leaves nothing; after it, the retry's matcher
        // finds everything written and writes nothing again.
        written = await writeProposals(ctx.db, systemId, ctx.run.id, model);
        await ctx.checkpoint({ written } satisfies Saved);
      }
      await ctx.progress(
        90,
        `${written.entities.length} entities, ${written.relationships.length} relationships proposed`,
      );
      // Checkpointed every 200 references: a resumed run starts after the last checkpoint, so a crash
      // can repeat at most the references added since (the queue appends; it does not deduplicate).
      const refs: OutputReference[] = [
        ...written.entities.map((e) => ({
          type: 'entity' as const,
          id: e.id,
          title: e.updatesEntityId ? `update of ${e.name}` : e.name,
        })),
        ...written.relationships.map((r) => ({ type: 'relationship' as const, id: r.id, title: r.title })),
      ];
      for (let i = saved.refs ?? 0; i < refs.length; i++) {
        await ctx.addOutputReference(refs[i]!);
        if ((i + 1) % 200 === 0) await ctx.checkpoint({ written, refs: i + 1 } satisfies Saved);
      }
      await ctx.progress(100, 'proposals ready for review');
    },
  };
}
