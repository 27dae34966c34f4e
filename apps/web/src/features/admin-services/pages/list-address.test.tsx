import type { TCampaign, TMailOutboxItem } from '@caravan/contracts';
import { act, fireEvent, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import adminEn from '../../../locales/en/admin.json';
import servicesEn from '../../../locales/en/services.json';
import {
  addressParams,
  chooseOption,
  lastReadParams,
  renderPageAt,
  selectShown,
} from '../../../testing/address';
import { setUpComponentTests } from '../../../testing/render';
import CouponCampaignsPage from './coupon-campaigns';
import MailOutboxPage from './mail-outbox';

const CAMPAIGN: TCampaign = {
  id: '3',
  name: 'Winter sale',
  claimCode: null,
  kind: 'amount',
  amountOff: '5',
  percentOff: 0,
  minSpend: '50',
  validFrom: '2026-12-01T00:00:00.000Z',
  validUntil: '2027-01-01T00:00:00.000Z',
  validDays: null,
  perUserLimit: 1,
  stock: null,
  issuedCount: 0,
  usedCount: 0,
  discountTotal: '0',
  isWelcome: false,
  status: 'active',
  createdAt: '2026-11-20T08:00:00.000Z',
};

const MAIL: TMailOutboxItem = {
  id: '5',
  channel: 'email',
  to: 'lee@example.com',
  template: 'register-code',
  lang: 'en',
  subject: 'Your code',
  text: 'Your code is 123456',
  headers: {},
  status: 'failed',
  attempts: 3,
  lastError: null,
  nextAttemptAt: null,
  expiresAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  sentAt: null,
  attemptLog: [],
};

/** `Page` at `url`, its list answering `record` of 45. */
const openAt = (Page: ComponentType, url: string, record: unknown, shown: string) =>
  renderPageAt(
    Page,
    url,
    { pageList: [record], total: 45, pageNum: 1, pageSize: 20, isSmtpConfigured: true },
    shown,
  );

describe('Console -> coupon campaigns: the page in the address', () => {
  setUpComponentTests({ admin: adminEn, services: servicesEn });
  const CAMPAIGNS = '/api/v1/admin/coupon-campaigns';
  const open = (url: string) => openAt(CouponCampaignsPage, url, CAMPAIGN, 'Winter sale');

  it('opens on the page the address names and writes a page turn into it', async () => {
    const fetchMock = await open('/admin/coupon-campaigns?pageNum=2');
    expect(lastReadParams(fetchMock, CAMPAIGNS)).toMatchObject({ pageNum: '2' });
    await act(async () => fireEvent.click(screen.getByTitle('3')));
    expect(addressParams()).toEqual({ pageNum: '3' });
    expect(lastReadParams(fetchMock, CAMPAIGNS)).toMatchObject({ pageNum: '3' });
    await act(async () => fireEvent.click(screen.getByTitle('1')));
    expect(addressParams()).toEqual({});
  });

  it.each(['?pageNum=0', '?pageNum=2x', '?pageNum=1e3', '?pageSize=0'])(
    'takes an address it cannot read (%s) as the first page',
    async (address) => {
      const fetchMock = await open(`/admin/coupon-campaigns${address}`);
      expect(lastReadParams(fetchMock, CAMPAIGNS)).toMatchObject({ pageNum: '1', pageSize: '20' });
    },
  );
});

describe('Console -> mail outbox in the address', () => {
  setUpComponentTests({ admin: adminEn, services: servicesEn });
  const OUTBOX = '/api/v1/admin/mail-outbox';
  const open = (url: string) => openAt(MailOutboxPage, url, MAIL, 'Your code');
  const recipient = () => screen.getByRole('searchbox', { name: servicesEn.outbox.to }) as HTMLInputElement;

  it('opens on the page, status and recipient the address names (a reload kept none of them)', async () => {
    const fetchMock = await open('/admin/mail-outbox?pageNum=2&status=failed&to=lee%40example.com');
    expect(lastReadParams(fetchMock, OUTBOX)).toMatchObject({
      pageNum: '2',
      status: 'failed',
      to: 'lee@example.com',
    });
    expect(recipient().value).toBe('lee@example.com');
    expect(selectShown(servicesEn.outbox.status)).toBe(servicesEn.outbox.statuses.failed);
  });

  it('writes a recipient, a status and a page turn into the address', async () => {
    const fetchMock = await open('/admin/mail-outbox');
    fireEvent.change(recipient(), { target: { value: ' lee@example.com ' } });
    await act(async () => fireEvent.keyDown(recipient(), { key: 'Enter', code: 'Enter', keyCode: 13 }));
    expect(addressParams()).toEqual({ to: 'lee@example.com' });
    await act(async () => chooseOption(servicesEn.outbox.status, servicesEn.outbox.statuses.pending));
    expect(addressParams()).toEqual({ to: 'lee@example.com', status: 'pending' });
    await act(async () => fireEvent.click(screen.getByTitle('2')));
    expect(addressParams()).toEqual({ to: 'lee@example.com', status: 'pending', pageNum: '2' });
    expect(lastReadParams(fetchMock, OUTBOX)).toMatchObject({
      to: 'lee@example.com',
      status: 'pending',
      pageNum: '2',
    });
    await act(async () => chooseOption(servicesEn.outbox.status, servicesEn.outbox.allStatuses));
    expect(addressParams()).toEqual({ to: 'lee@example.com' });
  });

  it("shows a mail's List-Unsubscribe headers under its text (QA newfeat finding 6)", async () => {
    const oneClick = '<https://caravan.example/api/v1/subscriptions/one-click/abc.def>';
    const withHeaders = {
      ...MAIL,
      headers: { 'List-Unsubscribe': oneClick, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    await openAt(MailOutboxPage, '/admin/mail-outbox', withHeaders, 'Your code');
    expect(screen.queryByText(servicesEn.outbox.headers)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /expand/i })));
    expect(screen.getByText(servicesEn.outbox.headers)).toBeTruthy();
    expect(screen.getByText(`List-Unsubscribe: ${oneClick}`)).toBeTruthy();
    expect(screen.getByText('List-Unsubscribe-Post: List-Unsubscribe=One-Click')).toBeTruthy();
  });

  it.each(['?status=bounced', '?pageNum=-1&status=sent', `?to=${'a'.repeat(129)}`])(
    'takes an address it cannot read (%s) as the first page of every mail',
    async (address) => {
      const fetchMock = await open(`/admin/mail-outbox${address}`);
      const read = lastReadParams(fetchMock, OUTBOX);
      expect(read.pageNum).toBe('1');
      expect(read).not.toHaveProperty('status');
      expect(read).not.toHaveProperty('to');
    },
  );
});
