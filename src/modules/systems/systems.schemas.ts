// The System resource and its requests, as the spec's Systems table gives them.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';

/** Limits the spec leaves open, chosen for names that fit a UI row and descriptions of a few pages. */
export const SYSTEM_NAME_MAX = 200;
export const SYSTEM_DESCRIPTION_MAX = 10_000;
export const SYSTEM_SEARCH_MAX = 200;

export const SystemSchema = Type.Object({
  system_id: Uuid,
  system_name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  has_blueprints: Type.Boolean(),
  created_by: Type.String({ description: 'e-mail of the creator' }),
  created_at: Timestamp,
  is_deleted: Type.Boolean(),
});
export type System = Static<typeof SystemSchema>;

const SystemName = Type.String({
  minLength: 1,
  maxLength: SYSTEM_NAME_MAX,
  pattern: '\\S',
  description: `1 to ${SYSTEM_NAME_MAX} characters, not only white space; unique among live systems`,
});
const Description = Type.String({ maxLength: SYSTEM_DESCRIPTION_MAX });

export const CreateSystemBody = Type.Object(
  { system_name: SystemName, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CreateSystemBody = Static<typeof CreateSystemBody>;

export const UpdateSystemBody = Type.Object(
  {
    system_name: Type.Optional(SystemName),
    description: Type.Optional(Type.Union([Description, Type.Null()], { description: 'null clears it' })),
  },
  { additionalProperties: false },
);
export type UpdateSystemBody = Static<typeof UpdateSystemBody>;

export const ListSystemsQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: SYSTEM_SEARCH_MAX, description: 'case-insensitive substring of the name' }),
    ),
    is_deleted: Type.Boolean({ default: false, description: 'true includes soft-deleted systems' }),
    ...pageQuery(),
  },
  { additionalProperties: false },
);
export type ListSystemsQuery = Static<typeof ListSystemsQuery>;

export const SystemParams = Type.Object({ system_id: Uuid });
