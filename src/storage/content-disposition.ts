// Content-Disposition for downloads, served by hwa or echoed by S3: `attachment; filename="…"` in
// printable ASCII (accents dropped, anything else `_`), plus the exact name in `filename*=UTF-8''…`
// when it is not ASCII. Left to itself content-disposition keeps Latin-1 letters (ü, °) raw in
// `filename`: bytes clients read as mojibake, and s3rver turned "ü" into "ý".
import contentDisposition from 'content-disposition';

export function attachmentDisposition(fileName: string): string {
  const fallback = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_');
  return contentDisposition(fileName, { fallback });
}
