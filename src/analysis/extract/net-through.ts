// A signal keeps its name's meaning through a part that only passes it on: the MCU's "/ZONE1_EN" goes
// through a series resistor into a triac whose output is the ICD's "VALVE1"; "/FLOW_IN" comes out of
// the buffer whose input is the field's "FLOW_PULSE". A net only the netlist names, reached from a net
// another document names through parts with no other signal pin (series resistors, buffers, switches,
// optocouplers), is that net's signal on the other side of the part, not a signal of its own.
import type { Netlist, NetlistNode } from '../documents/types.js';
import { passedOnByPins, pinsByPart } from './net-through-pins.js';
import { busKind, isGroundName, isNoiseNetName, isPowerName } from './normalise.js';

/** Nets a signal cannot pass through or stop at: rails, grounds, earth and unconnected pins. */
const isSupply = (name: string, nodes: NetlistNode[]): boolean =>
  isPowerName(name) ||
  isGroundName(name) ||
  /^(PE|EARTH)$/i.test(name) ||
  nodes.some((n) => n.pinType === 'power_out');

/**
 * [netlist-only net, named net] pairs: each net only the netlist names (by `namedElsewhere`, which
 * says whether another document names a net) and the one named net it reaches through parts with
 * exactly two signal nets, crossing only auto-named nets between them. None when it reaches two.
 */
export function netsThroughParts(
  netlist: Netlist,
  baseName: (raw: string) => string,
  namedElsewhere: (net: string) => boolean,
): [string, string][] {
  const signalNets = netlist.nets.filter((n) => {
    const name = baseName(n.name.trim());
    return !isSupply(name, n.nodes) && !n.name.startsWith('unconnected-');
  });
  const netsOf = new Map<string, Set<string>>();
  for (const net of signalNets)
    for (const node of net.nodes) netsOf.set(node.ref, (netsOf.get(node.ref) ?? new Set()).add(net.name));
  const byName = new Map(signalNets.map((n) => [n.name, n]));
  const pinsOf = pinsByPart(signalNets);
  const isAuto = (raw: string): boolean => isNoiseNetName(raw) || isNoiseNetName(baseName(raw.trim()));
  const pairs: [string, string][] = [];
  for (const start of signalNets) {
    const name = baseName(start.name.trim());
    if (isAuto(start.name) || namedElsewhere(name) || busKind(name)) continue;
    const reached = new Set<string>();
    const seen = new Set([start.name]);
    let frontier = [start.name];
    for (let hop = 0; hop < 3 && frontier.length > 0; hop++) {
      const next: string[] = [];
      for (const net of frontier)
        for (const node of byName.get(net)!.nodes) {
          const nets = netsOf.get(node.ref)!;
          if (NOT_THROUGH.test(node.ref)) continue;
          const across = nets.size === 2 ? [...nets] : passedOnByPins(pinsOf.get(node.ref) ?? [], net);
          for (const other of across) {
            if (seen.has(other)) continue;
            seen.add(other);
            if (isAuto(other)) next.push(other);
            else if (namedElsewhere(baseName(other.trim()))) reached.add(baseName(other.trim()));
          }
        }
      frontier = next;
    }
    if (reached.size === 1 && !(isRadioNet(name) && !isRadioNet([...reached][0]!)))
      pairs.push([name, [...reached][0]!]);
  }
  // One signal on both sides of a part is one net for one net: two nets reaching one named net (the
  // pilot's PWM drive and its sensed level, both on "CP") are two signals about it.
  const reachedBy = new Map<string, number>();
  for (const [, named] of pairs) reachedBy.set(named, (reachedBy.get(named) ?? 0) + 1);
  return pairs.filter(([, named]) => reachedBy.get(named) === 1);
}

/**
 * "GNSS_RF", "ANT_IN", "LTE_ANT": radio energy from an antenna. A part it enters may pass it on as RF
 * (a filter, a switch), but what leaves as logic (a receiver's "GNSS_1PPS") is a signal the part makes.
 */
const isRadioNet = (name: string): boolean => /(^|[_/-])(RF|ANT|ANTENNA)([_-]|\d|$)/i.test(name);

/**
 * A connector's two pins carry two different wires, and a relay's contacts switch another circuit than
 * its coil's: neither passes one signal on.
 */
const NOT_THROUGH = /^(J|P|CN|X|CON|K|RL|RLY)\d/;
