import { describe, expect, it } from 'vitest';
import { V } from '../validation';
import { ZRejectApprovalRequest } from './approvals';
import { ZChangeTxPasswordRequest } from './auth';
import {
  ZRejectLoanRequest,
  ZReviewVerificationRequest,
  ZSubmitAdvancedRequest,
  ZSubmitRealNameRequest,
} from './loans';
import { ZRejectRefundRequest } from './orders';
import { ZReasonRequest } from './sellers';
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
