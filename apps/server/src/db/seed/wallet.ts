import { createHash } from 'node:crypto';
import { parseMoney } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import { approveRecharge, createRecharge, DEFAULT_WITHDRAW_PARAMS } from '../../modules/wallet';
import type { Database, Executor } from '../client';
import { staff, systemParams, walletChannels } from '../schema';

/** Demo deposit addresses: valid for their network's format, owned by nobody. */
export const DEFAULT_WALLET_CHANNELS: (typeof walletChannels.$inferInsert)[] = [
  {
    code: 'USDT-TRC20',
    kind: 'blockchain',
    name: 'USDT (TRC20)',
    // A name of its own, the same in every language.
    names: { en: 'USDT (TRC20)' },
    currency: 'USDT',
    network: 'TRC20',
    depositAddress: 'TPkdHeKXewXMXkUEWywDBRts5jegbYReuS',
    uriPrefix: 'tron:',
    minAmount: parseMoney('1'),
    maxAmount: parseMoney('1000000'),
    arrivalMinutes: 10,
    sortOrder: 1,
  },
  {
    code: 'USDT-ERC20',
    kind: 'blockchain',
    name: 'USDT (ERC20)',
    // A name of its own, the same in every language.
    names: { en: 'USDT (ERC20)' },
    currency: 'USDT',
    network: 'ERC20',
    depositAddress: '0xc0ffee254729296a45a3885639AC7E10F9d54979',
    uriPrefix: 'ethereum:',
    minAmount: parseMoney('10'),
    maxAmount: parseMoney('1000000'),
    arrivalMinutes: 15,
    sortOrder: 2,
  },
  {
    code: 'ETH',
    kind: 'blockchain',
    name: 'Ethereum',
    // A name of its own, the same in every language.
    names: { en: 'Ethereum' },
    currency: 'ETH',
    network: 'ETH',
    depositAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    uriPrefix: 'ethereum:',
    minAmount: parseMoney('1'),
    maxAmount: parseMoney('500'),
    rateToUsdt: parseMoney('3000'),
    arrivalMinutes: 15,
    sortOrder: 3,
  },
  {
    code: 'BTC',
    kind: 'blockchain',
    name: 'Bitcoin',
    // A name of its own, the same in every language.
    names: { en: 'Bitcoin' },
    currency: 'BTC',
    network: 'BTC',
    depositAddress: 'bc1q8fz4qkmxw97g0y5a4zemajw5ml402qqt823eac',
    uriPrefix: 'bitcoin:',
    minAmount: parseMoney('1'),
    maxAmount: parseMoney('50'),
    rateToUsdt: parseMoney('90000'),
    arrivalMinutes: 60,
    sortOrder: 4,
  },
  {
    code: 'BANK',
    kind: 'bank',
    name: 'Bank card transfer',
    names: {
      en: 'Bank card transfer',
      af: 'Bankkaartoordrag',
      ar: 'تحويل عبر البطاقة المصرفية',
      cn: '银行卡转账',
      de: 'Überweisung per Bankkarte',
      el: 'Μεταφορά με τραπεζική κάρτα',
      es: 'Transferencia con tarjeta bancaria',
      fr: 'Virement par carte bancaire',
      hi: 'बैंक कार्ड से ट्रांसफ़र',
      id: 'Transfer kartu bank',
      it: 'Bonifico con carta bancaria',
      ja: '銀行カード振込',
      ko: '은행 카드 이체',
      ms: 'Pindahan kad bank',
      ph: 'Paglipat gamit ang bank card',
      pt: 'Transferência por cartão bancário',
      ru: 'Перевод с банковской карты',
      th: 'โอนผ่านบัตรธนาคาร',
      tr: 'Banka kartı havalesi',
      tw: '銀行卡轉帳',
      vi: 'Chuyển khoản thẻ ngân hàng',
    },
    currency: 'USDT',
    minAmount: parseMoney('50'),
    maxAmount: parseMoney('100000'),
    feeFixed: parseMoney('2'),
    feeRate: parseMoney('0.01'),
    arrivalMinutes: 1440,
    sortOrder: 5,
  },
  {
    code: 'PAYLINK',
    kind: 'third_party',
    name: 'PayLink',
    // A name of its own, the same in every language.
    names: { en: 'PayLink' },
    currency: 'USDT',
    minAmount: parseMoney('10'),
    maxAmount: parseMoney('20000'),
    feeRate: parseMoney('0.02'),
    arrivalMinutes: 30,
    closedRegions: ['US', 'CN'],
    sortOrder: 6,
  },
];

/** Recharge channels and withdrawal settings every installation starts with. Idempotent. */
export async function seedWalletBasics(db: Executor) {
  await db.insert(walletChannels).values(DEFAULT_WALLET_CHANNELS).onConflictDoNothing();
  await db.insert(systemParams).values(DEFAULT_WITHDRAW_PARAMS).onConflictDoNothing();
}

export const DEMO_BUYER_START_BALANCE = '5000';

/** The demo buyer's starting balance, through a recharge approved by the demo finance reviewer. */
export async function seedDemoWallet(db: Database, buyerUserId: bigint) {
  await seedWalletBasics(db);
  const [finance] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(sql`lower(${staff.username})`, 'finance'))
    .limit(1);
  if (!finance) {
    return;
  }
  const recharge = await createRecharge(db, {
    userId: buyerUserId,
    request: {
      channelCode: 'USDT-TRC20',
      amount: DEMO_BUYER_START_BALANCE,
      txHash: createHash('sha256').update(`caravan-demo-deposit-${buyerUserId}`).digest('hex'),
    },
    region: null,
  });
  await approveRecharge(db, { staffId: finance.id, id: BigInt(recharge.id) });
}
