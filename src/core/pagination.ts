// Every list takes limit/offset; defaults and maxima come from the spec where it gives them, else
// 100 and 1000 (design.md). Order is always stable: created_at, then uuid.
import { Type } from 'typebox';

export const pageQuery = (defaultLimit = 100, maxLimit = 1000) => ({
  limit: Type.Integer({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
  offset: Type.Integer({ minimum: 0, default: 0 }),
});
