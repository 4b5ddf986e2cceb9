// Which words of a sentence form a name, and what kind of thing a name is. Prose names things by
// capitalised phrases and acronyms; a lower-case phrase counts only when another document already
// named it ("the battery pack" once the BOM has a Battery Pack).
import type { EntityType } from './types.js';

/** Lower-case head nouns that may end a name ("CAN bus", "3V3 rail", "Sun sensor"). */
const HEAD_NOUNS = new Set(
  'bus rail board unit module controller sensor sensors battery panel panels array converter regulator radio camera motor motors link interface line signal transceiver receiver transmitter antenna computer processor system subsystem assembly harness pack supply driver drivers charger computer valve pump tank heater heaters wheel wheels tracker processor payload port connector clock channel network switch hub relay actuator servo servos encoder encoders imager gimbal frame chassis'.split(
    ' ',
  ),
);
const DETERMINERS =
  /^(the|a|an|its|their|both|each|all|every|this|that|these|those|one|two|three|four|our)$/i;
const NOT_NAME_START =
  /^(The|This|That|These|Those|It|Its|Each|All|Every|When|If|In|On|At|For|From|To|By|With|During|After|Before|Both|A|An|Any|No|Not|Only|All|Table|Figure|Section|Note|See|Shall|Must|Should|Will|And|Or|But|Also|However|Then|There|Here|Where|While|Once|Per|Via|Over)$/;
const NOT_ENTITY =
  /\b(mode|modes|state|phase|document|specification|requirement|review|plan|procedure|standard|team|inc|ltd|gmbh|corp|company|revision|section|table|figure|appendix|materials|version|library|footprint|datasheet)$/i;

export function isNameToken(tok: string): boolean {
  if (NOT_NAME_START.test(tok)) return false;
  if (/^[A-Z]{2,}-\d[\w-]*$/.test(tok) || /^[A-Z]+-[A-Z]+-\d+/.test(tok)) return false; // REQ-012, ICD-001
  if (/^\d+(\.\d+)?$/.test(tok)) return false;
  return (
    /^[A-Z+][A-Za-z0-9+\-./²]*$/.test(tok) ||
    /^[+-]?\d+V\d*[A-Za-z_]*$/.test(tok) ||
    /^\d[A-Za-z0-9]*[A-Z][A-Za-z0-9]*$/.test(tok)
  );
}

export function isHeadNoun(tok: string): boolean {
  return HEAD_NOUNS.has(tok.toLowerCase());
}

export function isDeterminer(tok: string): boolean {
  return DETERMINERS.test(tok);
}

/** Phrases that are never entities: modes, documents, organisations, values with units. */
export function isExcludedName(name: string): boolean {
  if (NOT_ENTITY.test(name)) return true;
  // A name ending in a particle names a function ("Safe Torque Off", "Power Up"), not a part.
  if (/\s(off|on|up|down|out)$/i.test(name)) return true;
  // A direction column's values ("OUT is driven by U1", explaining a Dir column) name no thing.
  if (/^(IN|OUT|I\/O|INOUT|IN\/OUT)$/.test(name)) return true;
  if (
    /^[+-]?\d+(\.\d+)?\s*(v|w|a|ma|mw|hz|khz|mhz|ghz|kbps|mbps|bps|s|ms|c|°c|%|wh|mah|kg|g|m|mm)$/i.test(name)
  )
    return true;
  return name.length < 2;
}

const DEVICE_HEAD =
  /^(converters?|regulators?|ldos?|bucks?|boosts?|inverters?|chargers?|drivers?|transceivers?|controllers?|mcus?|relays?|fuses?|switch|switches|fans?|pumps?|motors?|heaters?|sensors?|monitors?|supervisors?|transformers?|contactors?)$/;

/** The type a name suggests by its head word; prose has nothing better. */
export function typeFromName(name: string): EntityType {
  // "Relay Enable A", "Hall Sensor 2": a channel's letter or number after the head says which one,
  // not what kind of thing it is.
  const lettered = /^(.+\S)\s+([A-H]|\d)$/.exec(name.trim());
  if (lettered && /\s/.test(lettered[1]!)) return typeFromName(lettered[1]!);
  const words = name.toLowerCase().split(/\s+/);
  const head = words[words.length - 1] ?? '';
  // A device named by the voltage it makes or uses ("5V Buck Converter", "3V3 LDO", "24V DIN Power
  // Supply") is a part; "24V Supply" is the rail it makes.
  if (DEVICE_HEAD.test(head) || /\b(power supply|supply unit|psu)$/i.test(name)) return 'COMPONENT';
  // Energy named by its kind: mains, the grid, a DC link or an HV bus carry power, not data.
  if (
    /\b(mains|grid)$/.test(head) ||
    // "Mains Input", "Grid Feed": the mains where it enters the unit is still the mains.
    /\b(mains|grid) (input|in|feed|supply|power)$/i.test(name) ||
    /^(ac|dc)$/.test(head) ||
    /\b(dc|ac|hv|lv|high[- ]voltage)[ -](link|bus)$/i.test(name)
  )
    return 'RESOURCE';
  // "28V Bus": a voltage in the name makes a bus or line a power rail.
  if (/^[+-]?\d+(\.\d+)?\s?v\d*\b.*\b(bus|link|line)$/i.test(name)) return 'RESOURCE';
  if (/^(subsystem|system|assembly|segment|module|board|payload|harness)$/.test(head)) return 'SUBSYSTEM';
  // A line is one wire: a signal, unless it carries power ("Power Line", "Supply Line").
  if (head === 'line' && words.length > 1)
    return /\b(power|supply|mains|battery)\b/.test(name.toLowerCase()) ? 'RESOURCE' : 'SIGNAL';
  if (
    /^(bus|link|interface|network|port|channel)$/.test(head) &&
    !/power|battery|main/.test(name.toLowerCase())
  )
    return 'INTERFACE';
  if (/^(rail|power|energy|fuel|propellant|coolant|supply)$/.test(head) || /^[+-]?\d+v\d*/i.test(name))
    return 'RESOURCE';
  if (
    /^(signal|telemetry|command|commands|clock|pps|data|enable|interrupt|reset|sync|alarm|status|temperature|pressure|currents|speed|feedback|report|heartbeat|reading|readings|measurement|measurements|setpoints?|depth|altitude|position|velocity|attitude|heading|humidity|level|fix|estimate|odometry|pulses|frames?|messages?|pwm|direction|current)$/.test(
      head,
    )
  )
    return 'SIGNAL';
  if (/\b(power bus|battery bus|main bus)\b/i.test(name)) return 'RESOURCE';
  return 'COMPONENT';
}
