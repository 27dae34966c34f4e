import type { TMerchantDocument } from '@caravan/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { merchantDocuments } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { storePrivateUpload, type TPrivateImage } from '../uploads';

/** Keeps an already re-encoded document of `userId` (the upload call and the demo seed). */
export async function saveMerchantDocument(
  db: Executor,
  input: { userId: bigint; image: TPrivateImage },
): Promise<TMerchantDocument> {
  const { contentType, width, height, data } = input.image;
  const [row] = await db
    .insert(merchantDocuments)
    .values({ userId: input.userId, contentType, width, height, data })
    .returning({ id: merchantDocuments.id });
  return { id: String(row!.id), width, height };
}

/**
 * An identity or business-licence picture a would-be seller uploads: under the upload limits, re-encoded, kept in
 * the database (`merchant_documents`), never under /uploads.
 */
export async function uploadMerchantDocument(
  app: FastifyInstance,
  input: { userId: bigint; buffer: Buffer },
): Promise<TMerchantDocument> {
  return storePrivateUpload(app, { userId: input.userId }, input.buffer, (image) =>
    saveMerchantDocument(app.deps.db, { userId: input.userId, image }),
  );
}

/**
 * The document's bytes; `ownerId` limits it to that user's own documents (another user's id is not found, as a
 * missing one). Staff with merchants.review read without it.
 */
export async function readMerchantDocument(
  db: Executor,
  input: { id: bigint; ownerId?: bigint },
): Promise<{ contentType: string; data: Buffer }> {
  const [row] = await db
    .select({ contentType: merchantDocuments.contentType, data: merchantDocuments.data })
    .from(merchantDocuments)
    .where(
      and(
        eq(merchantDocuments.id, input.id),
        input.ownerId === undefined ? undefined : eq(merchantDocuments.userId, input.ownerId),
      ),
    )
    .limit(1);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return row;
}

/**
 * The applicant's own documents of these ids, in the order given (a repeated id once); refuses, naming the
 * `documents` field, any id that is not one of the user's documents.
 */
export async function findOwnMerchantDocuments(
  db: Executor,
  userId: bigint,
  ids: readonly string[],
): Promise<TMerchantDocument[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: merchantDocuments.id, width: merchantDocuments.width, height: merchantDocuments.height })
    .from(merchantDocuments)
    .where(and(inArray(merchantDocuments.id, unique.map(BigInt)), eq(merchantDocuments.userId, userId)));
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return unique.map((id) => {
    const row = byId.get(id);
    if (!row) {
      throw new AppError('IMAGE_NOT_OWNED', { field: 'documents' });
    }
    return { id, width: row.width, height: row.height };
  });
}
