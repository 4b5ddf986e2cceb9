// Session (spec: Session; Sessions endpoints).
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';
import { AttachmentSchema } from '../attachments/attachments.schemas.js';

export const DEFAULT_SESSION_TITLE = 'New session';

const sessionFields = {
  session_id: Uuid,
  session_title: Type.Union([Type.String(), Type.Null()]),
  session_description: Type.Union([Type.String(), Type.Null()]),
  session_created_by: Type.String(),
  session_created_at: Timestamp,
  imported_projects: Type.Array(Uuid),
  is_starred: Type.Boolean(),
  starred_at: Type.Union([Timestamp, Type.Null()]),
};

export const SessionListItemSchema = Type.Object(sessionFields);
export type SessionListItem = Static<typeof SessionListItemSchema>;
export const SessionSchema = Type.Object({ ...sessionFields, attachments: Type.Array(AttachmentSchema) });
export type Session = Static<typeof SessionSchema>;

export const CreateSessionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 500, description: `default "${DEFAULT_SESSION_TITLE}"` })),
    attachments: Type.Optional(
      Type.Array(Type.Object({ attachment_id: Uuid }, { additionalProperties: false }), { maxItems: 100 }),
    ),
  },
  { additionalProperties: false },
);
export type CreateSessionBody = Static<typeof CreateSessionBody>;

export const UpdateSessionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 500 })),
    description: Type.Optional(Type.String({ maxLength: 10_000 })),
    starred: Type.Optional(Type.Boolean({ description: 'true stars the session, false unstars it' })),
  },
  { additionalProperties: false },
);
export type UpdateSessionBody = Static<typeof UpdateSessionBody>;

export const ListSessionsQuery = Type.Object(pageQuery(), { additionalProperties: false });
export const SessionParams = Type.Object({ session_id: Uuid });
export const SessionAttachmentParams = Type.Object({ session_id: Uuid, attachment_id: Uuid });

/** Files per upload request; each is up to HWA_UPLOAD_LIMIT bytes. */
export const MAX_FILES_PER_UPLOAD = 20;
