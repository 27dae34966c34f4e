import {
  ACCOUNT_SETTINGS,
  BUILT_IN_ROLES,
  CHAT_SETTINGS,
  parseMoney,
  SELLER_SETTINGS,
  UPLOAD_SETTINGS,
  WELCOME_COUPON_NAME,
} from '@caravan/contracts';
import { eq } from 'drizzle-orm';
import { hashPassword, newInvitationCode, newUsercode } from '../../modules/auth';
import type { Executor } from '../client';
import { couponCampaigns, roles, staff, stores, systemParams, users } from '../schema';

export const DEMO_LOGINS = {
  buyer: { username: 'demobuyer', password: 'buyer123' },
  seller: { username: 'demoseller', password: 'seller123' },
  admin: { username: 'admin', password: 'admin123' },
  finance: { username: 'finance', password: 'finance123' },
  support: { username: 'support', password: 'support123' },
} as const;

export const SYSTEM_ROLES = Object.values(BUILT_IN_ROLES);

/** Platform settings every installation starts with (SPEC §7 syspara codes). */
export const DEFAULT_SYSTEM_PARAMS: { code: string; value: string; description: string }[] = [
  {
    code: 'mall_max_goods_number_in_order',
    value: '500',
    description: 'Maximum quantity of one item per order',
  },
  {
    code: 'customer_service_url',
    value: '',
    description: 'External customer-service page (empty: built-in chat)',
  },
  { code: 'follow_store_limit', value: '500', description: 'How many stores one buyer can follow' },
  {
    code: 'favourite_goods_limit',
    value: '1000',
    description: 'How many products one buyer can keep as favourites',
  },
  {
    code: 'merchant_promo_url',
    value: SELLER_SETTINGS.merchant_promo_url.defaultValue,
    description: SELLER_SETTINGS.merchant_promo_url.description,
  },
  ...Object.entries(ACCOUNT_SETTINGS).map(([code, setting]) => ({
    code,
    value: setting.defaultValue,
    description: setting.description,
  })),
  // Chat settings (packages/contracts/src/settings/chat.ts) other than customer_service_url above.
  ...Object.entries(CHAT_SETTINGS)
    .filter(([code]) => code !== 'customer_service_url')
    .map(([code, definition]) => ({
      code,
      value: definition.defaultValue,
      description: definition.description,
    })),
  ...Object.entries(UPLOAD_SETTINGS).map(([code, definition]) => ({
    code,
    value: definition.defaultValue,
    description: definition.description,
  })),
];

/** Roles and settings every installation needs, demo or not. Idempotent. */
export async function seedPlatformBasics(db: Executor) {
  for (const role of SYSTEM_ROLES) {
    await db
      .insert(roles)
      .values({
        name: role.name,
        description: role.description,
        permissions: [...role.permissions],
        isSystem: true,
      })
      .onConflictDoNothing();
  }
  await db.insert(systemParams).values(DEFAULT_SYSTEM_PARAMS).onConflictDoNothing();
  // The subscription's welcome coupon (SPEC §1): 5 USDT off orders from 50 USDT, 30 days from subscribing.
  const [welcome] = await db
    .select({ id: couponCampaigns.id })
    .from(couponCampaigns)
    .where(eq(couponCampaigns.isWelcome, true))
    .limit(1);
  if (!welcome) {
    await db.insert(couponCampaigns).values({
      name: WELCOME_COUPON_NAME,
      kind: 'amount',
      amountOff: parseMoney('5'),
      minSpend: parseMoney('50'),
      validUntil: new Date(Date.UTC(2099, 0, 1)),
      validDays: 30,
      perUserLimit: 1,
      isWelcome: true,
    });
  }
}

async function roleId(db: Executor, name: string): Promise<bigint> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) {
    throw new Error(`role ${name} missing`);
  }
  return row.id;
}

/** One buyer, one seller with a shop, an administrator, a finance reviewer and a support agent. */
export async function seedDemoAccounts(
  db: Executor,
): Promise<{ sellerUserId: bigint; storeId: bigint; buyerUserId: bigint }> {
  const [buyer] = await db
    .insert(users)
    .values({
      usercode: newUsercode(),
      username: DEMO_LOGINS.buyer.username,
      email: 'demobuyer@caravan.example',
      passwordHash: await hashPassword(DEMO_LOGINS.buyer.password),
      invitationCode: newInvitationCode(),
      isDemo: true,
    })
    .returning({ id: users.id });
  const [seller] = await db
    .insert(users)
    .values({
      usercode: newUsercode(),
      username: DEMO_LOGINS.seller.username,
      email: 'demoseller@caravan.example',
      passwordHash: await hashPassword(DEMO_LOGINS.seller.password),
      invitationCode: newInvitationCode(),
      isDemo: true,
    })
    .returning({ id: users.id });
  const [store] = await db
    .insert(stores)
    .values({
      ownerUserId: seller!.id,
      name: 'Caravan Demo Trading Co.',
      description: 'Wholesale household goods, electronics and textiles shipped worldwide.',
      isRecommended: 1,
    })
    .returning({ id: stores.id });
  // People's names, as real staff have: a role's name as a display name stayed English in every language (the role
  // itself is shown translated beside it), and the buyer's chat named its agent "Customer service".
  const staffRows = [
    { ...DEMO_LOGINS.admin, displayName: 'Maya Lindqvist', role: BUILT_IN_ROLES.administrator.name },
    { ...DEMO_LOGINS.finance, displayName: 'Omar Haddad', role: BUILT_IN_ROLES.finance_reviewer.name },
    { ...DEMO_LOGINS.support, displayName: 'Lena Okafor', role: BUILT_IN_ROLES.customer_service.name },
  ];
  for (const member of staffRows) {
    await db.insert(staff).values({
      username: member.username,
      displayName: member.displayName,
      passwordHash: await hashPassword(member.password),
      roleId: await roleId(db, member.role),
    });
  }
  return { sellerUserId: seller!.id, storeId: store!.id, buyerUserId: buyer!.id };
}
