import {
  ZCampaignsQuery,
  ZCampaignsResponse,
  ZClaimCouponRequest,
  ZCreateCampaignRequest,
  ZIdParams,
  ZUserCoupon,
  ZUserCouponsResponse,
} from '@caravan/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit';
import {
  claimCoupon,
  createCampaign,
  listCampaigns,
  listUserCoupons,
  type presentUserCoupon,
  stopCampaign,
} from './service';

/** The buyer's coupons and the staff's coupon campaigns (permission marketing.manage). */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const rateLimit = { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.get(
    '/api/v1/coupons',
    { preHandler: app.requireUser, schema: { tags: ['coupons'], response: { 200: ZUserCouponsResponse } } },
    async (request) => ({ list: await listUserCoupons(db, request.user!.id) }),
  );

  app.post(
    '/api/v1/coupons/claim',
    {
      preHandler: app.requireUser,
      config: { rateLimit },
      schema: { tags: ['coupons'], body: ZClaimCouponRequest, response: { 201: ZUserCoupon } },
    },
    async (request, reply) => {
      const row = await claimCoupon(db, request.user!.id, request.body.code);
      const list = await listUserCoupons(db, request.user!.id);
      const coupon = list.find((c) => c.id === row.id.toString());
      return reply.status(201).send(coupon ?? presentUserCouponFallback(row.id.toString(), list));
    },
  );

  app.get(
    '/api/v1/admin/coupon-campaigns',
    {
      preHandler: app.requireStaff('marketing.manage'),
      schema: { tags: ['admin'], querystring: ZCampaignsQuery, response: { 200: ZCampaignsResponse } },
    },
    async (request) => listCampaigns(db, request.query),
  );

  app.post(
    '/api/v1/admin/coupon-campaigns',
    {
      preHandler: app.requireStaff('marketing.manage'),
      schema: {
        tags: ['admin'],
        body: ZCreateCampaignRequest,
        response: { 201: z.object({ id: z.string() }) },
      },
    },
    async (request, reply) => {
      const staffId = request.staffMember!.id;
      const created = await db.transaction(async (tx) => {
        const row = await createCampaign(tx, staffId, request.body);
        await recordAudit(tx, {
          staffId,
          action: 'coupon_campaign.create',
          targetType: 'coupon_campaign',
          targetId: row.id,
          details: { after: request.body },
        });
        return row;
      });
      return reply.status(201).send({ id: created.id.toString() });
    },
  );

  app.post(
    '/api/v1/admin/coupon-campaigns/:id/stop',
    {
      preHandler: app.requireStaff('marketing.manage'),
      schema: { tags: ['admin'], params: ZIdParams, response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async (request) => {
      const staffId = request.staffMember!.id;
      await db.transaction(async (tx) => {
        const { before, after } = await stopCampaign(tx, BigInt(request.params.id));
        await recordAudit(tx, {
          staffId,
          action: 'coupon_campaign.stop',
          targetType: 'coupon_campaign',
          targetId: after.id,
          details: { before: { status: before.status }, after: { status: after.status } },
        });
      });
      return { ok: true as const };
    },
  );
};

/** The claimed coupon is always in the list; this only satisfies the type checker. */
function presentUserCouponFallback(id: string, list: ReturnType<typeof presentUserCoupon>[]) {
  const found = list.find((c) => c.id === id);
  if (!found) {
    throw new Error('claimed coupon missing');
  }
  return found;
}
