// A loop's return (ESTOP_RTN), an isolated side's ground (GD_GND2) and a cable screen (SHIELD) are
// listed in wire lists and netlists for their pins, like GND: they carry no item of their own and are
// nothing a part provides or consumes. Ground names with a prefix, as an isolated or looped circuit
// names its own return, are grounds as much as GND is.
/** "ESTOP_RTN", "GD_GND2", "SHIELD": a circuit's own return or a screen. */
export function isReturnOrShield(name: string): boolean {
  const n = name.trim().replace(/^\//, '').replace(/^.*\//, '');
  return /^[A-Z][A-Z0-9]*_(GND|RTN|RETURN)\d*$/i.test(n) || /^(SHIELD|SHLD|SCREEN|DRAIN)\d*$/i.test(n);
}
