import type { TAdminMerchantApplication } from '@caravan/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import commonEn from '../../../locales/en/common.json';
import consoleEn from '../../../locales/en/console.json';
import sellerEn from '../../../locales/en/seller.json';
import { cssRulesOf } from '../../../testing/css-rules';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { adminMerchantApplicationFixture } from '../test-fixtures';
import MerchantApplicationsPage from './applications';

const APPLICATION = adminMerchantApplicationFixture({
  status: 'reviewing',
  shopName: 'Delta Ceramics Ltd.',
  contactPhone: '+4930123456789',
  description: 'Hand-made tiles from Berlin.',
  rejectReason: 'Blurred licence.',
});

describe('Console -> merchant applications, the review drawer', () => {
  setUpComponentTests({ console: consoleEn, seller: sellerEn });

  it("keeps the applicant's texts in their own direction and the phone left to right", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [APPLICATION], total: 1, pageNum: 1, pageSize: 20 })),
    );
    await renderWithQueries(<MerchantApplicationsPage />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: sellerEn.admin.open })));
    const drawer = await screen.findByRole('dialog');
    // On an Arabic page a Latin text outside an isolate showed its full stop first, the phone as "4930123456789+".
    const isolateOf = (text: string) => within(drawer).getByText(text).closest('bdi');
    expect(isolateOf('+4930123456789')?.getAttribute('dir')).toBe('ltr');
    expect(isolateOf('delta@example.com')?.getAttribute('dir')).toBe('ltr');
    for (const typed of [
      'Hand-made tiles from Berlin.',
      'Blurred licence.',
      'delta',
      'Delta Ceramics Ltd.',
    ]) {
      // <bdi> without dir: its direction is its own text's.
      const isolate = isolateOf(typed);
      expect(isolate, typed).not.toBeNull();
      expect(isolate?.hasAttribute('dir'), typed).toBe(false);
    }
  });

  it('wraps a long shop name of one word in the title and the list, never under the decisions (QA seller 4)', async () => {
    const shopName = 'ТоварищМеждународныхоптовыхпоставокпромышленногооборудования';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ pageList: [{ ...APPLICATION, shopName }], total: 1, pageNum: 1, pageSize: 20 }),
      ),
    );
    await renderWithQueries(<MerchantApplicationsPage />);
    const listed = await screen.findByText(shopName);
    expect(listed.closest('td')?.classList.contains('cv-table-name')).toBe(true);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: sellerEn.admin.open })));
    const drawer = await screen.findByRole('dialog');
    const title = within(drawer).getByText(shopName).closest('.ant-drawer-title');
    expect(title?.closest('.cv-end-drawer')).not.toBeNull();
    // The title keeps its own place beside the header's decisions, and a word too long for it breaks inside it.
    const rules = cssRulesOf('apps/web/src/app/global.css');
    expect(rules('.cv-end-drawer .ant-drawer-title')).toContain('overflow-wrap: anywhere');
    expect(rules('.cv-end-drawer .ant-drawer-title')).toContain('min-inline-size: 0');
    expect(rules('.cv-end-drawer .ant-drawer-header-title')).toContain('min-inline-size: 0');
    expect(rules('.cv-table-name')).toContain('overflow-wrap: anywhere');
  });

  it('shows the shop logo apart from the identity documents, and the categories the shop will sell', async () => {
    const withPictures: TAdminMerchantApplication = {
      ...APPLICATION,
      logo: { url: '/uploads/shop/logo-480.webp', width: 480, height: 480, srcset: '' },
      documents: [{ id: '31', width: 480, height: 640 }],
      categoryIds: ['22', '5'],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/v1/catalog/categories') {
          const leaf = (id: string, name: string) => ({
            id,
            parentId: '1',
            level: 2,
            name,
            icon: '',
            isRecommended: false,
            children: [],
          });
          return jsonResponse({
            categories: [
              {
                ...leaf('1', 'Home'),
                parentId: null,
                level: 1,
                children: [leaf('22', 'Kitchen'), leaf('5', 'Lighting')],
              },
            ],
          });
        }
        return jsonResponse({ pageList: [withPictures], total: 1, pageNum: 1, pageSize: 20 });
      }),
    );
    await renderWithQueries(<MerchantApplicationsPage />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: sellerEn.admin.open })));
    const drawer = await screen.findByRole('dialog');
    // The logo stood first under "Identity or business-licence images", read as a document.
    const documents = within(drawer).getByTestId('application-documents');
    // The documents come from the private staff route, never from the public /uploads path.
    expect([...documents.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/v1/admin/merchant-documents/31?lang=en',
    ]);
    expect(within(drawer).getByAltText(sellerEn.apply.logo).getAttribute('src')).toBe(
      '/uploads/shop/logo-480.webp',
    );
    const categories = within(drawer).getByText(commonEn.routes.classification).closest('tr');
    expect(await within(categories!).findByText('Kitchen, Lighting')).toBeTruthy();
  });

  it('still shows the public documents of an application sent before documents were private', async () => {
    const older = adminMerchantApplicationFixture({
      documents: [{ id: '40', width: 480, height: 640 }],
      legacyDocuments: [
        {
          url: '/uploads/img/ab/0123456789abcdef0123456789abcdef-800.webp',
          width: 800,
          height: 600,
          srcset: '',
        },
      ],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [older], total: 1, pageNum: 1, pageSize: 20 })),
    );
    await renderWithQueries(<MerchantApplicationsPage />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: sellerEn.admin.open })));
    const documents = within(await screen.findByRole('dialog')).getByTestId('application-documents');
    expect([...documents.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/v1/admin/merchant-documents/40?lang=en',
      '/uploads/img/ab/0123456789abcdef0123456789abcdef-800.webp',
    ]);
  });

  it('dates each application by its last sending, not by the last change of its row', async () => {
    // Sent on the 20th, rejected, sent again on the 21st, opened by staff on the 22nd.
    const resent = adminMerchantApplicationFixture({
      submittedAt: '2026-11-21T09:30:00.000Z',
      createdAt: '2026-11-20T08:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ pageList: [resent], total: 1, pageNum: 1, pageSize: 20 })),
    );
    await renderWithQueries(<MerchantApplicationsPage />);
    const row = (await screen.findByText('Delta Ceramics')).closest('tr') as HTMLElement;
    expect(row.textContent).toContain(dayjs(resent.submittedAt).format('YYYY-MM-DD HH:mm:ss'));
    expect(row.textContent).not.toContain(dayjs(resent.updatedAt).format('YYYY-MM-DD HH:mm'));
  });
});
