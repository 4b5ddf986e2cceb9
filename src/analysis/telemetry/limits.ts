// Limits: the caller's (a `<file>.limits.json` sidecar or the step's measurements) win; otherwise a
// small parser reads plain sentences from the analysis context. Recognised, per line or sentence,
// with the channel name written as in the file header (case-insensitive):
//   "bus_voltage_V must stay within 26-30"   "bus_voltage_V between 26 and 30"
//   "temp_degC max 60" / "temp_degC <= 60" / "temp_degC below 60"
//   "temp_degC min -10" / "temp_degC >= -10" / "temp_degC above -10"
// Anything else is ignored: a wrong limit would invent breaches, a missing one only loses a kind.
import type { Limit } from './types.js';

const NUM = '(-?\\d+(?:\\.\\d+)?)';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function limitsFromContext(context: string | undefined, channels: string[]): Record<string, Limit> {
  const out: Record<string, Limit> = {};
  if (!context) return out;
  const sentences = context.split(/[\n;]|\.(?=\s|$)/);
  // Longest names first, so temp_degC inside board_temp_degC is not taken for it.
  const names = [...channels].sort((a, b) => b.length - a.length);
  for (const sentence of sentences) {
    const name = names.find((n) => new RegExp(`(^|[^\\w])${escape(n)}([^\\w]|$)`, 'i').test(sentence));
    if (!name) continue;
    const rest = sentence.slice(sentence.toLowerCase().indexOf(name.toLowerCase()) + name.length);
    const lim: Limit = { ...out[name] };
    const range = new RegExp(
      `(?:within|between|in|range)?\\s*\\[?${NUM}\\s*(?:-|–|to|and|\\.\\.|,)\\s*${NUM}`,
      'i',
    ).exec(rest);
    const max = new RegExp(
      `(?:max(?:imum)?|<=?|below|under|at most|not exceed|not above)\\s*(?:of|is|=|:)?\\s*${NUM}`,
      'i',
    ).exec(rest);
    const min = new RegExp(
      `(?:min(?:imum)?|>=?|above|over|at least|not below)\\s*(?:of|is|=|:)?\\s*${NUM}`,
      'i',
    ).exec(rest);
    if (max) lim.max = Number(max[1]);
    if (min) lim.min = Number(min[1]);
    if (!max && !min && range) {
      const a = Number(range[1]);
      const b = Number(range[2]);
      lim.min = Math.min(a, b);
      lim.max = Math.max(a, b);
    }
    if (lim.min !== undefined || lim.max !== undefined) out[name] = lim;
  }
  return out;
}
