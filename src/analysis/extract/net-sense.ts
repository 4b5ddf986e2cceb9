// A net named for what is measured on it ("VBAT_SENSE", "IMOT_MON", "TEMP_ADC") is read by the one
// active pin on it, even when that pin is a general-purpose I/O the netlist cannot direct: a divider
// or a filter feeds it, and the processor samples it.
const MEASURED = /(^|[_-])(SENSE|SNS|MON|ADC|MEAS|AIN)\d*$/i;

/** A line named as a measurement, its active-low overbar aside. */
export const isMeasuredName = (netName: string): boolean =>
  MEASURED.test(netName.replace(/~\{([^}]*)\}/g, '$1').trim());

/** A pin the netlist gives no direction: it may read or drive. */
export const isGeneralPin = (pinType: string | undefined): boolean =>
  /^(bidirectional|tri_state|unspecified)$/.test(pinType ?? '') || pinType === undefined;

/**
 * A regulator's feedback pin ("FB", "VFB") on a rail senses the output the regulator makes: the part
 * provides that rail (a buck's output reaches it only through its inductor, a passive the rail reading
 * passes over), it does not consume it.
 */
export const isFeedbackPin = (pinFunction: string | undefined): boolean =>
  /^(V?FB|FEEDBACK|VOUT_?FB)$/i.test(pinFunction ?? '');
