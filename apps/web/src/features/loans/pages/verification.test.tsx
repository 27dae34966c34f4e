import type { TMyVerification, TVerification } from '@caravan/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import loansEn from '../../../locales/en/loans.json';
import { failOnAntdWarnings } from '../../../testing/antd-warnings';
import { jsonResponse, renderWithQueries, setUpComponentTests } from '../../../testing/render';
import VerificationPage from './verification';

const SENT_BACK: TVerification = {
  id: '12',
  level: 'real_name',
  status: 'resubmit',
  realName: 'Amina Haddad',
  nationality: 'MA',
  idType: 'id_card',
  idNumber: 'AB123456',
  images: { front: '31', back: '32', selfie: null, addressProof: null },
  reason: 'The back photo is blurred',
  createdAt: '2026-12-01T10:00:00.000Z',
  reviewedAt: '2026-12-01T12:00:00.000Z',
};

describe('/userInfo/verification', () => {
  setUpComponentTests({ loans: loansEn });
  failOnAntdWarnings();

  it('starts a submission sent back by the reviewer from its answers and photos, so only the fault is changed', async () => {
    const submitted: unknown[] = [];
    const mine: TMyVerification = {
      realName: SENT_BACK,
      advanced: null,
      realNameStatus: 'resubmit',
      advancedStatus: 'not_submitted',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          submitted.push(JSON.parse(String(init.body)));
          return jsonResponse({ ...SENT_BACK, id: '13', status: 'reviewing', reason: null }, 201);
        }
        return String(input).includes('/verification') ? jsonResponse(mine) : jsonResponse({});
      }),
    );
    await renderWithQueries(<VerificationPage />);
    expect(await screen.findByText('The back photo is blurred')).toBeTruthy();
    expect((screen.getByLabelText(loansEn.fields.realName) as HTMLInputElement).value).toBe('Amina Haddad');
    expect((screen.getByLabelText(loansEn.fields.idNumber) as HTMLInputElement).value).toBe('AB123456');
    const front = screen.getByRole('img', { name: loansEn.fields.idFront });
    expect(front.getAttribute('src')).toContain('/verification/images/31');

    // The reviewer asked for a new back photo: removing it is the one change, and the form then asks for it.
    const removeButtons = screen.getAllByRole('button', { name: loansEn.verify.remove });
    fireEvent.click(removeButtons[1]!);
    fireEvent.click(screen.getByRole('button', { name: loansEn.verify.submit }));
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0));
    expect(submitted).toEqual([]);
  });

  it('says beside the ID number that it does not fit the ID type: checked before sending, and from the server', async () => {
    const submitted: unknown[] = [];
    const invalid = 'The ID number does not fit the chosen ID type';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          submitted.push(JSON.parse(String(init.body)));
          return jsonResponse(
            {
              error: {
                code: 'VERIFICATION_ID_INVALID',
                message: invalid,
                details: { fields: [{ field: 'idNumber', message: invalid }] },
              },
            },
            400,
          );
        }
        return jsonResponse({
          realName: { ...SENT_BACK, status: 'rejected' },
          advanced: null,
          realNameStatus: 'rejected',
          advancedStatus: 'not_submitted',
        });
      }),
    );
    await renderWithQueries(<VerificationPage />);
    const idNumber = (await screen.findByLabelText(loansEn.fields.idNumber)) as HTMLInputElement;
    const fieldError = () =>
      idNumber.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent;
    fireEvent.change(idNumber, { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: loansEn.verify.submit }));
    await waitFor(() => expect(fieldError()).toBe(invalid));
    expect(submitted).toEqual([]);

    // A number of the right shape the server still refuses: its field error goes beside the field too.
    fireEvent.change(idNumber, { target: { value: 'AB1234567' } });
    await waitFor(() => expect(fieldError() ?? '').toBe(''));
    fireEvent.click(screen.getByRole('button', { name: loansEn.verify.submit }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    await waitFor(() => expect(fieldError()).toBe(invalid));
  });

  it('sends the kept answers and photos as they were when nothing needs changing', async () => {
    const submitted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          submitted.push(JSON.parse(String(init.body)));
          return jsonResponse({ ...SENT_BACK, id: '13', status: 'reviewing', reason: null }, 201);
        }
        return jsonResponse({
          realName: { ...SENT_BACK, status: 'rejected' },
          advanced: null,
          realNameStatus: 'rejected',
          advancedStatus: 'not_submitted',
        });
      }),
    );
    await renderWithQueries(<VerificationPage />);
    fireEvent.click(await screen.findByRole('button', { name: loansEn.verify.submit }));
    await waitFor(() =>
      expect(submitted).toEqual([
        {
          realName: 'Amina Haddad',
          nationality: 'MA',
          idType: 'id_card',
          idNumber: 'AB123456',
          frontImageId: '31',
          backImageId: '32',
        },
      ]),
    );
  });

  it('refuses one picture as both the selfie and the proof of address at the field, before sending (QA accounts 7)', async () => {
    const submitted: unknown[] = [];
    // An earlier submission, declined, that had one picture for both (the server took it before it refused that).
    const declined: TVerification = {
      ...SENT_BACK,
      id: '20',
      level: 'advanced',
      status: 'rejected',
      images: { front: null, back: null, selfie: '41', addressProof: '41' },
      reason: 'Two different photos, please',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'POST') {
          submitted.push(JSON.parse(String(init.body)));
          return jsonResponse({ ...declined, id: '21', status: 'reviewing', reason: null }, 201);
        }
        return jsonResponse({
          realName: { ...SENT_BACK, status: 'approved', reason: null },
          advanced: declined,
          realNameStatus: 'approved',
          advancedStatus: 'rejected',
        });
      }),
    );
    await renderWithQueries(<VerificationPage />);
    fireEvent.click(await screen.findByRole('button', { name: loansEn.verify.submit }));
    expect(
      await screen.findByText('The proof of address must be a different photo from the selfie'),
    ).toBeTruthy();
    expect(submitted).toEqual([]);
  });
});
