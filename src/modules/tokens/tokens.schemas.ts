import { Type, type Static } from 'typebox';
import { Email, Timestamp, Uuid } from '../../core/schemas.js';
import { pageQuery } from '../../core/pagination.js';

export const TokenSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  prefix: Type.String({ description: 'first characters of the token, to tell tokens apart' }),
  email: Type.String(),
  created_at: Timestamp,
  last_used_at: Type.Union([Timestamp, Type.Null()]),
  revoked_at: Type.Union([Timestamp, Type.Null()]),
});
export type Token = Static<typeof TokenSchema>;

export const CreatedTokenSchema = Type.Object({
  ...TokenSchema.properties,
  token: Type.String({ description: 'the secret; shown only in this response' }),
});
export type CreatedToken = Static<typeof CreatedTokenSchema>;

export const CreateTokenBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    email: Type.Optional({ ...Email, description: 'admins only: create a token for another user' }),
    is_admin: Type.Optional(Type.Boolean({ description: 'admins only: make that user an admin' })),
  },
  { additionalProperties: false },
);
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const TokenParams = Type.Object({ token_id: Uuid });

export const ListTokensQuery = Type.Object(pageQuery(), { additionalProperties: false });
