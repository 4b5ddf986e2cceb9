// KiCad netlists: parts become components keyed by refdes; named nets become signals, buses or power
// resources. Pin types say who drives a net (output, power_out), so PROVIDES/CONSUMES follow the
// electrical direction rather than guesswork.
import { isFeedbackPin, isGeneralPin, isMeasuredName } from './net-sense.js';
import type { Netlist, NetlistComponent, NetlistNode } from '../documents/types.js';
import type { MentionSink } from './builder.js';
import { foldBuses, isBridgeOutput, type FoldedBus } from './net-buses.js';
import { phaseFamilies } from './net-phases.js';
import { netsThroughParts } from './net-through.js';
import { unfoldSeriesCopies } from './net-series.js';
import { busKind, isGroundName, isNoiseNetName, isPowerName } from './normalise.js';
import type { Provenance } from './types.js';

// Passives and test points are rarely things a system model names; they only appear when a BOM does.
const PASSIVE_PREFIX = /^(R|C|L|FB|TP|RN|JP|NT|MH|H|FID|LOGO|G)\d/;

// Pin types that drive a net: an open-collector fault line is driven by its chip, not by its pull-up.
const DRIVER_PIN = /^(output|power_out|open_collector|open_emitter|tri_state)$/;
const CONNECTOR_PREFIX = /^(J|P|CN|X|CON)\d/;

/**
 * "RACK", "MODULE LINK", "Panel": a label in capitals or one word, with no digit; not a part number, a
 * library symbol ("Conn_01x08") or a name in words ("Field Connector").
 */
export const isBoardLabel = (value: string): boolean => {
  const v = value.trim();
  return (
    /^[A-Za-z][A-Za-z _-]*$/.test(v) &&
    !/^conn(ector)?([_ ]|$)/i.test(v) &&
    (!/[a-z]/.test(v) || !/[ _-]/.test(v))
  );
};

/** The name a hardware engineer would use: the part's value unless the value is a number ("10k"). */
function componentName(c: NetlistComponent): string {
  const value = c.value.trim();
  if (value && !/^[~-]?$/.test(value) && !/^\d[\d.,]*\s*[pnuµmkMG]?[A-Za-zΩ]*$/.test(value)) return value;
  return c.part?.trim() || c.ref;
}

