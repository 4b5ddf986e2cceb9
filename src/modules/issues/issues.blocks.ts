// Issue description blocks. The spec says `description` is "structured content blocks" and shows no
// shape; this is ours: a small, closed set a tracker needs (paragraphs, headings, lists, code, quotes,
// tables, images of uploaded plots, links), each text a list of spans with optional inline marks.
// The union is a `oneOf` with a `discriminator` on `type`: Ajv then checks only the branch `type`
// names, so a bad block gets errors naming its own fields (`body.description[2].rows[0][1]`) rather
// than one per branch, and OpenAPI 3.1 documents the choice the same way.
import { Type, type Static, type TSchema } from 'typebox';
import { Int, Uuid } from '../../core/schemas.js';

export const MAX_BLOCKS = 500;
export const MAX_SPANS = 200;
export const MAX_SPAN_TEXT = 10_000;
export const MAX_LIST_ITEMS = 500;
export const MAX_TABLE_ROWS = 500;
export const MAX_TABLE_COLUMNS = 50;
export const MAX_CODE = 100_000;
const MAX_URL = 2_000;

export const MARKS = ['bold', 'italic', 'underline', 'strike', 'code'] as const;

const Url = Type.String({ maxLength: MAX_URL, pattern: '^https?://\\S+$', description: 'an http(s) URL' });

const Span = Type.Object(
  {
    text: Type.String({ maxLength: MAX_SPAN_TEXT }),
    marks: Type.Optional(Type.Array(Type.Enum([...MARKS]), { maxItems: MARKS.length, uniqueItems: true })),
    href: Type.Optional(Url),
  },
  { additionalProperties: false, description: 'a run of text; `href` makes it an inline link' },
);
/** Rich text: spans in reading order. `[{"text": "Heater 2 overshot"}]` is plain text. */
const RichText = Type.Array(Span, { maxItems: MAX_SPANS });

const block = <T extends string, P extends Record<string, TSchema>>(
  type: T,
  fields: P,
  description: string,
) => Type.Object({ type: Type.Literal(type), ...fields }, { additionalProperties: false, description });

const BLOCKS = [
  block('paragraph', { text: RichText }, 'a paragraph'),
  block(
    'heading',
    { level: Int({ minimum: 1, maximum: 3, description: '1 (largest) to 3' }), text: RichText },
    'a heading',
  ),
  block('bullet_list', { items: Type.Array(RichText, { maxItems: MAX_LIST_ITEMS }) }, 'an unordered list'),
  block('ordered_list', { items: Type.Array(RichText, { maxItems: MAX_LIST_ITEMS }) }, 'a numbered list'),
  block(
    'code',
    {
      code: Type.String({ maxLength: MAX_CODE }),
      language: Type.Optional(Type.String({ maxLength: 40, description: 'e.g. `python`, `c`, `text`' })),
    },
    'a code or log excerpt, kept verbatim',
  ),
  block('quote', { text: RichText }, 'a quotation'),
  block(
    'table',
    {
      header: Type.Array(RichText, { minItems: 1, maxItems: MAX_TABLE_COLUMNS }),
      rows: Type.Array(Type.Array(RichText, { maxItems: MAX_TABLE_COLUMNS }), { maxItems: MAX_TABLE_ROWS }),
    },
    'a table: one header row, then rows of cells',
  ),
  block(
    'image',
    { attachment_id: Uuid, caption: Type.Optional(RichText) },
    'an uploaded image (an attachment you can see), with an optional caption',
  ),
  block('link', { url: Url, title: Type.Optional(Type.String({ maxLength: 500 })) }, 'a link to a page'),
] as const;

export const BLOCK_TYPES = BLOCKS.map((b) => b.properties.type.const);

const AnyBlock = Type.Union([...BLOCKS]);
export type Block = Static<typeof AnyBlock>;

export const BlockSchema = Type.Unsafe<Block>({
  type: 'object',
  required: ['type'],
  oneOf: AnyBlock.anyOf,
  discriminator: { propertyName: 'type' },
  description: `one block; \`type\` is one of ${BLOCK_TYPES.map((t) => `\`${t}\``).join(', ')}`,
});

export const Description = Type.Array(BlockSchema, {
  maxItems: MAX_BLOCKS,
  description: `structured content, at most ${MAX_BLOCKS} blocks; \`[]\` is an empty description`,
});

const spansText = (spans: readonly { text: string }[] | undefined) =>
  (spans ?? []).map((s) => s.text).join('');

/**
 * The words of a description, one block per line, for full-text search (`issues.search` is built
 * from it): marks and structure dropped, table cells separated by tabs, an image by its caption.
 */
export function plainText(blocks: readonly Block[]): string {
  const lines = blocks.map((b) => {
    switch (b.type) {
      case 'paragraph':
      case 'heading':
      case 'quote':
        return spansText(b.text);
      case 'bullet_list':
      case 'ordered_list':
        return b.items.map(spansText).join('\n');
      case 'code':
        return b.code;
      case 'table':
        return [b.header, ...b.rows].map((row) => row.map(spansText).join('\t')).join('\n');
      case 'image':
        return spansText(b.caption);
      case 'link':
        return [b.title, b.url].filter(Boolean).join(' ');
    }
  });
  return lines.filter((l) => l !== '').join('\n');
}

/** Attachments the description shows, with where each is named (for a 400 naming the block). */
export function imageRefs(blocks: readonly Block[]): { path: string; attachmentId: string }[] {
  return blocks.flatMap((b, i) =>
    b.type === 'image'
      ? [{ path: `body.description[${i}].attachment_id`, attachmentId: b.attachment_id }]
      : [],
  );
}
