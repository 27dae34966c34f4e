import type { TAdminBanner, TBannerRequest, TImage, TLanguage } from '@caravan/contracts';
import { ZBannerRequest } from '@caravan/contracts';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { banners } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { recordAudit } from '../audit';
import { clearCatalogCache } from '../catalog';
import { resolveUploadedImages } from '../sellers';

type TBannerRow = typeof banners.$inferSelect;
type TBannerInput = z.output<typeof ZBannerRequest>;

function toAdminBanner(row: TBannerRow): TAdminBanner {
  return {
    id: String(row.id),
    titles: row.titles as Record<string, string>,
    subtitles: row.subtitles as Record<string, string>,
    image: row.image,
    images: row.images as Record<string, TImage>,
    languages: row.languages,
    link: row.link,
    sort: row.sort,
    isActive: row.isActive,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
  };
}

export async function listAdminBanners(db: Executor): Promise<TAdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(toAdminBanner);
}

/** The columns of a banner request; pictures must be uploads that exist on this platform. */
async function toColumns(uploadDir: string, input: TBannerInput) {
  const [image] = await resolveUploadedImages(uploadDir, [input.imageRef]);
  const images: Partial<Record<TLanguage, TImage>> = {};
  for (const [lang, ref] of Object.entries(input.imageRefs) as [TLanguage, string][]) {
    [images[lang]] = await resolveUploadedImages(uploadDir, [ref]);
  }
  return {
    titles: input.titles,
    subtitles: input.subtitles,
    image: image!,
    images,
    languages: [...new Set(input.languages)],
    link: input.link,
    sort: input.sort,
    isActive: input.isActive,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  };
}

export async function saveBanner(
  db: Database,
  input: { staffId: bigint; uploadDir: string; id: bigint | null; request: TBannerRequest },
): Promise<TAdminBanner> {
  const request = ZBannerRequest.parse(input.request);
  const columns = await toColumns(input.uploadDir, request);
  const saved = await db.transaction(async (tx) => {
    if (input.id === null) {
      const [row] = await tx.insert(banners).values(columns).returning();
      await recordAudit(tx, {
        staffId: input.staffId,
        action: 'banner.create',
        targetType: 'banner',
        targetId: row!.id,
        details: { before: null, after: toAdminBanner(row!) },
      });
      return row!;
    }
    const [before] = await tx.select().from(banners).where(eq(banners.id, input.id)).for('update');
    if (!before) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    const [row] = await tx.update(banners).set(columns).where(eq(banners.id, input.id)).returning();
    await recordAudit(tx, {
      staffId: input.staffId,
      action: 'banner.update',
      targetType: 'banner',
      targetId: input.id,
      details: { before: toAdminBanner(before), after: toAdminBanner(row!) },
    });
    return row!;
  });
  clearCatalogCache(db);
  return toAdminBanner(saved);
}

export async function deleteBanner(db: Database, staffId: bigint, id: bigint) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(banners).where(eq(banners.id, id)).returning();
    if (!before) {
      throw new AppError('RECORD_NOT_FOUND');
    }
    await recordAudit(tx, {
      staffId,
      action: 'banner.delete',
      targetType: 'banner',
      targetId: id,
      details: { before: toAdminBanner(before), after: null },
    });
  });
  clearCatalogCache(db);
}