export function extractNetlist(
  netlist: Netlist,
  documentName: string,
  sink: MentionSink,
  /** Whether another document names a net (normalised), when the reading knows. */
  namedElsewhere?: (net: string) => boolean,
): void {
  const prov = (line: number | undefined): Provenance => ({
    documentName,
    location: line ? { line } : {},
    extractor: 'netlist',
  });
  const names = new Map<string, string>();
  // A library symbol used for parts of different values ("Conn_01x04" for two connectors,
  // "Q_NMOS_GDS" for two MOSFET types) names a kind of part, not one part: it is no alias.
  const valuesOfPart = new Map<string, Set<string>>();
  for (const c of netlist.components)
    if (c.part) valuesOfPart.set(c.part, (valuesOfPart.get(c.part) ?? new Set()).add(componentName(c)));
  const partAlias = (c: NetlistComponent): string | undefined =>
    c.part && c.part !== c.value && valuesOfPart.get(c.part)!.size === 1 ? c.part : undefined;
  // A value several connectors carry ("Conn_02x04" on two headers) is the header type: each leads
  // somewhere else, so each is named by its designator (paralleled transistors of one value may well
  // be one BOM line; two connectors never are one thing).
  const connectorsOfValue = new Map<string, number>();
  for (const c of netlist.components)
    if (CONNECTOR_PREFIX.test(c.ref))
      connectorsOfValue.set(componentName(c), (connectorsOfValue.get(componentName(c)) ?? 0) + 1);
  for (const c of netlist.components) {
    if (PASSIVE_PREFIX.test(c.ref)) continue;
    const sheet = c.sheet?.replace(/^\/|\/$/g, '').trim();
    // A connector's value in words ("RACK", "SENSORS") is its label on the board: named after what
    // it leads to, it is no name to meet other documents' parts by (the rack is not its connector).
    const label = CONNECTOR_PREFIX.test(c.ref) && isBoardLabel(c.value);
    const shared = CONNECTOR_PREFIX.test(c.ref) && connectorsOfValue.get(componentName(c))! > 1;
    const name = sink.entity(label || shared ? c.ref : componentName(c), 'COMPONENT', prov(undefined), {
      aliases: [label ? undefined : c.ref, label ? undefined : partAlias(c)],
      labels: label ? [c.value.trim()] : [],
      externalId: c.ref,
      description: c.description,
      properties: { sheet, refdes: c.ref, value: c.value, footprint: c.footprint, part: c.part, lib: c.lib },
      // Just below a BOM line: the BOM's description ("Panel Connector") names the part better than
      // a schematic value ("Panel", "TMC2209"); both outvote a block model or prose on the type.
      weight: 2.9,
    });
    // Sheets stay a property: sheet names ("Power", "MCU") are drawing pages, not subsystems.
    names.set(c.ref, name);
  }
  const signals = new Map<string, NetlistNode[]>();
  const folded = foldBuses(netlist.nets.map((n) => withoutOverbar(baseName(n.name.trim()))));
  unfoldChannels(netlist, folded);
  unfoldSeriesCopies(netlist, folded, (raw) => withoutOverbar(baseName(raw)));
  // SPI buses as found, with the parts on them: a chip select joins the bus its parts share.
  const spiBuses: { iface: string; refs: Set<string> }[] = [];
  const chipSelects: { netName: string; members: NetlistNode[]; keys: string[] }[] = [];
  for (const net of netlist.nets) {
    const raw = net.name.trim();
    const netName = baseName(raw);
    // Auto-named nets are noise whatever sheet path they carry ("/Sensors/Net-(U5-OUT1)").
    if (isNoiseNetName(raw) || isNoiseNetName(netName)) continue;
    // Protective earth bonds a mains product's metalwork: like ground, no part sends or uses it.
    if (/^(PE|EARTH|PROT_EARTH)$/i.test(netName)) continue;
    const members = net.nodes.filter((n) => names.has(n.ref));
    // A bridge's output pair ("MOT_A", "MOT_B" on power_out pins) is a link's two lines, not a rail.
    const rail = isRail(netName, members) && !isBridgeOutput(withoutOverbar(netName), members, folded);
    if (members.length < 2 && !rail && !isSenseLine(net.nodes, members, netName)) continue;
    const p = prov(undefined);
    // A connector's pins are where another document (an ICD's "X2-3") finds this net.
    const keys = net.nodes
      .filter((n) => CONNECTOR_PREFIX.test(n.ref))
      .map((n) => `pin:${n.ref.toUpperCase()}:${n.pin}`);
    if (rail) {
      if (/GND|VSS/i.test(netName)) continue; // every part touches ground: no information in it
      // An isolated converter's output return ("SENS_RTN" on its -VOUT pin) is that supply's ground.
      if (isGroundName(netName)) continue;
      const railName = sink.entity(netName, 'RESOURCE', p, { weight: 3, keys });
      for (const n of members) {
        const comp = names.get(n.ref)!;
        // A passive pin on a rail passes it on (a fuse, a relay or switch contact, a MOSFET): the part
        // neither makes nor uses the rail. Connectors are the exception below: they carry it away.
        if (n.pinType === 'passive' && !CONNECTOR_PREFIX.test(n.ref)) continue;
        // Connectors carry a rail to other boards: they neither make nor use it, they connect it.
        const type =
          CONNECTOR_PREFIX.test(n.ref) && n.pinType !== 'power_out'
            ? 'CONNECTS'
            : n.pinType === 'power_out' || n.pinType === 'output' || isFeedbackPin(n.pinFunction)
              ? 'PROVIDES'
              : 'CONSUMES';
        sink.relate(comp, railName, type, p);
      }
      continue;
    }
    const bus = busKind(withoutOverbar(netName));
    const lines = folded.get(withoutOverbar(netName));
    if (!bus && !lines && CHIP_SELECT.test(withoutOverbar(netName))) {
      chipSelects.push({ netName, members, keys });
      continue;
    }
    if (bus || lines) {
      // SDA and SCL of one bus are one interface: name it by the bus and its qualifier.
      const iface = bus
        ? // The net's own name ("CAN_H") is a name of the bus: a pin list or an ICD calls the line so.
          sink.entity(busName(netName, bus), 'INTERFACE', p, {
            aliases: [withoutOverbar(netName)],
            properties: { protocol: bus },
            keys,
          })
        : sink.entity(lines!.name, 'INTERFACE', p, {
            aliases: lines!.aliases,
            properties: { protocol: lines!.protocol },
            keys,
          });
      for (const n of members) sink.relate(names.get(n.ref)!, iface, 'CONNECTS', p);
      if ((bus ?? lines?.protocol) === 'SPI')
        spiBuses.push({ iface, refs: new Set(members.map((n) => n.ref)) });
      continue;
    }
    signalNet(netName, members, keys);
  }
  // "~{FLASH_CS}" between the MCU and the flash is a line of the SPI bus those two share, not a
  // signal of its own; with no single such bus it stays a signal.
  for (const cs of chipSelects) {
    const on = spiBuses.filter((b) => cs.members.length > 0 && cs.members.every((n) => b.refs.has(n.ref)));
    const buses = new Set(on.map((b) => b.iface));
    if (buses.size !== 1) {
      signalNet(cs.netName, cs.members, cs.keys);
      continue;
    }
    const p = prov(undefined);
    const iface = sink.entity(on[0]!.iface, 'INTERFACE', p, { aliases: [cs.netName], keys: cs.keys });
    for (const n of cs.members) sink.relate(names.get(n.ref)!, iface, 'CONNECTS', p);
  }

  for (const [input, output] of passedOn(signals))
    sink.entity(output, 'SIGNAL', prov(undefined), { aliases: [input], weight: 2 });
  const through = namedElsewhere ? netsThroughParts(netlist, baseName, namedElsewhere) : [];
  if (namedElsewhere)
    for (const family of phaseFamilies([...signals.keys()])) {
      // Phases another document names one by one ("Hall A", "Hall B", "Hall C") stay three signals;
      // so do phases each passed on from a net of its own ("IU_ADC" out of the U phase's amplifier).
      const named = family.filter((net) => namedElsewhere(net));
      if (named.length > 1) continue;
      const reached = new Set(through.filter(([own]) => family.includes(own)).map(([, n]) => n));
      if (reached.size > 1) continue;
      const [first, ...rest] =
        named.length === 1 ? [named[0]!, ...family.filter((n) => n !== named[0])] : family;
      sink.entity(first!, 'SIGNAL', prov(undefined), { aliases: rest, weight: 2 });
    }
  if (namedElsewhere)
    for (const [own, named] of through)
      // The named side may carry no chip pin at all (a field terminal and its series and burden
      // resistors, "MOIST_4_20"): another document names it, so the board's own side is its alias.
      if (signals.has(own))
        sink.entity(named, 'SIGNAL', prov(undefined), {
          aliases: [own],
          weight: signals.has(named) ? 2 : 0.5,
        });

  function signalNet(netName: string, members: NetlistNode[], keys: string[]): void {
    const p = prov(undefined);
    signals.set(netName, members);
    const signal = sink.entity(netName, 'SIGNAL', p, { weight: 2, keys });
    for (const n of members) {
      // A lone general-purpose pin on a line named as a measurement samples it.
      const dir =
        members.length === 1 && isGeneralPin(n.pinType) && isMeasuredName(netName)
          ? 'CONSUMES'
          : direction(n, members);
      // A general-purpose pin the netlist cannot direct: another document may say which way it goes.
      const open = dir === 'CONNECTS' && n.pinType !== 'passive';
      sink.relate(
        names.get(n.ref)!,
        signal,
        dir,
        p,
        undefined,
        open ? { pin_type: n.pinType ?? 'unspecified' } : {},
      );
    }
  }
}

