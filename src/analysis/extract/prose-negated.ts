// "Field-Oriented Control (FOC) is not used": a name defined only to say the product does without it
// is no part of the product.

const NOT_USED =
  /^\s*(is|are)\s+(not\s+(used|fitted|implemented|present|populated|included|provided|required)|omitted|unused|deleted|removed)\b/i;

/** The text right after a definition says the defined thing is not used. */
export function saysNotUsed(after: string): boolean {
  return NOT_USED.test(after);
}
