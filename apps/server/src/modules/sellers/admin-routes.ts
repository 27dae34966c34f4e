import {
  ZAdminMerchantApplicationsQuery,
  ZAdminMerchantApplicationsResponse,
  ZAdminProductsQuery,
  ZAdminProductsResponse,
  ZAdminStoresQuery,
  ZAdminStoresResponse,
  ZIdParams,
  ZMerchantApplication,
  ZOkResponse,
  ZReasonRequest,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRIVATE_IMAGE_HEADERS } from '../uploads';
import { approveApplication, listApplications, markReviewing, rejectApplication } from './applications';
import { readMerchantDocument } from './documents';
import {
  listProductsForStaff,
  listStoresForStaff,
  setProductTakenDown,
  setStoreSuspended,
} from './moderation';

/** Staff: merchant applications, shop suspension (merchants.review) and product moderation (catalog.manage). */
export const adminMerchantRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const tags = ['admin merchants'];
  const review = app.requireStaff('merchants.review');
  const catalog = app.requireStaff('catalog.manage');
  const ok = { ok: true as const };

  app.get(
    '/api/v1/admin/merchant-applications',
    {
      preHandler: review,
      schema: {
        tags,
        querystring: ZAdminMerchantApplicationsQuery,
        response: { 200: ZAdminMerchantApplicationsResponse },
      },
    },
    async (request) => listApplications(db, request.query),
  );
  app.get(
    '/api/v1/admin/merchant-documents/:id',
    {
      preHandler: review,
      schema: { tags, summary: "An applicant's document (staff with merchants.review)", params: ZIdParams },
    },
    async (request, reply) => {
      const document = await readMerchantDocument(db, { id: BigInt(request.params.id) });
      return reply.headers(PRIVATE_IMAGE_HEADERS).send(document.data);
    },
  );
  app.post(
    '/api/v1/admin/merchant-applications/:id/review',
    { preHandler: review, schema: { tags, params: ZIdParams, response: { 200: ZMerchantApplication } } },
    async (request) => markReviewing(db, request.staffMember!.id, BigInt(request.params.id)),
  );
  app.post(
    '/api/v1/admin/merchant-applications/:id/approve',
    { preHandler: review, schema: { tags, params: ZIdParams, response: { 200: ZMerchantApplication } } },
    async (request) => approveApplication(db, request.staffMember!.id, BigInt(request.params.id)),
  );
  app.post(
    '/api/v1/admin/merchant-applications/:id/reject',
    {
      preHandler: review,
      schema: { tags, params: ZIdParams, body: ZReasonRequest, response: { 200: ZMerchantApplication } },
    },
    async (request) =>
      rejectApplication(db, request.staffMember!.id, BigInt(request.params.id), request.body.reason),
  );
  app.get(
    '/api/v1/admin/stores',
    {
      preHandler: review,
      schema: { tags, querystring: ZAdminStoresQuery, response: { 200: ZAdminStoresResponse } },
    },
    async (request) => listStoresForStaff(db, request.query),
  );
  app.post(
    '/api/v1/admin/stores/:id/suspend',
    {
      preHandler: review,
      schema: { tags, params: ZIdParams, body: ZReasonRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await setStoreSuspended(db, request.staffMember!.id, BigInt(request.params.id), {
        reason: request.body.reason,
      });
      return ok;
    },
  );
  app.post(
    '/api/v1/admin/stores/:id/reinstate',
    { preHandler: review, schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await setStoreSuspended(db, request.staffMember!.id, BigInt(request.params.id), null);
      return ok;
    },
  );
  app.get(
    '/api/v1/admin/products',
    {
      preHandler: catalog,
      schema: { tags, querystring: ZAdminProductsQuery, response: { 200: ZAdminProductsResponse } },
    },
    async (request) => listProductsForStaff(db, request.lang, request.query),
  );
  app.post(
    '/api/v1/admin/products/:id/take-down',
    {
      preHandler: catalog,
      schema: { tags, params: ZIdParams, body: ZReasonRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await setProductTakenDown(db, request.staffMember!.id, BigInt(request.params.id), {
        reason: request.body.reason,
      });
      return ok;
    },
  );
  app.post(
    '/api/v1/admin/products/:id/restore',
    { preHandler: catalog, schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await setProductTakenDown(db, request.staffMember!.id, BigInt(request.params.id), null);
      return ok;
    },
  );
};
