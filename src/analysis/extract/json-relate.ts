// A block-model export's relations as relationships: dependencies, edges that say what they mean,
// flows of items (PROVIDES/CONSUMES by the ends, or by the parts performing the functions at the ends),
// and connectors (CONNECTS, through the interface when one is named).
import type { MentionSink } from './builder.js';
import { kindOf } from './json-kinds.js';
import { edgeMeaning } from './json-graph.js';
import type { Element } from './json-usages.js';
import {
  ITEM_KEY,
  NAME_KEY,
  SOURCE_KEY,
  TARGET_KEY,
  TYPED_BY_KEY,
  field,
  isObj,
  kindText,
  str,
} from './json-walk.js';
import { busKind, isPowerName, normaliseName, splitAcronym } from './normalise.js';
import type { Provenance } from './types.js';

type Obj = Record<string, unknown>;

/**
 * "c1", "CE-04", "C 12": a name like an id, as a tool gives a new connector or exchange by default
 * (Capella numbers component exchanges "C 1", "C 2", …), names no interface.
 */
export const isIdName = (name: string): boolean => /^[a-z_]*[-_ ]?\d+$/i.test(name);

/** The object names its items by a "convoyed" or "conveyed" key: what runs over it, not what it is. */
const convoysItems = (o: Obj): boolean =>
  Object.keys(o).some((k) => /^(convoyed|conveyed|allocated_?(exchange_?)?items?$)/i.test(k));

