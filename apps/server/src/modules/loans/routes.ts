import {
  ZAdminLoanDetail,
  ZAdminLoanPage,
  ZAdminLoanQuery,
  ZAdminVerificationPage,
  ZAdminVerificationQuery,
  ZApplyLoanRequest,
  ZApproveLoanRequest,
  ZDeclineLoanOfferRequest,
  ZIdentityImage,
  ZIdParams,
  ZLoan,
  ZLoanBook,
  ZLoanProduct,
  ZLoanProductList,
  ZLoanProductRequest,
  ZLoanQuote,
  ZLoanQuoteQuery,
  ZMyLoans,
  ZMyLoansQuery,
  ZMyVerification,
  ZRejectLoanRequest,
  ZRepayLoanRequest,
  ZRepayLoanResponse,
  ZReviewVerificationRequest,
  ZSubmitAdvancedRequest,
  ZSubmitRealNameRequest,
  ZVerification,
  ZWithdrawLoanOfferRequest,
} from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAuthStaff, TAuthUser } from '../../http/auth';
import { registerApprovalDescriber, registerApprovalExecutor } from '../approvals';
import { readUpload } from '../uploads';
import { getAdminLoan, getLoanBook, listAdminLoans, loanApprovalFacts } from './admin';
import { applyForLoan, getMyLoan, getMyLoans, quoteLoan } from './apply';
import { loanClockOf } from './clock';
import { readIdentityImage, storeIdentityImage } from './images';
import { acceptLoanOffer, declineLoanOffer, withdrawLoanOffer } from './offers';
import { createLoanProduct, listLoanProducts, updateLoanProduct } from './products';
import { repayLoan } from './repay';
import { approveLoan, rejectLoan, reopenFirstReview } from './review';
import {
  getMyVerification,
  listAdminVerifications,
  reviewVerification,
  submitAdvanced,
  submitRealName,
} from './verification';

function userOf(request: FastifyRequest): TAuthUser {
  return request.user as TAuthUser;
}
function staffOf(request: FastifyRequest): TAuthStaff {
  return request.staffMember as TAuthStaff;
}

const PRIVATE_IMAGE_HEADERS = {
  'content-type': 'image/webp',
  'cache-control': 'private, no-store',
  'x-content-type-options': 'nosniff',
};

