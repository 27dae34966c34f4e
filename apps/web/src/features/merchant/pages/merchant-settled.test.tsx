import type { TMerchantApplication, TUserInfo } from '@caravan/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../../lib/session';
import sellerEn from '../../../locales/en/seller.json';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import { stubUploadRequests } from '../../../testing/upload-requests';
import MerchantSettledPage from './merchant-settled';

const REJECTED: TMerchantApplication = {
  id: '8',
  status: 'rejected',
  shopName: 'Delta Ceramics',
  logo: null,
  categoryIds: ['5'],
  contactEmail: 'delta@example.com',
  contactPhone: '+4915112345678',
  country: 'DE',
  description: 'Tiles',
  documents: [{ id: '31', width: 800, height: 560 }],
  rejectReason: 'The licence is blurred',
  storeId: null,
  submittedAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
  reviewedAt: '2026-11-21T08:00:00.000Z',
};

/** The page's reads answered; every POST of the application recorded. */
function stubApi(application: TMerchantApplication | null): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/v1/merchant/application' && init?.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return jsonResponse({ ...REJECTED, status: 'submitted' });
      }
      if (path === '/api/v1/merchant/application') {
        return jsonResponse({ application, hasStore: false });
      }
      if (path === '/api/v1/merchant/info') {
        return jsonResponse({ promoUrl: null, commissionRate: '0.05', settleDays: 7 });
      }
      if (path === '/api/v1/catalog/categories') {
        return jsonResponse({
          categories: [
            { id: '5', parentId: null, level: 1, name: 'Home', icon: '', isRecommended: false, children: [] },
          ],
        });
      }
      return jsonResponse({});
    }),
  );
  return sent;
}

const imageSources = (root: HTMLElement) =>
  within(root)
    .getAllByRole('img')
    .map((img) => img.getAttribute('src'))
    .filter((src) => src?.includes('documents'));

describe('/merchantSettled, the application documents', () => {
  setUpComponentTests();
  beforeEach(() => setSession({ userInfo: { id: '1' } as unknown as TUserInfo }));
  afterEach(() => clearSession());

  it("shows the applicant's sent documents from the private route, never a public upload address", async () => {
    stubApi({ ...REJECTED, status: 'submitted', rejectReason: null, reviewedAt: null });
    await renderWithQueries(<MerchantSettledPage />);
    const documents = await screen.findByTestId('my-application-documents');
    expect(imageSources(documents)).toEqual(['/api/v1/merchant/documents/31?lang=en']);
  });

  it('uploads a document privately with its progress and sends its id with the application', async () => {
    const sent = stubApi(REJECTED);
    const requests = stubUploadRequests();
    await renderWithQueries(<MerchantSettledPage />);
    fireEvent.click(await screen.findByRole('button', { name: sellerEn.apply.resubmit }));
    // The documents sent before come back from the private route, and a new one goes up to it.
    const field = (await screen.findByText(sellerEn.apply.documentsHint)).closest(
      '.ant-form-item',
    ) as HTMLElement;
    expect(imageSources(field)).toEqual(['/api/v1/merchant/documents/31?lang=en']);
    fireEvent.change(screen.getByLabelText(sellerEn.apply.documents), {
      target: { files: [new File(['scan'], 'licence.png', { type: 'image/png' })] },
    });
    const request = requests[0]!;
    expect(request.url).toContain('/api/v1/merchant/documents');
    expect(request.url).not.toContain('/api/v1/uploads');
    act(() => request.progress(30, 100));
    // Sent while the picture is still going up, the form says to wait and sends nothing.
    fireEvent.click(screen.getByRole('button', { name: sellerEn.apply.resubmit }));
    expect(await within(field).findByText(sellerEn.apply.uploading)).toBeTruthy();
    expect(sent).toEqual([]);
    act(() => request.answer(201, { id: '32', width: 640, height: 480 }));
    await waitFor(() =>
      expect(imageSources(field)).toEqual([
        '/api/v1/merchant/documents/31?lang=en',
        '/api/v1/merchant/documents/32?lang=en',
      ]),
    );
    // Done, the field is checked again at once: "wait for the upload" does not stay.
    await waitFor(() => expect(within(field).queryByText(sellerEn.apply.uploading)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: sellerEn.apply.resubmit }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ documents: ['31', '32'] });
  });

  it('asks for a document when none is left', async () => {
    const sent = stubApi(REJECTED);
    await renderWithQueries(<MerchantSettledPage />);
    fireEvent.click(await screen.findByRole('button', { name: sellerEn.apply.resubmit }));
    fireEvent.click(await screen.findByRole('button', { name: /^Remove / }));
    fireEvent.click(screen.getByRole('button', { name: sellerEn.apply.resubmit }));
    expect(await screen.findByText(sellerEn.apply.documentsRequired)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('keeps the rejection reason above the form while the applicant resubmits', async () => {
    stubApi(REJECTED);
    await renderWithQueries(<MerchantSettledPage />);
    fireEvent.click(await screen.findByRole('button', { name: sellerEn.apply.resubmit }));
    // The form is open: its fields are there, and the reason is still said.
    expect(await screen.findByRole('textbox', { name: sellerEn.apply.description })).toBeTruthy();
    expect(screen.getByText(sellerEn.apply.rejectedBecause)).toBeTruthy();
    expect(screen.getByText(REJECTED.rejectReason ?? '')).toBeTruthy();
  });
});
