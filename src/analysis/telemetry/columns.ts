// Column roles from names and DuckDB types alone: the time column, command/context columns and units.
// Only generic conventions (`_cmd`, `_setpoint`, `mode`, units as a header suffix) are used, never
// names of one data set, so the rules carry to files nobody here has seen.
import type { ChannelKind, TimeKind } from './types.js';

export interface ColumnInfo {
  name: string;
  type: string;
}

const TIME_NAME =
  /^(t|ts|time|timestamp|datetime|date_time|utc|time_utc|elapsed|elapsed_s|time_s|t_s|seconds|secs?|time_sec|epoch|clock|date)$/i;
const TIME_HINT = /time|stamp|elapsed|utc|epoch/i;

/**
 * A time column's name, its unit written in any header style (`t [s]`, `time (s)`, `t_s`): a bare `t`
 * with a bracketed unit hints at nothing by its letters, yet a column named `t` in seconds is the time
 * axis. Only a unit of seconds (or none): a column read as seconds must hold seconds.
 */
export function isTimeName(name: string): boolean {
  if (TIME_NAME.test(name)) return true;
  const units = unitsOf(name);
  return (units === null || units === 's') && TIME_NAME.test(bareName(name));
}

/** Names that carry a commanded value or a state: context that explains changes, not channels to judge. */
const COMMAND =
  /(^|[_\s-])(cmd|command|setpoint|set_point|sp|target|demand|enable|enabled|mode|state|profile|phase|script)([_\s-]|$)|_on$/i;

/**
 * A camel-case name in separated words (`speedCmdRpm` -> `speed_Cmd_Rpm`, `bearingTemp2` ->
 * `bearing_Temp2`), so every role test reads it as it reads `speed_cmd_rpm`: loggers and JSON-lines
 * exporters name channels either way. A unit written as a token (`kW`, `degC`, `mA`) keeps its case
 * and stays whole, as does a bracketed one (`[degC]`); runs of capitals stay together (`loadKN` ->
 * `load_KN`).
 */
export function wordsOf(name: string): string {
  return name
    .split(/([_\s-]+)/)
    .map((token) =>
      UNITS.has(token) || !/^[A-Za-z0-9]+$/.test(token)
        ? token
        : token.replace(/([a-z])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g, '$1$2_'),
    )
    .join('');
}

/** The name without a unit in any style (`name (unit)`, `name[unit]`, `name_unit`), for role tests. */
export function bareName(name: string): string {
  name = wordsOf(name);
  const units = unitsOf(name);
  let s = name.replace(/\s*[[(][^\])]*[\])]\s*$/, '');
  if (units && s.endsWith(units)) s = s.slice(0, -units.length);
  return s.replace(/[_\s-]+$/, '');
}

/** A command, set-point, mode or state column, whatever style its unit is written in. */
export const isCommandName = (name: string): boolean => COMMAND.test(bareName(name));

const UNITS = new Set(
  (
    'V mV uV kV A mA uA W mW kW degC degF C F K Pa kPa hPa MPa bar mbar psi Hz kHz rpm s ms us m mm cm km ' +
    'g kg N Nm pct percent dB dBm lux ohm Ohm kohm mps m_s mps2 g0 deg rad Wh mAh J L lpm slpm sccm'
  ).split(' '),
);

export function isNumericType(type: string): boolean {
  return /^(DOUBLE|FLOAT|REAL|DECIMAL|HUGEINT|BIGINT|INTEGER|SMALLINT|TINYINT|UBIGINT|UINTEGER|USMALLINT|UTINYINT)/i.test(
    type,
  );
}
export const isTimestampType = (type: string): boolean => /^(TIMESTAMP|DATE)/i.test(type);

/** Units from `bus_voltage_V`, `temp [degC]`, `current (mA)`; null when the suffix is not a unit. */
export function unitsOf(name: string): string | null {
  name = wordsOf(name);
  const bracket = /[[(]\s*([^\])]+?)\s*[\])]\s*$/.exec(name);
  // A number in brackets is an index (`cell_V[2]`, an array's element), not a unit.
  if (bracket) return /^\d+$/.test(bracket[1]!) ? unitsOf(name.slice(0, bracket.index)) : bracket[1]!;
  const parts = name.split(/[_\s]+/);
  if (parts.length < 2) return null;
  const last = parts[parts.length - 1]!;
  return UNITS.has(last) ? last : null;
}

/** Name without its unit suffix and trailing index, so temp_1_degC and temp_2_degC share a stem. */
export function stemOf(name: string): string {
  return (
    bareName(name)
      .toLowerCase()
      .replace(/([_\s-]?([0-9]+|[a-d]))$/, '')
      // An index anywhere in the name (`cell3_voltage`, `TC1 Temp`): digits after letters. A token that
      // starts with a digit (`5v`, `3v3`) names a different quantity and is kept.
      .replace(/(?<=[a-z])[0-9]+(?=[_\s-]|$)/g, '')
      // A bare number between separators (`string_2_I`, `cell_3_temp`) is an index too.
      .replace(/[_\s-][0-9]+(?=[_\s-])/g, '')
      .replace(/[_\s-]+/g, '_')
      .replace(/_+$/, '')
  );
}

export function tokensOf(name: string): string[] {
  return wordsOf(name)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !UNITS.has(t) && !/^[0-9]+$/.test(t));
}