/** Identity verification and loans: the buyer's calls and the staff consoles (kyc.review, loans.review). */
export const loanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const loanClock = loanClockOf(db);
  const rateLimit = { max: app.deps.config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };
  const buyer = { preHandler: app.requireUser, config: { rateLimit } };
  // Money calls honour Idempotency-Key: a retried application, approval or repayment is one action.
  const buyerMoney = { preHandler: [app.requireUser, app.idempotent], config: { rateLimit } };
  const tags = ['loans'];
  // A loan above loan_four_eyes_threshold also waits in the console's second-approval queue.
  registerApprovalExecutor(
    'loan',
    (database, { staffId, approval }) =>
      approveLoan(database, { staffId, id: BigInt(approval.targetId), now: loanClockOf(database).now() }),
    reopenFirstReview,
  );
  registerApprovalDescriber('loan', loanApprovalFacts);

  // Verification ------------------------------------------------------------------------------------
  app.get(
    '/api/v1/verification',
    {
      ...buyer,
      schema: { tags, summary: 'My real-name and advanced verification', response: { 200: ZMyVerification } },
    },
    async (request) => getMyVerification(db, userOf(request).id),
  );
  app.post(
    '/api/v1/verification/images',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'Upload an identity photo (multipart `file`); kept private, never under /uploads',
        consumes: ['multipart/form-data'],
        response: { 201: ZIdentityImage },
      },
    },
    async (request, reply) => {
      const { buffer } = await readUpload(request);
      return reply.status(201).send(await storeIdentityImage(db, { userId: userOf(request).id, buffer }));
    },
  );
  app.get(
    '/api/v1/verification/images/:id',
    { ...buyer, schema: { tags, summary: 'One of my identity photos', params: ZIdParams } },
    async (request, reply) => {
      const image = await readIdentityImage(db, {
        id: BigInt(request.params.id),
        ownerId: userOf(request).id,
      });
      return reply.headers(PRIVATE_IMAGE_HEADERS).send(image.data);
    },
  );
  app.post(
    '/api/v1/verification/real-name',
    { ...buyer, schema: { tags, body: ZSubmitRealNameRequest, response: { 201: ZVerification } } },
    async (request, reply) =>
      reply.status(201).send(await submitRealName(db, { userId: userOf(request).id, request: request.body })),
  );
  app.post(
    '/api/v1/verification/advanced',
    { ...buyer, schema: { tags, body: ZSubmitAdvancedRequest, response: { 201: ZVerification } } },
    async (request, reply) =>
      reply.status(201).send(await submitAdvanced(db, { userId: userOf(request).id, request: request.body })),
  );

  // Loans ---------------------------------------------------------------------------------------------
  app.get(
    '/api/v1/loans/products',
    { schema: { tags, summary: 'Loan products on offer', response: { 200: ZLoanProductList } } },
    async () => ({ products: await listLoanProducts(db) }),
  );
  app.get(
    '/api/v1/loans/quote',
    {
      schema: {
        tags,
        summary: 'Whole schedule, APR, total interest and total to repay for an amount, term and mode',
        querystring: ZLoanQuoteQuery,
        response: { 200: ZLoanQuote },
      },
    },
    async (request) => quoteLoan(db, request.query),
  );
  app.post(
    '/api/v1/loans',
    {
      ...buyerMoney,
      schema: { tags, summary: 'Apply for a loan', body: ZApplyLoanRequest, response: { 201: ZLoan } },
    },
    async (request, reply) =>
      reply.status(201).send(await applyForLoan(db, { userId: userOf(request).id, request: request.body })),
  );
  app.get(
    '/api/v1/loans/mine',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'My current loan and a page of my loan history',
        querystring: ZMyLoansQuery,
        response: { 200: ZMyLoans },
      },
    },
    async (request) => getMyLoans(db, userOf(request).id, loanClock.now(), request.query),
  );
  app.get(
    '/api/v1/loans/:id',
    { ...buyer, schema: { tags, params: ZIdParams, response: { 200: ZLoan } } },
    async (request) =>
      getMyLoan(db, { userId: userOf(request).id, id: BigInt(request.params.id), now: loanClock.now() }),
  );
  app.post(
    '/api/v1/loans/:id/repay',
    {
      ...buyerMoney,
      schema: {
        tags,
        summary: 'Repay from the wallet: next instalment, an amount, or all (transaction password)',
        params: ZIdParams,
        body: ZRepayLoanRequest,
        response: { 200: ZRepayLoanResponse },
      },
    },
    async (request) =>
      repayLoan(db, {
        userId: userOf(request).id,
        loanId: BigInt(request.params.id),
        kind: request.body.kind,
        amount: request.body.amount,
        txPassword: request.body.txPassword,
        now: loanClock.now(),
      }),
  );

  app.post(
    '/api/v1/loans/:id/accept',
    {
      ...buyerMoney,
      schema: {
        tags,
        summary: 'Accept a loan approved for less than asked: it is paid into the wallet now',
        // No body, as the other bodiless POSTs (orders' remind and receive): an optional body schema refused a POST
        // with none, so what the schema promised was not what the route did.
        params: ZIdParams,
        response: { 200: ZLoan },
      },
    },
    async (request) =>
      acceptLoanOffer(db, {
        userId: userOf(request).id,
        id: BigInt(request.params.id),
        now: loanClock.now(),
      }),
  );
  app.post(
    '/api/v1/loans/:id/decline',
    {
      ...buyer,
      schema: {
        tags,
        summary: 'Decline a loan approved for less than asked: the loan fails and may be applied for again',
        params: ZIdParams,
        body: ZDeclineLoanOfferRequest.optional(),
        response: { 200: ZLoan },
      },
    },
    async (request) =>
      declineLoanOffer(db, {
        userId: userOf(request).id,
        id: BigInt(request.params.id),
        reason: request.body?.reason,
        now: loanClock.now(),
      }),
  );

  // Staff: verification review -------------------------------------------------------------------------
  const adminTags = ['admin', 'loans'];
  const kyc = { preHandler: app.requireStaff('kyc.review') };
  const review = { preHandler: app.requireStaff('loans.review') };
  const reviewMoney = { preHandler: [app.requireStaff('loans.review'), app.idempotent] };

  app.get(
    '/api/v1/admin/verifications',
    {
      ...kyc,
      schema: {
        tags: adminTags,
        querystring: ZAdminVerificationQuery,
        response: { 200: ZAdminVerificationPage },
      },
    },
    async (request) => listAdminVerifications(db, request.query),
  );
  app.get(
    '/api/v1/admin/verifications/images/:id',
    {
      ...kyc,
      schema: { tags: adminTags, summary: 'An identity photo (staff with kyc.review)', params: ZIdParams },
    },
    async (request, reply) => {
      const image = await readIdentityImage(db, { id: BigInt(request.params.id) });
      return reply.headers(PRIVATE_IMAGE_HEADERS).send(image.data);
    },
  );
  app.post(
    '/api/v1/admin/verifications/:id/review',
    {
      ...kyc,
      schema: {
        tags: adminTags,
        params: ZIdParams,
        body: ZReviewVerificationRequest,
        response: { 200: ZVerification },
      },
    },
    async (request) =>
      reviewVerification(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        decision: request.body.decision,
        reason: request.body.reason,
      }),
  );

  // Staff: loans ------------------------------------------------------------------------------------------
  app.get(
    '/api/v1/admin/loans',
    {
      ...review,
      schema: { tags: adminTags, querystring: ZAdminLoanQuery, response: { 200: ZAdminLoanPage } },
    },
    async (request) => listAdminLoans(db, { ...request.query, now: loanClock.now() }),
  );
  app.get(
    '/api/v1/admin/loans/book',
    { ...review, schema: { tags: adminTags, summary: 'The loan book', response: { 200: ZLoanBook } } },
    async () => getLoanBook(db, { now: loanClock.now() }),
  );
  app.get(
    '/api/v1/admin/loans/:id',
    { ...review, schema: { tags: adminTags, params: ZIdParams, response: { 200: ZAdminLoanDetail } } },
    async (request) => getAdminLoan(db, { id: BigInt(request.params.id), now: loanClock.now() }),
  );
  app.post(
    '/api/v1/admin/loans/:id/approve',
    {
      ...reviewMoney,
      schema: {
        tags: adminTags,
        summary: 'Approve (amount may be lowered); above the four-eyes threshold a second reviewer disburses',
        params: ZIdParams,
        body: ZApproveLoanRequest.optional(),
        response: { 200: ZLoan },
      },
    },
    async (request) =>
      approveLoan(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        amount: request.body?.amount,
        now: loanClock.now(),
      }),
  );
  app.post(
    '/api/v1/admin/loans/:id/reject',
    {
      ...reviewMoney,
      schema: { tags: adminTags, params: ZIdParams, body: ZRejectLoanRequest, response: { 200: ZLoan } },
    },
    async (request) =>
      rejectLoan(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        reason: request.body.reason,
        now: loanClock.now(),
      }),
  );
  app.post(
    '/api/v1/admin/loans/:id/withdraw-offer',
    {
      ...reviewMoney,
      schema: {
        tags: adminTags,
        summary:
          'Withdraw an offer (approval below the amount asked) the borrower has not answered: the loan fails, they are told',
        params: ZIdParams,
        body: ZWithdrawLoanOfferRequest,
        response: { 200: ZLoan },
      },
    },
    async (request) =>
      withdrawLoanOffer(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        reason: request.body.reason,
        now: loanClock.now(),
      }),
  );
  app.get(
    '/api/v1/admin/loan-products',
    { ...review, schema: { tags: adminTags, response: { 200: ZLoanProductList } } },
    async () => ({ products: await listLoanProducts(db, { includeInactive: true }) }),
  );
  app.post(
    '/api/v1/admin/loan-products',
    { ...review, schema: { tags: adminTags, body: ZLoanProductRequest, response: { 201: ZLoanProduct } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createLoanProduct(db, { staffId: staffOf(request).id, request: request.body })),
  );
  app.put(
    '/api/v1/admin/loan-products/:id',
    {
      ...review,
      schema: {
        tags: adminTags,
        params: ZIdParams,
        body: ZLoanProductRequest,
        response: { 200: ZLoanProduct },
      },
    },
    async (request) =>
      updateLoanProduct(db, {
        staffId: staffOf(request).id,
        id: BigInt(request.params.id),
        request: request.body,
      }),
  );
};
