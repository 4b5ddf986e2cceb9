// Units of measure: a signal list's "Unit" column says what a value is measured in ("km/h", "%",
// "A"), while a power table's "Unit" column names the equipment that draws power. The cells tell the
// two apart: engineering units are short symbols from a known set, equipment is named in words.
import { roleOf, type HeaderMatch } from './columns.js';

const PREFIX = '[kMGmµu]?';
const UNIT = new RegExp(
  `^(%|‰|°|°c|°f|degc|deg|k|${PREFIX}(v|a|w|hz|s|ω|ohm|bit|bits|b|byte|bytes|pa|bar|g|n|nm|n·m|m|l|lx|wh|ah|j)|` +
    'km/h|kph|mph|m/s|m/s2|m/s²|rpm|rad|rad/s|deg/s|°/s|min|h|ppm|db|dbm|%rh|bool|boolean|enum|count|counts|steps?|pulses?)$',
  'i',
);
const NONE = /^(-|–|—|n\/a|none)$/i;

/** A cell that states a unit of measure ("km/h", "mA", "%"), or says there is none ("-"). */
export const isUnitOfMeasure = (cell: string): boolean => UNIT.test(cell.trim()) || NONE.test(cell.trim());

/**
 * A column mapped to the consumer role whose cells are mostly units of measure ("Unit": "km/h", "%",
 * "-") holds units, not the equipment that consumes: the role goes to the next column the header
 * names as consumer, or to none, so "%" never becomes a part.
 */
export function unitsByContent(rows: string[][], header: HeaderMatch): void {
  const c = header.columns.get('consumer');
  if (c === undefined) return;
  const values = rows
    .slice(header.index + 1, header.index + 201)
    .map((r) => (r[c] ?? '').trim())
    .filter((v) => v);
  const stated = values.filter((v) => !NONE.test(v));
  if (stated.length === 0) return;
  if (values.filter(isUnitOfMeasure).length >= 0.6 * values.length && stated.some((v) => UNIT.test(v))) {
    header.columns.delete('consumer');
    // The column that names the consumer ("Consumer" after "Unit") takes the role the units held.
    const next = header.cells.findIndex((h, i) => i !== c && roleOf(h) === 'consumer');
    if (next >= 0) header.columns.set('consumer', next);
  }
}
