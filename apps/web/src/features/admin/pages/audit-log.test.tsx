import type { TAuditEntry } from '@caravan/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import adminEn from '../../../locales/en/admin.json';
import consoleEn from '../../../locales/en/console.json';
import {
  addressParams,
  chooseOption,
  lastReadParams,
  renderPageAt,
  selectShown,
} from '../../../testing/address';
import { cssRulesOf } from '../../../testing/css-rules';
import { setUpComponentTests } from '../../../testing/render';
import AuditLogPage from './audit-log';

const AUDIT_LOG = '/api/v1/admin/audit-log';

const ENTRY: TAuditEntry = {
  id: '9',
  staffId: '1',
  staffUsername: 'finance1',
  action: 'withdrawal.approve',
  targetType: 'withdrawal',
  targetId: '42',
  details: {},
  createdAt: '2026-11-20T08:00:00.000Z',
};

/** The audit log at `url`, 45 entries in all. */
const openAt = (url: string) =>
  renderPageAt(AuditLogPage, url, { pageList: [ENTRY], total: 45, pageNum: 1, pageSize: 20 }, 'finance1');

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('Admin -> Audit log in the address', () => {
  setUpComponentTests({ admin: adminEn, console: consoleEn });

  it('opens on the page and search the address names (a reload kept neither)', async () => {
    const createdFrom = dayjs('2026-11-01').toISOString();
    const createdTo = dayjs('2026-11-30').add(1, 'day').toISOString();
    const search = new URLSearchParams({
      pageNum: '3',
      action: 'withdrawal.',
      targetId: '42',
      createdFrom,
      createdTo,
    });
    const fetchMock = await openAt(`/admin/audit-log?${search}`);
    expect(lastReadParams(fetchMock, AUDIT_LOG)).toMatchObject({
      pageNum: '3',
      action: 'withdrawal.',
      targetId: '42',
      createdFrom,
      createdTo,
    });
    // A prefix typed into an older address is no action of the list: the box shows it as it came.
    expect(selectShown(consoleEn.audit.action)).toBe('withdrawal.');
    expect(field(consoleEn.audit.targetId).value).toBe('42');
    expect(field(consoleEn.audit.staff).value).toBe('');
    const dates = [...document.querySelectorAll<HTMLInputElement>('.ant-picker-range input')].map(
      (i) => i.value,
    );
    expect(dates).toEqual(['2026-11-01', '2026-11-30']);
    // The export takes the same search.
    const exportLink = screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href') ?? '';
    expect(new URL(exportLink, 'http://localhost').searchParams.get('action')).toBe('withdrawal.');
  });

  it('writes a search and a page turn into the address', async () => {
    const fetchMock = await openAt('/admin/audit-log');
    fireEvent.change(field(consoleEn.audit.staff), { target: { value: ' finance1 ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: consoleEn.audit.search })));
    expect(addressParams()).toEqual({ staff: 'finance1' });
    await act(async () => fireEvent.click(screen.getByTitle('2')));
    expect(addressParams()).toEqual({ staff: 'finance1', pageNum: '2' });
    expect(lastReadParams(fetchMock, AUDIT_LOG)).toMatchObject({ staff: 'finance1', pageNum: '2' });
  });

  it.each([
    '?pageNum=-1&action=withdrawal.',
    '?pageNum=99999999999&action=withdrawal.',
    '?createdFrom=yesterday&action=withdrawal.',
    `?action=${'a'.repeat(65)}`,
  ])('takes an address it cannot read (%s) as the first page of every entry', async (search) => {
    const fetchMock = await openAt(`/admin/audit-log${search}`);
    const read = lastReadParams(fetchMock, AUDIT_LOG);
    expect(read.pageNum).toBe('1');
    expect(read).not.toHaveProperty('action');
    expect(read).not.toHaveProperty('createdFrom');
    expect(selectShown(consoleEn.audit.action)).toBe('');
  });

  it('shows a change as before -> after and other details as their fields, left to right in every language', async () => {
    const change = { ...ENTRY, id: '10', details: { before: '7', after: '14' } };
    const fields = {
      ...ENTRY,
      id: '11',
      details: { amount: '120.50', reason: 'duplicate', extra: { fee: '1' } },
    };
    await renderPageAt(AuditLogPage, '/admin/audit-log', {
      pageList: [change, fields],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    const changeCell = await screen.findByText('7 → 14');
    expect(changeCell.getAttribute('dir')).toBe('ltr');
    expect(changeCell.closest('div')!.querySelector('dt')!.textContent).toBe(adminEn.audit.fields.change);
    const list = screen.getByText('duplicate').closest('dl')!;
    // Known names in the reader's language, an unknown one as its code; the code stays in the title.
    expect([...list.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      adminEn.audit.fields.amount,
      adminEn.audit.fields.reason,
      'extra',
    ]);
    expect([...list.querySelectorAll('dt')].map((term) => term.getAttribute('title'))).toEqual([
      'amount',
      'reason',
      'extra',
    ]);
    // A simple object reads as its fields, not as JSON; an amount as the console writes amounts; every value left to
    // right.
    expect([...list.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '120.50 USDT',
      'duplicate',
      'fee: 1',
    ]);
    for (const value of list.querySelectorAll('dd > bdi')) {
      expect(value.getAttribute('dir')).toBe('ltr');
    }
  });

  it('shows before -> after beside the other fields of an entry, field by field (QA consoles 3)', async () => {
    const approval: TAuditEntry = {
      ...ENTRY,
      id: '30',
      action: 'loan.approve',
      targetType: 'loan',
      targetId: '1',
      details: {
        userId: '501',
        before: { status: 'pending', approvedAmount: null, firstReviewerStaffId: null },
        after: { status: 'approved', approvedAmount: '300000.00', firstReviewerStaffId: null },
        ledgerTransactionId: '88',
      },
    };
    await renderPageAt(AuditLogPage, '/admin/audit-log', {
      pageList: [approval],
      total: 1,
      pageNum: 1,
      pageSize: 20,
    });
    const list = (await screen.findByText(`pending → ${adminEn.audit.values.approved}`)).closest('dl')!;
    const rows = [...list.querySelectorAll('div')].map((row) => [
      row.querySelector('dt')!.textContent,
      row.querySelector('dd')!.textContent,
    ]);
    // Unchanged fields are left out of the change; no raw JSON anywhere.
    expect(rows).toEqual([
      [adminEn.audit.fields.userId, '501'],
      [adminEn.audit.fields.ledgerTransactionId, '88'],
      [adminEn.audit.fields.status, `pending → ${adminEn.audit.values.approved}`],
      [adminEn.audit.fields.approvedAmount, '-- → 300,000.00 USDT'],
    ]);
    expect(list.textContent).not.toContain('{');
  });

  it('writes amounts, times and states as the console does elsewhere, approvers beside the change (QA)', async () => {
    const second: TAuditEntry = {
      ...ENTRY,
      id: '31',
      action: 'withdrawal.second_approval',
      details: {
        before: { status: 'waiting_second_approval' },
        after: { status: 'approved' },
        firstStaffId: '2',
        secondStaffId: '1',
        amount: '12000.00',
      },
    };
    const unlock: TAuditEntry = {
      ...ENTRY,
      id: '32',
      action: 'user.unlock',
      details: { before: { lockedUntil: '2026-12-07T03:15:06.079Z' }, after: { lockedUntil: null } },
    };
    await renderPageAt(AuditLogPage, '/admin/audit-log', {
      pageList: [second, unlock],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    const rowsOf = (list: Element) =>
      [...list.querySelectorAll('div')].map((row) => [
        row.querySelector('dt')!.textContent,
        row.querySelector('dd')!.textContent,
      ]);
    const approval = (await screen.findByText('12,000.00 USDT')).closest('dl')!;
    expect(rowsOf(approval)).toEqual([
      [adminEn.audit.fields.firstStaffId, '2'],
      [adminEn.audit.fields.secondStaffId, '1'],
      [adminEn.audit.fields.amount, '12,000.00 USDT'],
      [
        adminEn.audit.fields.status,
        `${adminEn.audit.values.waiting_second_approval} → ${adminEn.audit.values.approved}`,
      ],
    ]);
    const local = dayjs('2026-12-07T03:15:06.079Z').format('YYYY-MM-DD HH:mm:ss');
    const lock = screen.getByText(adminEn.audit.fields.lockedUntil).closest('div')!;
    expect(lock.querySelector('dd')!.textContent).toBe(`\u2066${local}\u2069 → --`);
  });

  it('keeps a field name whole beside a long value: only the value wraps (QA consoles 3, "af/te/r:")', () => {
    const rule = cssRulesOf('apps/web/src/app/global.css');
    expect(rule('.cv-audit-details dt')).toMatch(/flex: none;/);
    expect(rule('.cv-audit-details dt')).toMatch(/white-space: nowrap;/);
    expect(rule('.cv-audit-details dd')).toMatch(/min-inline-size: 0;/);
    expect(rule('.cv-audit-details')).toMatch(/overflow-wrap: anywhere;/);
  });

  it("names the borrower as the actor of their answer to a loan offer, and staff's withdrawal by the staff member", async () => {
    const accepted: TAuditEntry = {
      ...ENTRY,
      id: '20',
      staffId: null,
      staffUsername: null,
      action: 'loan.offer_accept',
      targetType: 'loan',
      targetId: '77',
      details: { actor: 'borrower', userId: '501', amount: '200000.00' },
    };
    const withdrawn: TAuditEntry = {
      ...ENTRY,
      id: '21',
      action: 'loan.offer_withdraw',
      targetType: 'loan',
      targetId: '78',
      details: { userId: '502', reason: 'Income not confirmed' },
    };
    await renderPageAt(AuditLogPage, '/admin/audit-log', {
      pageList: [accepted, withdrawn],
      total: 2,
      pageNum: 1,
      pageSize: 20,
    });
    const acceptRow = (await screen.findByText(adminEn.auditActions.loan.offer_accept)).closest('tr')!;
    expect(within(acceptRow).getByText(adminEn.audit.borrower.replace('{{id}}', '501'))).toBeTruthy();
    const withdrawRow = screen.getByText(adminEn.auditActions.loan.offer_withdraw).closest('tr')!;
    expect(within(withdrawRow).getByText('finance1')).toBeTruthy();
    expect(within(withdrawRow).getByText('loan.offer_withdraw').tagName).toBe('CODE');
  });

  it("names each action in the reader's language with its code beside it, and searches by the name", async () => {
    const fetchMock = await openAt('/admin/audit-log');
    const cell = screen.getByText(adminEn.auditActions.withdrawal.approve).closest('td')!;
    expect(within(cell).getByText('withdrawal.approve').tagName).toBe('CODE');
    await chooseOption(consoleEn.audit.action, adminEn.auditActions.recharge.reject);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: consoleEn.audit.search })));
    expect(addressParams()).toEqual({ action: 'recharge.reject' });
    expect(lastReadParams(fetchMock, AUDIT_LOG)).toMatchObject({ action: 'recharge.reject' });
    expect(selectShown(consoleEn.audit.action)).toBe(adminEn.auditActions.recharge.reject);
  });

  it("names each object type in the reader's language with its code beside it, and searches by the name (QA langs 4)", async () => {
    const legacy = { ...ENTRY, id: '12', targetType: 'retired_thing', targetId: '5' };
    const fetchMock = await renderPageAt(
      AuditLogPage,
      '/admin/audit-log',
      { pageList: [ENTRY, legacy], total: 2, pageNum: 1, pageSize: 20 },
      'retired_thing 5',
    );
    // "withdrawal 42" read as English on every page.
    const cell = screen.getByText('withdrawal', { selector: 'code' }).closest('td')!;
    expect(cell.textContent).toBe(`${adminEn.auditTargets.withdrawal} 42withdrawal`);
    expect(within(cell).getByText('42').getAttribute('dir')).toBe('ltr');
    // A type the server no longer writes keeps its code.
    expect(screen.getByText('retired_thing 5').getAttribute('dir')).toBe('ltr');
    // The filter is a choice of the known types by name, not a box matching only the English code.
    expect(screen.queryByRole('textbox', { name: consoleEn.audit.targetType })).toBeNull();
    await chooseOption(consoleEn.audit.targetType, adminEn.auditTargets.recharge);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: consoleEn.audit.search })));
    expect(addressParams()).toEqual({ targetType: 'recharge' });
    expect(lastReadParams(fetchMock, AUDIT_LOG)).toMatchObject({ targetType: 'recharge' });
    expect(selectShown(consoleEn.audit.targetType)).toBe(adminEn.auditTargets.recharge);
  });
});
