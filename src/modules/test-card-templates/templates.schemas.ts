// Card templates (beyond the spec, which names `template_id`/`template_ids` but not their resource):
// team-wide procedures with step definitions and, for measurement steps, the limits to judge by.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { MAX_STEP_TITLE, StepTypeSchema } from '../test-runs/test-runs.schemas.js';

export const MAX_TEMPLATE_TITLE = 500;
export const MAX_TEMPLATE_DESCRIPTION = 10_000;
export const MAX_TEMPLATE_STEPS = 500;
export const MAX_STEP_MEASUREMENTS = 100;

const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const Title = Type.String({ minLength: 1, maxLength: MAX_TEMPLATE_TITLE, pattern: '\\S' });
const Description = Type.String({ maxLength: MAX_TEMPLATE_DESCRIPTION });

export const MeasurementDefinitionSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    units: Type.Union([Type.String({ maxLength: 200 }), Type.Null()]),
    low: NullableNumber,
    high: NullableNumber,
    marginal_low: NullableNumber,
    marginal_high: NullableNumber,
  },
  { additionalProperties: false },
);
export type MeasurementDefinition = Static<typeof MeasurementDefinitionSchema>;

export const StepDefinitionSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: MAX_STEP_TITLE, pattern: '\\S' }),
    description: Type.String({ maxLength: MAX_TEMPLATE_DESCRIPTION }),
    step_type: StepTypeSchema,
    measurements: Type.Array(MeasurementDefinitionSchema, {
      maxItems: MAX_STEP_MEASUREMENTS,
      description: 'limit definitions: low <= high, the marginal range inside [low, high]',
    }),
  },
  { additionalProperties: false },
);
export type StepDefinition = Static<typeof StepDefinitionSchema>;

export const TemplateSchema = Type.Object({
  uuid: Uuid,
  title: Type.String(),
  description: Type.String(),
  steps: Type.Array(StepDefinitionSchema),
  version: Type.Integer({ minimum: 1, description: '1 when created, +1 on every change' }),
  created_by: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Template = Static<typeof TemplateSchema>;

/** A step as a request gives it: only the title is required. */
const StepInput = Type.Object(
  {
    title: StepDefinitionSchema.properties.title,
    description: Type.Optional(
      Type.String({ maxLength: MAX_TEMPLATE_DESCRIPTION, description: 'default ""' }),
    ),
    step_type: Type.Optional(StepTypeSchema),
    measurements: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: MeasurementDefinitionSchema.properties.name,
            units: Type.Optional(MeasurementDefinitionSchema.properties.units),
            low: Type.Optional(NullableNumber),
            high: Type.Optional(NullableNumber),
            marginal_low: Type.Optional(NullableNumber),
            marginal_high: Type.Optional(NullableNumber),
          },
          { additionalProperties: false },
        ),
        { maxItems: MAX_STEP_MEASUREMENTS },
      ),
    ),
  },
  { additionalProperties: false },
);
const Steps = Type.Array(StepInput, {
  maxItems: MAX_TEMPLATE_STEPS,
  description: 'in order; replaces the steps',
});

export const CreateTemplateBody = Type.Object(
  { title: Title, description: Type.Optional(Description), steps: Type.Optional(Steps) },
  { additionalProperties: false },
);
export type CreateTemplateBody = Static<typeof CreateTemplateBody>;

export const UpdateTemplateBody = Type.Object(
  { title: Type.Optional(Title), description: Type.Optional(Description), steps: Type.Optional(Steps) },
  { additionalProperties: false },
);
export type UpdateTemplateBody = Static<typeof UpdateTemplateBody>;

export const TemplateParams = Type.Object({ template_id: Uuid });
export const ListTemplatesQuery = Type.Object({ ...pageQuery() }, { additionalProperties: false });
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;