/**
 * A driver passes a command on: "K1_CMD" into a channel's input (IN0) and "K1_COIL" out of the same
 * channel's output (OUT0) are one signal at two levels, when the nets say so by a shared stem. Returns
 * [input, output] net pairs. A trigger fanned out to two channels is not passed on but split, and an
 * amplifier's "INP"/"OUTP" between a sense pair and its measurement is not one either: the pair is a
 * bus, not a signal net.
 */
/** A driver's output pin: push-pull, or the open collector (emitter, drain) of a low-side switch. */
const OUTPUT_PIN = /^(output|open_collector|open_emitter|open_drain)$/;

export function passedOn(signals: Map<string, NetlistNode[]>): [string, string][] {
  const stem = (net: string): string => net.replace(/[_-][^_-]*$/, '');
  // "BRK_L_EN" in, "BRK_L" out: one net may also be the other's stem with a level word added.
  const sameStem = (a: string, b: string): boolean =>
    (stem(a) === stem(b) && stem(a) !== a) || stem(a) === b || stem(b) === a;
  const ends = [...signals].flatMap(([net, nodes]) =>
    nodes.flatMap((n) => {
      // "IN0"/"OUT0", and an array driver's short "I1"/"O1" (ULN2803: I1 … I8 in, O1 … O8 out). A
      // dual amplifier or comparator names its channels' inputs by their sign: "+IN_A" in, "OUT_A" out.
      // What such a channel puts out as a measurement ("O2_SENSE" from the cell's "O2_CELL") is a
      // reading it makes, not the input passed on.
      const signed = /^[+-](IN)(\w*)$/i.exec(n.pinFunction ?? '');
      if (signed && [...signals].some(([o, ns]) => isMeasuredName(o) && ns.some((x) => x.ref === n.ref)))
        return [];
      const m =
        signed ?? /^(IN|OUT)(\w*)$/i.exec(n.pinFunction ?? '') ?? /^(I|O)(\d+)$/i.exec(n.pinFunction ?? '');
      const word = m?.[1]!.toUpperCase().slice(0, 1) === 'I' ? 'IN' : 'OUT';
      const dir = m && (word === 'IN' ? n.pinType === 'input' : OUTPUT_PIN.test(n.pinType ?? '')) ? word : '';
      return dir ? [{ net, ref: n.ref, dir, channel: m![2]!.toUpperCase() }] : [];
    }),
  );
  const inputs = ends.filter((e) => e.dir === 'IN');
  // A part driving several numbered channels, each one input to one output, is an array of drivers
  // (a Darlington array, an octal buffer): a channel's output is its input's command whatever the
  // nets are called ("HTR1_IN" in, "HTR1_DRV" out; "LOCK_IN" in, "DOOR_LOCK" out).
  const channels = new Map<string, Set<string>>();
  for (const e of ends)
    if (/^\d+$/.test(e.channel))
      channels.set(e.ref, (channels.get(e.ref) ?? new Set()).add(`${e.dir}${e.channel}`));
  const isArray = (ref: string): boolean => {
    const seen = channels.get(ref) ?? new Set();
    const paired = [...seen].filter((c) => c.startsWith('IN') && seen.has(`OUT${c.slice(2)}`));
    return paired.length >= 3;
  };
  const pairs: [string, string][] = [];
  for (const i of inputs) {
    // A trigger fanned out to several channels (INA and INB) makes several outputs, each its own.
    if (inputs.filter((x) => x.net === i.net && x.ref === i.ref).length !== 1) continue;
    for (const o of ends.filter((e) => e.dir === 'OUT'))
      if (
        o.ref === i.ref &&
        o.channel === i.channel &&
        o.net !== i.net &&
        (sameStem(i.net, o.net) || (/^\d+$/.test(i.channel) && isArray(i.ref)))
      )
        pairs.push([i.net, o.net]);
  }
  return pairs;
}

