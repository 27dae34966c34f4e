import sharp from 'sharp';
import { hashPassword, newInvitationCode, newUsercode } from '../../modules/auth';
import { saveMerchantDocument } from '../../modules/sellers';
import { encodePrivateImage } from '../../modules/uploads';
import type { Database } from '../client';
import { categories, merchantApplications, users } from '../schema';
import { logoSvg, renderPicture } from './catalog-pictures';

export const DEMO_APPLICANT = { username: 'demoapplicant', password: 'apply123' } as const;

function licenceSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560" viewBox="0 0 800 560">
    <rect width="800" height="560" fill="#F5F6F8"/>
    <rect x="40" y="40" width="720" height="480" rx="16" fill="#FFFFFF" stroke="#0F766E" stroke-width="6"/>
    <rect x="80" y="90" width="180" height="220" rx="8" fill="#CBD5E1"/>
    <circle cx="170" cy="170" r="48" fill="#94A3B8"/>
    <rect x="300" y="100" width="400" height="28" rx="6" fill="#0F766E"/>
    <rect x="300" y="160" width="340" height="18" rx="6" fill="#94A3B8"/>
    <rect x="300" y="200" width="360" height="18" rx="6" fill="#94A3B8"/>
    <rect x="300" y="240" width="300" height="18" rx="6" fill="#94A3B8"/>
    <rect x="80" y="380" width="620" height="18" rx="6" fill="#CBD5E1"/>
    <rect x="80" y="420" width="520" height="18" rx="6" fill="#CBD5E1"/>
  </svg>`;
}

/** A buyer account with a merchant application waiting in the staff queue (demo data). */
export async function seedDemoMerchantApplication(db: Database, uploadDir: string): Promise<void> {
  const [user] = await db
    .insert(users)
    .values({
      usercode: newUsercode(),
      username: DEMO_APPLICANT.username,
      email: 'demoapplicant@caravan.example',
      passwordHash: await hashPassword(DEMO_APPLICANT.password),
      invitationCode: newInvitationCode(),
      isDemo: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!user) {
    return;
  }
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  // The logo is public (it becomes the shop's); the licence is private, as an applicant's upload is.
  const [logo, licenceImage] = await Promise.all([
    renderPicture(logoSvg('Harbour Lights Trading', '#0369A1'), uploadDir),
    sharp(Buffer.from(licenceSvg())).png({ compressionLevel: 1 }).toBuffer().then(encodePrivateImage),
  ]);
  const licence = await saveMerchantDocument(db, { userId: user.id, image: licenceImage });
  await db.insert(merchantApplications).values({
    userId: user.id,
    shopName: 'Harbour Lights Trading',
    logo,
    categoryIds: category ? [String(category.id)] : [],
    contactEmail: 'hello@harbourlights.example',
    contactPhone: '+4930123456789',
    country: 'DE',
    description: 'Lamps and home lighting from small workshops on the Baltic coast.',
    privateDocuments: [licence],
  });
}
