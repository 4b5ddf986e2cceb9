// The two drivers answer raw SQL differently: pg gives int8 (count(*), bigint columns) as a string,
// PGlite as a number; drizzle sets both to give timestamps as text. Raw rows are normalised here, by
// the column type each driver reports, so repositories and services never convert values.
const INT8 = 20;
const INT8_ARRAY = 1016;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

export interface Field {
  name: string;
  dataTypeID: number;
}

/** int8 to number: counts and byte sizes stay far below 2^53; anything above is refused, not rounded. */
function toNumber(value: unknown): unknown {
  if (typeof value !== 'string' && typeof value !== 'bigint') return value;
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${String(value)} exceeds 2^53`);
  return n;
}

/** `2026-11-22 21:43:50.38865+00` (timestamptz) or without zone (timestamp, taken as UTC). */
function toDate(value: unknown, zoned: boolean): unknown {
  if (typeof value !== 'string') return value;
  const isoText = value.replace(' ', 'T');
  return new Date(zoned ? isoText.replace(/([+-]\d\d)$/, '$1:00') : `${isoText}Z`);
}

function converter(field: Field): ((value: unknown) => unknown) | undefined {
  switch (field.dataTypeID) {
    case INT8:
      return toNumber;
    case INT8_ARRAY:
      return (value) => (Array.isArray(value) ? value.map(toNumber) : value);
    case TIMESTAMPTZ:
      return (value) => toDate(value, true);
    case TIMESTAMP:
      return (value) => toDate(value, false);
    default:
      return undefined;
  }
}

/** Converts, in place, the int8 and timestamp columns of raw result rows. */
export function normaliseRows<T>(rows: Record<string, unknown>[], fields: readonly Field[] | undefined): T[] {
  const conversions = (fields ?? []).flatMap((field) => {
    const convert = converter(field);
    return convert ? [{ name: field.name, convert }] : [];
  });
  if (conversions.length > 0) {
    for (const row of rows) {
      for (const { name, convert } of conversions) {
        if (row[name] !== null && row[name] !== undefined) row[name] = convert(row[name]);
      }
    }
  }
  return rows as T[];
}