/**
 * "RLY_EN_A" from channel A's MCU and "RLY_EN_B" from channel B's, both into the relay driver: lines
 * lettered A and B that different parts drive are two channels' signals, not the two lines of a pair
 * (a differential pair's lines leave one driver and reach one receiver). Such nets are unfolded.
 */
function unfoldChannels(netlist: Netlist, folded: Map<string, FoldedBus>): void {
  const partsOf = new Map<string, string>();
  for (const net of netlist.nets) {
    const name = withoutOverbar(baseName(net.name.trim()));
    const active = net.nodes.filter((n) => n.pinType && n.pinType !== 'passive').map((n) => n.ref);
    partsOf.set(name, [...new Set(active)].sort().join(','));
  }
  const buses = new Set(folded.values());
  for (const bus of buses) {
    const nets = [...folded].filter(([, b]) => b === bus).map(([n]) => n);
    if (!nets.every((n) => /[_-][AB]$/i.test(n))) continue;
    if (new Set(nets.map((n) => partsOf.get(n))).size > 1) for (const n of nets) folded.delete(n);
  }
}

/** "FLASH_CS", "NSS2", "CS_ADC", "~{SS}": a chip-select line (the overbar already removed). */
const CHIP_SELECT = /(^|[_-])(N?CS|CSN|N?SS|SSEL|PCS)\d?($|[_-])/i;

/** "~{DRV_FAULT}" → "DRV_FAULT": KiCad's overbar marks an active-low line; it is no part of the name. */
const withoutOverbar = (name: string): string => name.replace(/~\{([^}]*)\}/g, '$1');

/**
 * "VBAT_SENSE" from a divider to an ADC input, "LED_STATUS" through a resistor: one part drives or
 * reads the net and the rest are resistors and capacitors, which the netlist does not name as parts.
 * It is still one named line with one clear direction.
 */