export function relate(
  o: Obj,
  kind: string,
  element: (ref: unknown) => Element | undefined,
  parties: (ref: unknown) => string[],
  declaredName: (ref: unknown) => string | undefined,
  p: Provenance,
  sink: MentionSink,
  namesLinks = false,
): void {
  const ends = field(
    o,
    /^(ends|endpoints|connectorEnds|linkEnds|link_ends|roles|between|participants|connects|joins|parties)$/i,
  );
  // A named link with more than two ends (a bus the boards hang on) is the interface each end is on.
  const linkName = str(field(o, NAME_KEY));
  if (Array.isArray(ends) && ends.length > 2 && linkName && kind === 'connectors' && !field(o, ITEM_KEY)) {
    const iface = sink.entity(linkName, 'INTERFACE', p, { weight: 2 });
    for (const end of ends) {
      const on = element(end)?.name;
      if (on) sink.relate(on, iface, 'CONNECTS', p);
    }
    return;
  }
  const pair = Array.isArray(ends) && ends.length === 2 ? ends : [field(o, SOURCE_KEY), field(o, TARGET_KEY)];
  // "Heading output from Sense Heading": the item is provided (or used) by whatever performs the
  // function; an edge between a part and an item relates the two directly.
  const verb = edgeMeaning(kindText(o));
  if (
    typeof verb === 'object' &&
    (verb.type === 'PROVIDES' || verb.type === 'CONSUMES') &&
    !field(o, ITEM_KEY) &&
    !field(o, /^(interface|bus|protocol|via|medium)$/i)
  ) {
    const party: unknown = verb.reversed ? pair[1] : pair[0];
    const item: unknown = verb.reversed ? pair[0] : pair[1];
    const what = element(item)?.name;
    if (what) for (const who of parties(party)) sink.relate(who, what, verb.type, p);
    return;
  }
  // An end is a part, or a function whose performers stand for it.
  const aParties = parties(pair[0]);
  const bParties = parties(pair[1]);
  const a = aParties[0];
  const b = bParties[0];
  if (!a || !b) return;
  if (kind === 'dependencies') return sink.relate(a, b, 'DEPENDS_ON', p);
  // A graph edge that says what it means and carries nothing else relates its two nodes directly.
  const meaning = edgeMeaning(kindText(o));
  if (meaning === 'trace' || (typeof meaning === 'object' && meaning.type === 'CONTAINS')) return;
  if (meaning && !field(o, ITEM_KEY) && !field(o, /^(interface|bus|protocol|via|medium)$/i))
    return sink.relate(a, b, meaning.type, p);
  // An edge typed by what it carries ("type": "power", "data") is a flow of its labelled item.
  const stated = kindText(o);
  const carried =
    kind === 'connectors' &&
    /\b(power|energy|electrical|data|signal|message|information|material|fluid|flow)\b/.test(stated) &&
    !/connector|connection|interface|bus|link|wire|cable|harness/.test(stated);
  if (carried) kind = 'flows';
  const itemRef = field(o, ITEM_KEY);
  // An item by id ("conveyedRefs": ["_0021"]) is the element with that id.
  const itemName = (ref: unknown): string | undefined =>
    // "itemType": "item-DriveCommand": an id names the element, or the item definition, it stands for.
    (typeof ref === 'string' ? (element(ref)?.name ?? declaredName(ref)) : undefined) ??
    str(ref) ??
    (isObj(ref) ? (str(field(ref, NAME_KEY)) ?? declaredName(ref)) : undefined);
  // One item or a list of them ("items": ["Depth", "Heading"]).
  const itemsRaw = (Array.isArray(itemRef) ? itemRef.map(itemName) : [itemName(itemRef)]).filter(
    (x): x is string => !!x,
  );
  // A flow that names no item conveys what it is named after (a functional exchange "Wheel Speed
  // Command" between two functions); a component exchange that an ICD interface or functional
  // exchanges are allocated to is the link they run over.
  const isLink = Object.keys(o).some((k) => /^(interface_?id|allocated\w*exchanges)$/i.test(k));
  if (itemsRaw.length === 0 && (carried || (kind === 'flows' && !isLink)))
    itemsRaw.push(...[str(field(o, NAME_KEY))].filter((x): x is string => !!x));
  // An exchange between two ports that convoys items (Capella's component exchange) says who sends
  // and who receives those items, when it is unnamed or named after its item; the link it runs over is
  // modelled on its own.
  // A name like an id ("C 12", the tool's default) names nothing.
  const ownOrVia = str(field(o, NAME_KEY)) ?? str(field(o, /^(interface|bus|protocol|via|medium)$/i));
  const viaNamed = ownOrVia && !isIdName(ownOrVia) ? ownOrVia : undefined;
  const namedAfterItem =
    !!viaNamed && itemsRaw.some((item) => normaliseName(item) === normaliseName(viaNamed));
  if (kind === 'connectors' && itemRef !== undefined && (!viaNamed || namedAfterItem) && convoysItems(o))
    kind = 'flows';
  if (kind === 'flows' && itemsRaw.length > 1) {
    const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !ITEM_KEY.test(k)));
    for (const one of itemsRaw)
      relate({ ...rest, item: one }, kind, element, parties, declaredName, p, sink, namesLinks);
    return;
  }
  const itemRaw = itemsRaw[0];
  if (kind === 'flows' && itemRaw) {
    const item = splitAcronym(itemRaw).name;
    // "Phase Currents" or "Bus Voltage" are measurements sent as data; power is named as power, or
    // the flow says its nature ("nature": "energy").
    const nature = str(field(o, /^(nature|flowKind|flow_kind|itemKind|item_kind|category|medium)$/i)) ?? '';
    // A flow that says it is data ("kind": "data") is a signal even when its name speaks of power
    // ("ROV Power Enable" is the command that switches the power, not the power).
    const saysData = /\b(data|signal|message|information|control)\b/i.test(`${nature} ${stated}`);
    const power =
      !saysData &&
      (isPowerName(item) ||
        /\b(power|energy)\b/i.test(item) ||
        /\b(power|energy|electrical)\b/i.test(`${nature} ${stated}`));
    const entity = sink.entity(item, power ? 'RESOURCE' : 'SIGNAL', p, { weight: 2 });
    for (const from of aParties) sink.relate(from, entity, 'PROVIDES', p);
    for (const to of bParties) sink.relate(to, entity, 'CONSUMES', p);
    return;
  }
  // A connector named like a thing ("Vehicle CAN"), not like an id ("c1"), names the interface.
  const ownName = str(field(o, NAME_KEY));
  const named = ownName && /[A-Z]/.test(ownName) && !isIdName(ownName) ? ownName : undefined;
  // A physical connection that "carries" or "realises" a named link is that link's wiring: the link
  // is the interface both ends are on.
  const realisedRef = field(o, /^(carries|realizes|realises|implements)$/i);
  const realised = element(realisedRef)?.name ?? str(realisedRef);
  const typedAs = element(field(o, TYPED_BY_KEY));
  const bus =
    (typedAs && /interface|bus|\blinks?\b/.test(kindOf(typedAs.o)) ? typedAs.name : undefined) ??
    str(field(o, /^(interface|bus|protocol|via|medium)$/i)) ??
    named ??
    (realised && /[A-Z]/.test(realised) ? realised : undefined);
  if (bus) {
    // "IF-01 BMS Modbus Link": a link named with its interface id in front is the link of that name,
    // the id an alias, as an ICD's caption or pin list reads it (icd-sides.ts, pin-list.ts).
    // A standard's name in front ("RS-422 TM/TC Link") is the link's protocol, not its id.
    const id = /^([A-Z]{1,4}-\d{1,3})\s+(\S.*[a-z].*)$/.exec(bus);
    const coded = id && !busKind(id[1]!) ? id : null;
    const iface = coded
      ? sink.entity(coded[2]!.trim(), 'INTERFACE', p, { weight: 2, aliases: [coded[1], bus] })
      : sink.entity(bus, 'INTERFACE', p, { weight: 2 });
    sink.relate(a, iface, 'CONNECTS', p);
    sink.relate(b, iface, 'CONNECTS', p);
  }
  // In a model that names its interfaces on some connectors, an unnamed one is a wire drawn between
  // two blocks that its author chose not to call an interface: what runs over it (a power or data
  // flow) is modelled where it is named, and the wire relates nothing of its own.
  else if (ownName || !namesLinks) sink.relate(a, b, 'CONNECTS', p, ownName);
}

/** A connector named like a thing ("Vehicle CAN"), not like an id ("c1") nor left empty. */
export const namesInterface = (o: Obj): boolean => {
  const name = str(field(o, NAME_KEY));
  return !!name && /[A-Z]/.test(name) && !isIdName(name);
};
