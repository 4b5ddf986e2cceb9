// DOCX and XLSX are zip files whose libraries inflate every part in memory. A 50 MiB upload can
// inflate to gigabytes (a "zip bomb", or just a huge sheet), so the sizes the zip's central
// directory declares are summed before any reader runs, and the file is refused above a bound.
// The directory sits at the end of the file; reading it is a walk over its entries, nothing inflates.

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535 bytes. */
const END_SEARCH_BYTES = 22 + 0xffff;

/**
 * Total uncompressed size the zip declares for its entries: undefined when its directory is missing
 * or broken (a truncated file), Infinity for ZIP64 sizes (no Office document needs more than 4 GiB).
 */
export function declaredUncompressedSize(bytes: Uint8Array): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const stop = Math.max(0, bytes.byteLength - END_SEARCH_BYTES);
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return undefined;
  const entries = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== CENTRAL_DIRECTORY_ENTRY)
      return Infinity;
    const size = view.getUint32(offset + 24, true);
    if (size === 0xffffffff) return Infinity;
    total += size;
    offset +=
      46 +
      view.getUint16(offset + 28, true) +
      view.getUint16(offset + 30, true) +
      view.getUint16(offset + 32, true);
  }
  return total;
}