function isSenseLine(nodes: NetlistNode[], members: NetlistNode[], netName: string): boolean {
  return (
    members.length === 1 &&
    (/^(input|output)$/.test(members[0]!.pinType ?? '') ||
      (isGeneralPin(members[0]!.pinType) && isMeasuredName(netName))) &&
    nodes.length > 1 &&
    nodes.every((n) => n === members[0] || (PASSIVE_PREFIX.test(n.ref) && n.pinType === 'passive'))
  );
}

/**
 * Who drives a signal net: output-like pins provide and the rest consume. A general-purpose pin
 * (bidirectional, tri-state, unspecified) takes the role opposite to the other end: against an input
 * it provides, against an output it consumes. A passive pin (connector, resistor) only connects.
 */
function direction(n: NetlistNode, members: NetlistNode[]): 'PROVIDES' | 'CONSUMES' | 'CONNECTS' {
  const type = n.pinType ?? '';
  if (type === 'passive') return 'CONNECTS';
  const drivers = members.filter((m) => DRIVER_PIN.test(m.pinType ?? ''));
  if (DRIVER_PIN.test(type)) return 'PROVIDES';
  if (drivers.length > 0) return 'CONSUMES';
  const inputs = members.filter((m) => /^input$/.test(m.pinType ?? ''));
  // Alone on the net with only passives (a divider, a pull-up): an input reads it.
  if (type === 'input' && members.length === 1) return 'CONSUMES';
  if (type === 'input') return members.length > inputs.length && inputs.length > 0 ? 'CONSUMES' : 'CONNECTS';
  return inputs.length > 0 ? 'PROVIDES' : 'CONNECTS';
}

/** A rail by its name, or by its pins: something outputs power onto it, or only power inputs use it. */
function isRail(netName: string, members: NetlistNode[]): boolean {
  if (isPowerName(netName)) return true;
  const active = members.filter((m) => m.pinType && m.pinType !== 'passive');
  return (
    active.some((m) => m.pinType === 'power_out') ||
    (active.length > 0 && active.every((m) => m.pinType === 'power_in'))
  );
}

/**
 * "/Power/VBAT" → "VBAT": hierarchical sheet paths are not part of the net's name. A slash inside
 * the name itself ("Net-(U1-EN/IN1)") is not a sheet separator.
 */
export function baseName(name: string): string {
  const m = /^\/(?:[^/()]*\/)*(.+)$/.exec(name);
  if (m) return m[1]!;
  const parts = name.split('/').filter((s) => s);
  return /[()]/.test(name) ? name : (parts[parts.length - 1] ?? name);
}

/** "I2C1_SDA", "I2C1_SCL" → "I2C1"; "CAN_H" → "CAN"; "UART2_TX" → "UART2". */
function busName(netName: string, bus: string): string {
  // "485_DI" is named by the standard's number without its "RS".
  const m = new RegExp(`(${bus.replace(/^RS(?=\d)/, '(?:RS-?)?')}\\d*)`, 'i').exec(
    netName.replace(/[²]/g, '2'),
  );
  const prefix = netName
    .split(/[_-]/)
    .filter(
      (w) =>
        !/^(SDA|SCL|TX|RX|TXD|RXD|H|L|HI|LO|MOSI|MISO|SCK|SCLK|CS|NSS|SS|DP|DM|D\+|D-|P|N|A|B|Y|Z|CLK|DIO|SWDIO|SWCLK|TDI|TDO|TMS|TCK)$/i.test(
          w,
        ),
    );
  // A parallel bus names its lines "<protocol>_<line>" ("RMII_TXD0", "RMII_CRS_DV"): every line whose
  // first word is the protocol, followed only by short line abbreviations, belongs to that one bus.
  const words = netName.split(/[_-]/);
  if (
    m &&
    words[0]!.toUpperCase() === m[1]!.toUpperCase() &&
    words.length > 1 &&
    words.slice(1).every((w) => /^[A-Z]{1,4}\d{0,2}[+-]?$/i.test(w))
  )
    return /^\d+$/.test(m[1]!) ? bus : m[1]!;
  const label = prefix.join('_');
  if (/^(CAN[HL]|SDA|SCL|MOSI|MISO|SCK|SCLK)$/i.test(label)) return bus;
  return label && label.toUpperCase() !== m?.[1]?.toUpperCase() ? label : (m?.[1] ?? bus);
}
