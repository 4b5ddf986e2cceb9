// UUIDv7: time-ordered, so new rows append to the primary-key B-tree instead of splitting pages.
import { v7 } from 'uuid';

export const newId = (): string => v7();

export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** Timestamps leave the service as UTC ISO 8601 with milliseconds and `Z`. */
export const iso = (date: Date): string => date.toISOString();
export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);
