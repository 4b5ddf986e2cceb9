// Connector pin lists written from one board's side: "Conn, Pin, Net, Dir (board view), Remote unit,
// Function". The direction is the board's (IN: the remote unit sends, OUT: the board sends), so the
// remote unit PROVIDES what comes IN and CONSUMES what goes OUT; the board itself is named only in the
// title and gets no relationship. The Function column names the item in words when it is a name
// ("Door Release"), and then the net is its schematic name; a phrase ("battery return") leaves the
// item named by its net. Bus lines are labelled by the bus and the line ("Consist Network TX+"): the
// bus is the interface the remote unit and the connector are on.
import type { MentionSink } from './builder.js';
import type { ColumnRole } from './columns.js';
import { foldBuses } from './net-buses.js';
import { LINE_OF_INTERFACE } from './pin-lines.js';
import { endpoint } from './n2.js';
import {
  busKind,
  interfaceKey,
  isBareProtocol,
  isGroundName,
  isPowerName,
  isRefdes,
  normaliseName,
} from './normalise.js';
import type { Provenance } from './types.js';

const DIR_HEADER = /^(dir\.?|direction|i\/o|io|signal direction)(\s*\(.*\))?$/i;
const REMOTE_HEADER =
  /^(remote( unit| end| device| equipment| side)?|far end|mating (unit|device|side|end)|connected (to|unit)|to unit|peer)$/i;
