import {
  ZActivity,
  ZActivityList,
  ZActivityRequest,
  ZAdminBanner,
  ZAdminBannerList,
  ZAdminCategory,
  ZAdminCategoryList,
  ZBannerRequest,
  ZCreateCategoryRequest,
  ZHomePinCandidates,
  ZHomePinCandidatesQuery,
  ZHomePinSectionParams,
  ZHomePins,
  ZHomePinsList,
  ZHomePinsRequest,
  ZIdParams,
  ZOkResponse,
  ZUpdateCategoryRequest,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { READ_ONLY, registerLegacyAction } from '../legacy';
import { getCurrentActivity, listActivities, saveActivity } from './activity';
import { deleteBanner, listAdminBanners, saveBanner } from './banners';
import { createCategory, deleteCategory, listAdminCategories, updateCategory } from './categories';
import { findHomePinCandidates, listHomePins, setHomePins } from './home-pins';

// SPEC §7: the storefront asks for the current activity and opens its detailUrl.
registerLegacyAction(
  'activity/lottery!getCurrentActivity',
  async (ctx) => getCurrentActivity(ctx.app.deps.readDb, ctx.request.lang),
  READ_ONLY,
);

/** Catalogue curation in /admin (permission `catalog.manage`); every change is audited and clears the catalogue cache. */
export const curationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const tags = ['admin', 'curation'];
  const preHandler = app.requireStaff('catalog.manage');
  const ok = { ok: true as const };

  app.get(
    '/api/v1/admin/catalog/categories',
    { preValidation: preHandler, schema: { tags, response: { 200: ZAdminCategoryList } } },
    async () => ({ data: await listAdminCategories(db) }),
  );
  app.post(
    '/api/v1/admin/catalog/categories',
    {
      preValidation: preHandler,
      schema: { tags, body: ZCreateCategoryRequest, response: { 201: ZAdminCategory } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await createCategory(
            db,
            { staffId: request.staffMember!.id, uploadDir: config.uploadDir },
            request.body,
          ),
        ),
  );
  app.put(
    '/api/v1/admin/catalog/categories/:id',
    {
      preValidation: preHandler,
      schema: { tags, params: ZIdParams, body: ZUpdateCategoryRequest, response: { 200: ZAdminCategory } },
    },
    async (request) =>
      updateCategory(
        db,
        { staffId: request.staffMember!.id, uploadDir: config.uploadDir },
        BigInt(request.params.id),
        request.body,
      ),
  );
  app.delete(
    '/api/v1/admin/catalog/categories/:id',
    {
      preValidation: preHandler,
      schema: {
        tags,
        summary: 'Deletes an empty category (409 CATEGORY_NOT_EMPTY while it has subcategories or goods)',
        params: ZIdParams,
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await deleteCategory(db, request.staffMember!.id, BigInt(request.params.id));
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/catalog/banners',
    { preValidation: preHandler, schema: { tags, response: { 200: ZAdminBannerList } } },
    async () => ({ data: await listAdminBanners(db) }),
  );
  app.post(
    '/api/v1/admin/catalog/banners',
    { preValidation: preHandler, schema: { tags, body: ZBannerRequest, response: { 201: ZAdminBanner } } },
    async (request, reply) =>
      reply.status(201).send(
        await saveBanner(db, {
          staffId: request.staffMember!.id,
          uploadDir: config.uploadDir,
          id: null,
          request: request.body,
        }),
      ),
  );
  app.put(
    '/api/v1/admin/catalog/banners/:id',
    {
      preValidation: preHandler,
      schema: { tags, params: ZIdParams, body: ZBannerRequest, response: { 200: ZAdminBanner } },
    },
    async (request) =>
      saveBanner(db, {
        staffId: request.staffMember!.id,
        uploadDir: config.uploadDir,
        id: BigInt(request.params.id),
        request: request.body,
      }),
  );
  app.delete(
    '/api/v1/admin/catalog/banners/:id',
    { preValidation: preHandler, schema: { tags, params: ZIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await deleteBanner(db, request.staffMember!.id, BigInt(request.params.id));
      return ok;
    },
  );

  app.get(
    '/api/v1/admin/catalog/activities',
    { preValidation: preHandler, schema: { tags, response: { 200: ZActivityList } } },
    async () => ({ data: await listActivities(db) }),
  );
  app.post(
    '/api/v1/admin/catalog/activities',
    { preValidation: preHandler, schema: { tags, body: ZActivityRequest, response: { 201: ZActivity } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await saveActivity(db, { staffId: request.staffMember!.id, id: null, request: request.body })),
  );
  app.put(
    '/api/v1/admin/catalog/activities/:id',
    {
      preValidation: preHandler,
      schema: { tags, params: ZIdParams, body: ZActivityRequest, response: { 200: ZActivity } },
    },
    async (request) =>
      saveActivity(db, {
        staffId: request.staffMember!.id,
        id: BigInt(request.params.id),
        request: request.body,
      }),
  );

  // Home sections: staff pin items in order; the storefront fills the rest of each section itself.
  app.get(
    '/api/v1/admin/catalog/home-pins',
    { preValidation: preHandler, schema: { tags, response: { 200: ZHomePinsList } } },
    async (request) => ({ data: await listHomePins(db, request.lang) }),
  );
  app.get(
    '/api/v1/admin/catalog/home-pins/candidates',
    {
      preValidation: preHandler,
      schema: { tags, querystring: ZHomePinCandidatesQuery, response: { 200: ZHomePinCandidates } },
    },
    async (request) => ({
      data: await findHomePinCandidates(db, {
        section: request.query.section,
        keyword: request.query.keyword,
        lang: request.lang,
      }),
    }),
  );
  app.put(
    '/api/v1/admin/catalog/home-pins/:section',
    {
      preValidation: preHandler,
      schema: { tags, params: ZHomePinSectionParams, body: ZHomePinsRequest, response: { 200: ZHomePins } },
    },
    async (request) =>
      setHomePins(db, {
        staffId: request.staffMember!.id,
        section: request.params.section,
        targetIds: request.body.targetIds,
        lang: request.lang,
      }),
  );
};
