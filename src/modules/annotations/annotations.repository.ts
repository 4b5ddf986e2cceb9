// SQL for annotations. Access is decided by the attachment (annotations.service.ts).
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { annotations } from '../../db/schema.js';

export type AnnotationRow = typeof annotations.$inferSelect;

export async function insertAnnotation(
  ex: Executor,
  row: typeof annotations.$inferInsert,
): Promise<AnnotationRow> {
  return (await ex.insert(annotations).values(row).returning())[0]!;
}

export async function findAnnotation(ex: Executor, id: string): Promise<AnnotationRow | undefined> {
  return (await ex.select().from(annotations).where(eq(annotations.id, id)).limit(1))[0];
}

export async function listOfAttachment(ex: Executor, attachmentId: string): Promise<AnnotationRow[]> {
  return ex
    .select()
    .from(annotations)
    .where(eq(annotations.attachmentId, attachmentId))
    .orderBy(asc(annotations.createdAt), asc(annotations.id));
}

export async function updateContent(
  ex: Executor,
  id: string,
  content: unknown,
): Promise<AnnotationRow | undefined> {
  return (
    await ex
      .update(annotations)
      .set({ content, updatedAt: new Date() })
      .where(eq(annotations.id, id))
      .returning()
  )[0];
}

export async function deleteAnnotation(ex: Executor, id: string): Promise<void> {
  await ex.delete(annotations).where(eq(annotations.id, id));
}
