import type { ComponentType } from 'react';
import { describe, it } from 'vitest';
import consoleEn from '../../../locales/en/console.json';
import financeEn from '../../../locales/en/finance.json';
import walletEn from '../../../locales/en/wallet.json';
import { adminChannelFixture, adminWithdrawalFixture } from '../../../testing/finance';
import { expectLoadErrorThenRetry } from '../../../testing/load-error';
import { setUpComponentTests } from '../../../testing/render';
import FinanceChannelsPage from './channels';
import FinanceWithdrawalsPage from './withdrawals';

const WITHDRAWAL = adminWithdrawalFixture();

const CHANNEL = adminChannelFixture();

const PAGES: { name: string; Page: ComponentType; path: string; body: unknown; shown: string }[] = [
  {
    name: 'withdrawal queue',
    Page: FinanceWithdrawalsPage,
    path: '/api/v1/admin/finance/withdrawals',
    body: { pageList: [WITHDRAWAL], total: 1, pageNum: 1, pageSize: 20 },
    shown: 'Queue Owner',
  },
  {
    name: 'recharge channels',
    Page: FinanceChannelsPage,
    path: '/api/v1/admin/finance/channels',
    body: { channels: [CHANNEL] },
    shown: 'Tether on Tron',
  },
];

describe.each(PAGES)('Console -> finance $name', ({ Page, path, body, shown }) => {
  setUpComponentTests({ console: consoleEn, finance: financeEn, wallet: walletEn });

  it('says the list could not load and loads it again on "Try again"', async () => {
    await expectLoadErrorThenRetry(<Page />, {
      path,
      body: body,
      errorText: 'Something went wrong, please try again',
      shown,
    });
  });
});
