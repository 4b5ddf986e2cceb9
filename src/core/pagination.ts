// Every list takes limit/offset; defaults and maxima come from the spec where it gives them, else
// 100 and 1000 (design.md). Order is always stable: created_at, then uuid.
import { Int } from './schemas.js';

export const pageQuery = (defaultLimit = 100, maxLimit = 1000) => ({
  limit: Int({ minimum: 1, maximum: maxLimit, default: defaultLimit }),
  offset: Int({ default: 0, description: 'items to skip, at most 2^31-1' }),
});
