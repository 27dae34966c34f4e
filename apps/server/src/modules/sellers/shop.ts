import {
  type TLanguage,
  type TShopSettings,
  type TShopSettingsRequest,
  ZShopSettingsRequest,
} from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { stores } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { clearCatalogCache } from '../catalog';
import { assertKnownCountry, assertShopNameFree } from './applications';
import { resolveSellerImages } from './images';
import type { TSeller } from './products';

export async function getShopSettings(db: Database, seller: TSeller): Promise<TShopSettings> {
  const [s] = await db.select().from(stores).where(eq(stores.id, seller.storeId));
  if (!s) {
    throw new AppError('NOT_A_SELLER');
  }
  const descriptions: Record<string, string> = { ...(s.descriptions as Record<string, string>) };
  if (!descriptions[s.lang] && s.description) {
    descriptions[s.lang] = s.description;
  }
  return {
    id: String(s.id),
    name: s.name,
    status: s.status,
    suspendedReason: s.suspendedReason,
    lang: s.lang as TLanguage,
    logo: s.logo ?? null,
    banner: s.banner ?? null,
    descriptions,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    shipFromCountry: s.shipFromCountry,
    returnAddress: s.returnAddress,
    lowStockThreshold: s.lowStockThreshold,
  };
}

/** Saves the shop's settings; the public store page shows them at once. The status is staff's to change. */
export async function saveShopSettings(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  input: TShopSettingsRequest,
): Promise<TShopSettings> {
  const body = ZShopSettingsRequest.parse(input);
  assertKnownCountry('shipFromCountry', body.shipFromCountry);
  const [current] = await db
    .select({ logo: stores.logo, banner: stores.banner })
    .from(stores)
    .where(eq(stores.id, seller.storeId));
  const used = new Set([current?.logo?.url, current?.banner?.url].filter((u): u is string => Boolean(u)));
  const owner = { userId: seller.id };
  const [logo] = body.logo ? await resolveSellerImages(db, uploadDir, owner, [body.logo], used) : [null];
  const [banner] = body.banner
    ? await resolveSellerImages(db, uploadDir, owner, [body.banner], used)
    : [null];
  const descriptions: Record<string, string> = {};
  for (const [lang, text] of Object.entries(body.descriptions)) {
    if (text) {
      descriptions[lang] = text;
    }
  }
  await db.transaction(async (tx) => {
    // Said beside the settings form's own field (`name`): under `shopName` it found no field and was only a toast.
    await assertShopNameFree(tx, body.name, seller.id, 'name');
    await tx
      .update(stores)
      .set({
        name: body.name,
        lang: body.lang,
        logo: logo ?? null,
        logoUrl: logo?.url ?? null,
        banner: banner ?? null,
        bannerUrl: banner?.url ?? null,
        descriptions,
        // The storefront reads `description` (the shop's own language).
        description: descriptions[body.lang] ?? '',
        contactEmail: body.contactEmail,
        contactPhone: body.contactPhone,
        shipFromCountry: body.shipFromCountry,
        returnAddress: body.returnAddress,
        lowStockThreshold: body.lowStockThreshold,
        updatedAt: new Date(),
      })
      .where(eq(stores.id, seller.storeId));
  });
  clearCatalogCache(db);
  return getShopSettings(db, seller);
}
