// Parts with more than two signal pins may still pass one signal on, as their pin names say: a
// multi-channel driver's IN0 comes out at OUT0 (and IN1 at OUT1), and an instrumentation amplifier's
// +IN/-IN pair comes out at its one OUT. Read so, "/RUN_CMD" into a coil driver's IN0 is "MOTOR_RUN"
// at its OUT0, and the amplifier's output is the bridge signal it conditions.
import type { NetlistNode } from '../documents/types.js';

type Pin = { fn: string; type: string; net: string };

const CHANNEL = /^(IN|INPUT|OUT|OUTPUT|I|O)_?(\d{1,2})$/i;
const DIFF_IN = /^([+-]IN|IN[+-]|INP|INN|VIN[+-]|VINP|VINN)$/i;
const OUTPUT = /^(OUT|VOUT|OUTPUT|Q)$/i;

/** Per part, its signal pins (function, type and net), from the signal nets of a netlist. */
export function pinsByPart(nets: { name: string; nodes: NetlistNode[] }[]): Map<string, Pin[]> {
  const out = new Map<string, Pin[]>();
  for (const net of nets)
    for (const n of net.nodes)
      out.set(n.ref, [
        ...(out.get(n.ref) ?? []),
        { fn: n.pinFunction ?? '', type: n.pinType ?? '', net: net.name },
      ]);
  return out;
}

/** The nets a part passes the signal on `net` on to, by its pins' names; none when they do not say. */
export function passedOnByPins(pins: Pin[], net: string): string[] {
  const at = pins.filter((p) => p.net === net);
  if (at.length !== 1) return [];
  const pin = at[0]!;
  const channel = CHANNEL.exec(pin.fn);
  if (channel) {
    const into = /^I/i.test(channel[1]!);
    const other = pins.filter((p) => {
      const c = CHANNEL.exec(p.fn);
      return c && c[2] === channel[2] && /^I/i.test(c[1]!) !== into;
    });
    return other.length === 1 ? [other[0]!.net] : [];
  }
  const diff = pins.filter((p) => DIFF_IN.test(p.fn));
  const outs = pins.filter((p) => OUTPUT.test(p.fn) || p.type === 'output');
  // Only an amplifier with nothing but its input pair and one output.
  if (diff.length !== 2 || outs.length !== 1 || pins.length !== 3) return [];
  if (DIFF_IN.test(pin.fn)) return [outs[0]!.net];
  // Back from the output: the pair's two halves carry one signal, named by its plus half.
  const plus = diff.find((p) => /\+|P$/i.test(p.fn)) ?? diff[0]!;
  return pin === outs[0] ? [plus.net] : [];
}