export function channelKind(col: ColumnInfo): ChannelKind {
  if (isCommandName(col.name)) return 'command';
  if (isNumericType(col.type)) return 'numeric';
  if (/^BOOL/i.test(col.type)) return 'command';
  return 'text';
}

/** A time unit at the end of a name (`time_ms`, `elapsed [min]`, `uptime_h`) and its seconds. */
const TIME_UNIT =
  /(?:[_\s-]|[[(]\s*)(s|sec|secs|seconds|ms|msec|millis|us|µs|usec|ns|min|mins|minutes|h|hr|hrs|hours)\s*[\])]?$/i;
const SECONDS_PER: Record<string, number> = {
  ms: 1e-3,
  msec: 1e-3,
  millis: 1e-3,
  us: 1e-6,
  µs: 1e-6,
  usec: 1e-6,
  ns: 1e-9,
};

/**
 * Seconds per unit of a numeric time column (`time_ms` 0.001, `elapsed [min]` 60, `t_s` 1), 1 when its
 * name gives no unit, and null when it gives one that is no time (`downtime_pct`, `response_time_V`):
 * a logger's millisecond counter read as seconds made every finding a thousand times too long.
 */
export function timeScale(name: string): number | null {
  const m = TIME_UNIT.exec(name);
  if (m) {
    const u = m[1]!.toLowerCase();
    if (u in SECONDS_PER) return SECONDS_PER[u]!;
    if (/^min/.test(u)) return 60;
    if (/^h/.test(u)) return 3600;
    return 1;
  }
  // A time zone in the unit's place (`Time (UTC)`) says how to read the clock, not its unit.
  const unit = unitsOf(name);
  return unit === null || /^(utc|gmt|local|z)$/i.test(unit) ? 1 : null;
}

/** Whether a time column's name gives its unit (`time_ms`, `elapsed [min]`, `t_s`). */
export function namesTimeUnit(name: string): boolean {
  return TIME_UNIT.test(name);
}

/**
 * Seconds per unit of a count since 1970 whose name gives no unit (`timestamp`, `epoch`), from its
 * size: seconds now are ~1.8e9, so a first value near 1.8e12 counts milliseconds, 1.8e15 µs and
 * 1.8e18 ns (no count of seconds since a test began reaches 1e12: 31,700 years). Null when its size
 * says nothing, and the column is read as seconds.
 */
export function epochCountScale(first: number): number | null {
  const size = Math.abs(first);
  if (size >= 1e12 && size < 1e14) return 1e-3;
  if (size >= 1e15 && size < 1e17) return 1e-6;
  if (size >= 1e18 && size < 1e20) return 1e-9;
  return null;
}

/** The time column by name first, then by type: a timestamp column or a numeric one named like time. */
export function pickTimeColumn(
  cols: ColumnInfo[],
  isoLike: (name: string) => boolean,
): {
  column: string | null;
  kind: TimeKind;
  /** Seconds per unit of a numeric time column (1 for ISO times and the row index). */
  scale: number;
} {
  const ranked = [
    ...cols.filter((c) => isTimeName(c.name)),
    ...cols.filter((c) => !isTimeName(c.name) && TIME_HINT.test(c.name)),
    ...cols.filter((c) => isTimestampType(c.type)),
  ];
  for (const c of ranked) {
    if (isTimestampType(c.type)) return { column: c.name, kind: 'iso', scale: 1 };
    if (/^VARCHAR/i.test(c.type) && isoLike(c.name)) return { column: c.name, kind: 'iso', scale: 1 };
    const scale = timeScale(c.name);
    if (isNumericType(c.type) && (isTimeName(c.name) || TIME_HINT.test(c.name)) && scale !== null)
      return { column: c.name, kind: 'seconds', scale };
  }
  const text = cols.find((c) => /^VARCHAR/i.test(c.type) && isoLike(c.name));
  return text ? { column: text.name, kind: 'iso', scale: 1 } : { column: null, kind: 'index', scale: 1 };
}

/**
 * The time-of-day column beside a date-only time column (`date, time` as many loggers and spreadsheets
 * write a timestamp): read alone, the date put every row of a day at one instant, and the time of day,
 * a text column changing on every row, explained every change in the file.
 */
export function clockBeside(
  cols: ColumnInfo[],
  dateColumn: string,
  isClockText: (name: string) => boolean,
): string | null {
  const date = cols.find((c) => c.name === dateColumn);
  if (!date || !/^DATE$/i.test(date.type)) return null;
  const clocks = cols.filter(
    (c) => /^TIME( WITH TIME ZONE)?$/i.test(c.type) || (/^VARCHAR/i.test(c.type) && isClockText(c.name)),
  );
  return (clocks.find((c) => isTimeName(c.name)) ?? clocks[0])?.name ?? null;
}

/**
 * A time-of-day column named like time when nothing else gives the time (`time, ...` with `10:00:00.5`
 * in it, as simple loggers write): read as text, a value changing on every row, it was context that
 * explained every change in the file, and the rows had no time.
 */
export function clockAlone(cols: ColumnInfo[], isClockText: (name: string) => boolean): string | null {
  const clocks = cols.filter(
    (c) =>
      isTimeName(c.name) &&
      (/^TIME( WITH TIME ZONE)?$/i.test(c.type) || (/^VARCHAR/i.test(c.type) && isClockText(c.name))),
  );
  return clocks[0]?.name ?? null;
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
export const quoteString = (s: string): string => `'${s.replace(/'/g, "''")}'`;
