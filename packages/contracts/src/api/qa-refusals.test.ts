import { describe, expect, it } from 'vitest';
import { messageWithValues, V, zLocalizedLines } from '../validation';
import { ZRejectApprovalRequest } from './approvals';
import { ZChangeTxPasswordRequest } from './auth';
import {
  ZRejectLoanRequest,
  ZReviewVerificationRequest,
  ZSubmitAdvancedRequest,
  ZSubmitRealNameRequest,
} from './loans';
import {
  ZCancelOrderRequest,
  ZRefundOrderRequest,
  ZRejectRefundRequest,
  ZReviewOrderRequest,
} from './orders';
import { ZProductRequest, ZReasonRequest } from './sellers';
import { ZRejectRecordRequest } from './wallet';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe('a rejection without a reason', () => {
  // Loans answered "at most 255 characters" to a missing or blank reason (QA 2026-12-04).
  const REJECTIONS = {
    loan: ZRejectLoanRequest,
    'deposit or withdrawal': ZRejectRecordRequest,
    'merchant or product': ZReasonRequest,
    refund: ZRejectRefundRequest,
    'second approval': ZRejectApprovalRequest,
  };

  it.each(Object.entries(REJECTIONS))('of a %s says the reason is required', (_, schema) => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: null }]) {
      expect(issuesOf(schema.safeParse(body)), JSON.stringify(body)).toEqual([
        { path: ['reason'], message: V.required },
      ]);
    }
    expect(issuesOf(schema.safeParse({ reason: 'x'.repeat(256) }))?.[0]?.message).not.toBe(V.required);
  });

  it('of an identity verification says the reason is required, an approval needs none', () => {
    for (const decision of ['reject', 'resubmit']) {
      for (const body of [{ decision }, { decision, reason: '  ' }]) {
        expect(issuesOf(ZReviewVerificationRequest.safeParse(body))).toEqual([
          { path: ['reason'], message: V.required },
        ]);
      }
    }
    expect(ZReviewVerificationRequest.safeParse({ decision: 'approve' }).success).toBe(true);
  });
});

describe('a transaction password change', () => {
  it('refuses the same password as the new one, as the log-in password change does', () => {
    expect(
      issuesOf(
        ZChangeTxPasswordRequest.safeParse({
          oldTxPassword: '482916',
          txPassword: '482916',
          confirmTxPassword: '482916',
        }),
      ),
    ).toEqual([{ path: ['txPassword'], message: V.txPasswordUnchanged }]);
  });
});

describe('a real-name submission', () => {
  const submission = {
    realName: 'Amina Trader',
    nationality: 'KE',
    idNumber: 'X1234567',
    frontImageId: '10',
  };

  it('refuses the same picture for the front and the back of an ID card', () => {
    expect(
      issuesOf(ZSubmitRealNameRequest.safeParse({ ...submission, idType: 'id_card', backImageId: '10' })),
    ).toEqual([{ path: ['backImageId'], message: V.idBackSameAsFront }]);
    expect(
      ZSubmitRealNameRequest.safeParse({ ...submission, idType: 'id_card', backImageId: '11' }).success,
    ).toBe(true);
    expect(ZSubmitRealNameRequest.safeParse({ ...submission, idType: 'passport' }).success).toBe(true);
  });
});

describe('an advanced verification', () => {
  it('refuses the same picture as the selfie and the proof of address, as real-name does front and back', () => {
    expect(
      issuesOf(ZSubmitAdvancedRequest.safeParse({ selfieImageId: '10', addressProofImageId: '10' })),
    ).toEqual([{ path: ['addressProofImageId'], message: V.addressProofSameAsSelfie }]);
    expect(ZSubmitAdvancedRequest.safeParse({ selfieImageId: '10', addressProofImageId: '11' }).success).toBe(
      true,
    );
  });
});

describe('order reasons and pictures (buyer QA, 2026-12-06)', () => {
  it('says "required" only for a missing reason, and "not one of the allowed values" for a code off the list', () => {
    expect(issuesOf(ZCancelOrderRequest.safeParse({}))).toEqual([{ path: ['reason'], message: V.required }]);
    expect(issuesOf(ZCancelOrderRequest.safeParse({ reason: 5 }))).toEqual([
      { path: ['reason'], message: V.invalidChoice },
    ]);
    expect(issuesOf(ZRefundOrderRequest.safeParse({ reason: 10, amount: '1' }))).toEqual([
      { path: ['reason'], message: V.invalidChoice },
    ]);
  });

  it('names the limit of 9 pictures, not "too long"', () => {
    const images = Array.from(
      { length: 10 },
      () => '/uploads/img/ab/0123456789abcdef0123456789abcdef-640.webp',
    );
    const tooMany = [{ path: ['images'], message: messageWithValues(V.itemsAtMost, { max: 9 }) }];
    expect(issuesOf(ZReviewOrderRequest.safeParse({ rating: 'good', images }))).toEqual(tooMany);
    expect(issuesOf(ZRefundOrderRequest.safeParse({ reason: 1, amount: '1', images }))).toEqual(tooMany);
  });
});

describe('a text holding an invisible control character (seller import QA)', () => {
  // A filled description with U+0001 pasted in was told "This field is required".
  const product = {
    categoryId: '1',
    names: { en: 'Cotton tee' },
    images: ['/uploads/img/ab/0123456789abcdef0123456789abcdef-640.webp'],
    sellingPrice: '5',
  };

  it('says so at its field, wherever the product editor and the import take text', () => {
    const cases: [Record<string, unknown>, PropertyKey[]][] = [
      [{ descriptions: { en: 'Soft\u0001 cotton' } }, ['descriptions', 'en']],
      [{ names: { en: 'Cotton\u0007 tee' } }, ['names', 'en']],
      [{ code: 'TEE\u001F1' }, ['code']],
      [{ attributes: [{ name: 'Size\u0002', values: ['M'] }], variants: [] }, ['attributes', 0, 'name']],
    ];
    for (const [overrides, path] of cases) {
      expect(
        issuesOf(ZProductRequest.safeParse({ ...product, ...overrides })),
        JSON.stringify(overrides),
      ).toEqual([{ path, message: V.controlCharacter }]);
    }
    // Tabs and line breaks are text.
    expect(
      ZProductRequest.safeParse({ ...product, descriptions: { en: 'Soft\tcotton\r\nwashable' } }).success,
    ).toBe(true);
    expect(issuesOf(ZReasonRequest.safeParse({ reason: 'Fake\u0001' }))).toEqual([
      { path: ['reason'], message: V.controlCharacter },
    ]);
  });

  it('says so of a one-line name too (a tab pasted from a spreadsheet)', () => {
    expect(issuesOf(zLocalizedLines(64).safeParse({ en: 'Summer\tsale' }))).toEqual([
      { path: ['en'], message: V.controlCharacter },
    ]);
  });
});
