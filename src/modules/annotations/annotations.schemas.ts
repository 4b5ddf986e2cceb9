// Annotations: regions marked on an attachment's page (spec: Annotation). The spec shows the bbox
// object; the path object is ours: {label, tags, points: [{x, y}, …]} with at least two points, in the
// same page coordinates as a bbox (x from the left edge, y from the top edge).
import { Type, type Static } from 'typebox';
import { DOCUMENTED_AS } from '../../core/openapi.js';
import { Uuid, Int } from '../../core/schemas.js';

const Coordinate = Type.Number({ minimum: 0 });
// typebox drops the key schema's maxLength from a Record (it emits patternProperties "^.*$"), so the
// key limit is stated as propertyNames, which Ajv enforces.
const Tags = Type.Record(Type.String(), Type.Union([Type.String({ maxLength: 1000 }), Type.Boolean()]), {
  propertyNames: { maxLength: 100 },
  description: 'string or boolean values; keys up to 100 characters',
});
const Label = Type.String({ maxLength: 500 });

export const BboxSchema = Type.Object(
  {
    label: Label,
    tags: Tags,
    x: Coordinate,
    y: Coordinate,
    width: Type.Number({ exclusiveMinimum: 0 }),
    height: Type.Number({ exclusiveMinimum: 0 }),
  },
  { additionalProperties: false, description: 'x is the left edge, y the top edge' },
);
export type Bbox = Static<typeof BboxSchema>;

export const PathSchema = Type.Object(
  {
    label: Label,
    tags: Tags,
    points: Type.Array(Type.Object({ x: Coordinate, y: Coordinate }, { additionalProperties: false }), {
      minItems: 2,
      maxItems: 10_000,
    }),
  },
  { additionalProperties: false },
);
export type PathItem = Static<typeof PathSchema>;

const page = {
  page_width: Type.Number({ exclusiveMinimum: 0 }),
  page_height: Type.Number({ exclusiveMinimum: 0 }),
  page_number: Int({ description: '0-indexed' }),
};

export const ANNOTATION_TYPES = ['bbox', 'path'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** The content schema for each type; the service validates against the one `annotation_type` names. */
export const CONTENT_SCHEMAS = {
  bbox: Type.Object(
    { ...page, content: Type.Array(BboxSchema, { maxItems: 1000 }) },
    { additionalProperties: false },
  ),
  path: Type.Object(
    { ...page, content: Type.Array(PathSchema, { maxItems: 1000 }) },
    { additionalProperties: false },
  ),
};

/**
 * Routes take any object here and the service checks it against the schema its `annotation_type`
 * names, so a bad bbox is told about bbox fields only (Ajv's anyOf would list both types' errors).
 * The document shows what is really accepted: one of the two content schemas.
 */
export const AnnotationContent = Type.Object(
  {},
  {
    additionalProperties: true,
    [DOCUMENTED_AS]: Type.Union([CONTENT_SCHEMAS.bbox, CONTENT_SCHEMAS.path], {
      description: '{page_width, page_height, page_number, content: [bbox or path]}, as annotation_type says',
    }),
  },
);

export const CreateAnnotationBody = Type.Object(
  {
    attachment_id: Uuid,
    annotation_type: Type.Enum([...ANNOTATION_TYPES]),
    annotation_content: AnnotationContent,
  },
  { additionalProperties: false },
);
export type CreateAnnotationBody = Static<typeof CreateAnnotationBody>;

export const PatchAnnotationBody = Type.Object(
  { annotation_content: AnnotationContent },
  { additionalProperties: false, description: 'replaces the content; the type stays' },
);

export const AnnotationSchema = Type.Object({
  uuid: Uuid,
  annotation_type: Type.Enum([...ANNOTATION_TYPES]),
  annotation_content: AnnotationContent,
  attachment_id: Uuid,
});
export type Annotation = Static<typeof AnnotationSchema>;

export const CreatedAnnotationSchema = Type.Object({
  attachment_id: Uuid,
  annotation_id: Uuid,
  annotation_content: AnnotationContent,
  annotation_type: Type.Enum([...ANNOTATION_TYPES]),
});
export type CreatedAnnotation = Static<typeof CreatedAnnotationSchema>;

export const AnnotationParams = Type.Object({ annotation_id: Uuid });