// Small words a title-case name may keep in lower case.
const SMALL = /^(of|and|the|for|to|in|on|at|a|an|or|via|with)$/;
/** "Door Release", "Consist Network TX+": a name; "battery return", "24V supply for panel": a phrase. */
const isName = (t: string): boolean => {
  const words = t.split(/\s+/).filter((w) => w);
  return (
    words.length > 0 &&
    /^[A-Z0-9+]/.test(words[0]!) &&
    words.every((w) => SMALL.test(w) || /^[A-Z0-9+(]/.test(w))
  );
};
/**
 * "Filter Wheel Drive, coil A", "LED Command (LED current)", "Zone A Drive (+)": the item named before
 * a qualifier or an aside (a polarity) that says which line of it the pin is or what it carries. Only
 * when what is left is a name.
 */
export const itemOfFunction = (fn: string): string => {
  const t = fn.trim();
  const bare = t
    .replace(/\s*\([^()]*\)$/, '')
    .replace(/,.*$/, '')
    .trim();
  return bare !== t && bare && isName(bare) ? bare : t;
};
/** "Consist Network TX+" → Consist Network: the line's role after the bus name. */
const LINE_SUFFIX =
  /\s+(TX|RX|TD|RD|D|DATA|CLK|CAN)?\s*(\+|-|H|L|P|N|HIGH|LOW)$|\s+(TX|RX|TXD|RXD|SDA|SCL|DP|DM|D\+|D-)$|\s+(TX|RX|TD|RD)\s*(A|B)$/i;

/**
 * The units a far-end cell names: "Attitude Sensor VIN; Depth Sensor VDD" is two, "Tow Cable W1 pair
 * A / Ethernet Switch port 8" is reached through a cable at the switch, "Port Transducer Array, white"
 * is the array by its wire colour, "Leak Detector SIG" the detector by its pin name.
 */
export function remoteUnits(cell: string): string[] {
  return cell
    .split(/\s*;\s*/)
    .flatMap((part) => atDesignators(part.split(/\s+\/\s+/).pop() ?? ''))
    .map((part) =>
      part
        .replace(/,.*$/, '')
        .replace(/\s+(port|pin|pair|core|ch\.?|channel|contact|terminal)\s+\w+$/i, '')
        // A pin or line name after a unit's worded name ("SIG", "VIN", "TX"): the unit is the words.
        .replace(/^((?:[A-Z][a-z]\w*\s+){1,5}[A-Z][a-z]\w*)\s+[A-Z][A-Z0-9+-]{0,5}$/, '$1')
        .trim(),
    )
    .filter((u) => u && !/^(-|—|n\/a)$/i.test(u));
}

// A designator in a far-end cell ("PS1", "Pump Relay K1"): what follows it is the unit's pin or wire.
// One to three letters and a number (K1, PS1, PSU1 has three); a port named by its protocol ("UART2",
// "CAN1") is no designator.
const DESIGNATOR = /^(.*?)\b((?!(?:CAN|SPI|ADC|DAC|PWM|I2C|USB|ETH)\d)[A-Z]{1,3}\d{1,3}[A-Z]?)(?=\s|$)/;

/**
 * "K1 coil +, YV1 coil +" is two units, each named by its designator, and "Steam Pressure Transducer
 * PS1 +" the transducer at its + terminal: a far end written unit by unit ends each unit at its
 * designator, which names it unless words before it do. A cell whose first unit has no designator
 * is left as it is.
 */
function atDesignators(cell: string): string[] {
  const pieces = cell.split(/\s*,\s*/);
  if (!DESIGNATOR.test(pieces[0] ?? '')) return [cell];
  return pieces.flatMap((p) => {
    const m = DESIGNATOR.exec(p);
    // "Flowmeter FM1": the unit's name in words with its designator in brackets, which the end's
    // reading takes as where it is reached, not as part of its name; else the designator alone.
    return m ? [m[1]!.trim() ? `${m[1]!.trim()} (${m[2]!})` : m[2]!] : [];
  });
}

/** "IF-05 Attitude UART": an interface named with its id in front; the id is an alias. */
function interfaceCell(cell: string): { name: string; id?: string } | undefined {
  const t = cell.trim();
  if (!t || /^(-|—|n\/a)$/i.test(t)) return undefined;
  const m = /^([A-Z]{1,4}-?\d{1,3})\s+(\S.*)$/.exec(t);
  return m ? { name: m[2]!.trim(), id: m[1]! } : { name: t };
}

export interface PinListColumns {
  dir: number;
  remote: number;
  /** "Net | Signal": the schematic net's column, when a second column names what it carries. */
  net?: number;
  /** The column naming the item in words beside a Net column ("Signal", "Signal name", "Function"). */
  item?: number;
  /**
   * Whether a Notes or Remarks column stands beside that item column: a remark ("Talker", "120R
   * termination") is then no name of the pin's item.
   */
  remarks?: boolean;
}

const NET_HEADER = /^(net|net name|schematic net)$/i;
const REMARKS_HEADER = /^(notes?|remarks?|comments?)$/i;
const ITEM_HEADER = /^(signal|signal name|function|signal \/ function)$/i;

/** The direction and remote-unit columns of a pin list's header, when it has both. */
export function pinListColumns(header: string[]): PinListColumns | undefined {
  const clean = header.map((c) => c.replace(/[*`]/g, '').trim());
  const dir = clean.findIndex((c) => DIR_HEADER.test(c));
  const remote = clean.findIndex((c) => REMOTE_HEADER.test(c));
  if (dir < 0 || remote < 0) return undefined;
  // A pin-out with a Net column and a Signal column gives each pin twice: the schematic net, and the
  // signal it carries by name. Both headings read as the signal; the net is the one headed Net.
  const net = clean.findIndex((c) => NET_HEADER.test(c));
  const item = clean.findIndex((c, i) => i !== net && ITEM_HEADER.test(c));
  const remarks = clean.some((c, i) => i !== item && REMARKS_HEADER.test(c));
  return net >= 0 && item >= 0 ? { dir, remote, net, item, remarks } : { dir, remote };
}

type Row = { cells: string[]; row: number };

export function extractPinList(
  body: Row[],
  get: (cells: string[], role: ColumnRole) => string,
  cols: PinListColumns,
  prov: (row: number) => Provenance,
  sink: MentionSink,
  /** The unit the directions are seen from: it sends what goes OUT and receives what comes IN. */
  viewpoint?: string,
  /** "J2 Sensor Connector": a pin-out per connector names the connector in its title, not a column. */
  caption?: string,
  /** Names the other documents give (normalised): a Signal column's name is the item when it is one. */
  known?: Set<string>,
): void {
  const titled = /^([A-Z]{1,3}\d{1,3})\s/.exec(caption?.trim() ?? '')?.[1];
  const netsOf = (cell: string): string[] =>
    cell
      .split(/\s*\/\s*|\s*,\s*/)
      .map((n) => n.trim())
      // "NC" in a net column marks an unconnected pin, not a net called NC.
      .filter(
        (n) =>
          /^[+-]?[A-Z0-9_][A-Z0-9_+-]*$/i.test(n) &&
          !/^-+$/.test(n) &&
          !/^(nc|n\/c|none|spare|reserved)$/i.test(n),
      );
  // The Signal column beside a Net column names the signal when the other documents name it too
  // ("Chamber Heater Command"): the pin is read as that signal on that net. One only the pin-out gives
  // describes the wire ("Gate High U", a line of a link the pin-out does not name): the row is read as
  // without the two columns told apart.
  // A signal sent over a bus line ("Display Data" on HMI_TX) rides on the bus: the line is not its net.
  const netColumn = (cells: string[]): string[] =>
    cols.net !== undefined ? netsOf((cells[cols.net] ?? '').trim()) : [];
  const busLines = foldBuses(body.flatMap(({ cells }) => netColumn(cells)));
  const itemOf = (cells: string[]): string | undefined => {
    const raw = cols.item !== undefined ? (cells[cols.item] ?? '').trim() : '';
    // "Track Clear common": the common wire of a relay contact that carries the named item.
    const wire = /^(.+?)\s+(common|com|positive|negative|\+|-)$/i.exec(raw)?.[1];
    const cell = wire && known?.has(normaliseName(wire)) ? wire : raw;
    if (!cell || !known?.has(normaliseName(cell))) return undefined;
    return netColumn(cells).some((n) => busLines.has(n) || busKind(n)) ? undefined : cell;
  };
  // Beside a Notes column the net is always the Net column's, and a remark never names the item.
  const netCell = (cells: string[]): string =>
    cols.net !== undefined && (itemOf(cells) || cols.remarks)
      ? (cells[cols.net] ?? '').trim()
      : get(cells, 'signal');
  /**
   * "NMEA 0183 Link TX A" on N183_TX_A, or a remark "NMEA 2000 Bus" on N2K_CANH: a bus line named by
   * the line's role after a bus the other documents name is a line of that bus.
   */
  const knownBus = (cells: string[]): string | undefined =>
    [cols.item !== undefined ? cells[cols.item] : undefined, get(cells, 'description')]
      .map((c) => (c ?? '').trim().replace(LINE_SUFFIX, '').trim())
      .find((n) => n && known?.has(interfaceKey(n)));
  const folded = foldBuses(body.flatMap(({ cells }) => netsOf(netCell(cells))));
  for (const { cells, row } of body) {
    const p = prov(row);
    const nets = netsOf(netCell(cells));
    const fn = itemOfFunction(itemOf(cells) ?? (cols.remarks ? '' : get(cells, 'description')));
    if (nets.some(isGroundName) || (/^(spare|nc|n\/c|reserved|-)?$/i.test(fn.trim()) && nets.length === 0))
      continue;
    // "PWR IN" / "PWR OUT": a power pin's direction, read as any other.
    const dir = (cells[cols.dir] ?? '')
      .trim()
      .toUpperCase()
      .replace(/^(PWR|POWER)\s+/, '');
    const remote = (cells[cols.remote] ?? '').trim();
    const conn = get(cells, 'connector') || titled || '';
    // An interface by its code ("IF-S") in an IF column: the connector the pin is on is on it.
    const code = get(cells, 'ifaceId');
    const onCode = isRefdes(conn) && /^[A-Z]{1,4}-[A-Z0-9]{1,3}$/.test(code);
    if (onCode)
      sink.relate(
        sink.entity(conn, 'COMPONENT', p, { weight: 0.3 }),
        sink.entity(code, 'INTERFACE', p, { weight: 0.3 }),
        'CONNECTS',
        p,
      );
    // A pin on a named interface ("IF-01 Tow Link") is a line of it: the connector and the far end
    // are on that interface, whatever the line's own direction.
    const iface = interfaceCell(get(cells, 'interface'));
    if (iface) {
      const item = sink.entity(iface.name, 'INTERFACE', p, { aliases: [iface.id, ...nets], weight: 1.5 });
      if (isRefdes(conn))
        sink.relate(sink.entity(conn, 'COMPONENT', p, { weight: 0.3 }), item, 'CONNECTS', p);
      for (const u of remoteUnits(remote)) sink.relate(endpoint(u, p, sink), item, 'CONNECTS', p);
      continue;
    }
    const bus = nets.length > 0 && nets.every((n) => folded.has(n) || busKind(n));
    const busName = bus ? knownBus(cells) : undefined;
    const named = !!busName || isName(fn);
    let item: string;
    if (bus && named) {
      // The bus's own prefix ("MDI_TD") is an alias; a bare protocol ("USB") would match any USB part.
      const aliases = nets
        .map((n) => folded.get(n)?.name ?? busKind(n))
        .filter((a) => a && !isBareProtocol(a));
      // A line of a bus named elsewhere is one of its wires: the net names that bus (its prefix,
      // "N2K", may be a connector's label as well).
      item = sink.entity(busName ?? fn.replace(LINE_SUFFIX, '').trim(), 'INTERFACE', p, {
        aliases: busName ? nets : aliases,
        weight: 1.5,
      });
    } else {
      const name = named ? fn : nets[0];
      if (!name) continue;
      const power = nets.some(isPowerName) || isPowerName(name);
      item = sink.entity(name, power ? 'RESOURCE' : 'SIGNAL', p, {
        aliases: named ? nets : [],
        weight: 1.5,
      });
    }
    // On a coded interface the pin is a line of it: the connector is on the interface, not on each
    // line (pin-lines.ts drops the connector–line link whichever document gave it).
    if (isRefdes(conn))
      sink.relate(
        sink.entity(conn, 'COMPONENT', p, { weight: 0.3 }),
        item,
        'CONNECTS',
        p,
        undefined,
        onCode ? { [LINE_OF_INTERFACE]: code } : {},
      );
    if (viewpoint && !bus && /^(IN|I|INPUT|OUT|O|OUTPUT)$/.test(dir))
      sink.relate(endpoint(viewpoint, p, sink), item, /^I/.test(dir) ? 'CONSUMES' : 'PROVIDES', p);
    for (const u of remoteUnits(remote)) {
      const type = bus
        ? 'CONNECTS'
        : /^(IN|I|INPUT)$/.test(dir)
          ? 'PROVIDES'
          : /^(OUT|O|OUTPUT)$/.test(dir)
            ? 'CONSUMES'
            : undefined;
      // A far end described in words on a pin with no direction ("Load common for the outputs" on a
      // pass-through supply pin) says where the wire goes, and names no unit.
      if (!type && !isName(u)) continue;
      const unit = endpoint(u, p, sink);
      if (type) sink.relate(unit, item, type, p);
    }
  }
}
