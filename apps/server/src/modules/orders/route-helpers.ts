import { type TLanguage, ZLogisticsEntry, ZOrderDetailResponse, ZOrderNoParams } from '@caravan/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { TOrderOwner } from './find-order';
import { getOrderInfo, listLogistics, type TOrderAudience, toOrderInfo } from './queries';
import type { TOrderRow } from './state';

type TRouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** Which orders a route may read and under which tag and guard; shared by the buyer, seller and staff routes. */
export type TOrderReadScope = {
  /** e.g. `/api/v1/orders`; the routes add `/:orderNo`. */
  basePath: string;
  tags: string[];
  preHandler: TRouteApp['requireUser'];
  ownerOf: (request: FastifyRequest) => TOrderOwner;
};

export const ZLogisticsListResponse = z.object({ list: z.array(ZLogisticsEntry) });

/** The `{ orderInfo }` answer of every order action, for the one who acted. */
export async function toOrderActionResponse(
  db: Executor,
  row: TOrderRow,
  lang: TLanguage,
  audience: TOrderAudience,
) {
  return { orderInfo: await toOrderInfo(db, row, lang, audience) };
}

export function registerOrderDetailRoute(app: TRouteApp, scope: TOrderReadScope) {
  app.get(
    `${scope.basePath}/:orderNo`,
    {
      preHandler: scope.preHandler,
      schema: {
        tags: scope.tags,
        summary: 'Order detail',
        params: ZOrderNoParams,
        response: { 200: ZOrderDetailResponse },
      },
    },
    async (request) => ({
      orderInfo: await getOrderInfo(
        app.deps.db,
        request.params.orderNo,
        scope.ownerOf(request),
        request.lang,
      ),
    }),
  );
}

export function registerOrderLogisticsRoute(app: TRouteApp, scope: TOrderReadScope) {
  app.get(
    `${scope.basePath}/:orderNo/logistics`,
    {
      preHandler: scope.preHandler,
      schema: {
        tags: scope.tags,
        summary: 'Logistics entries, oldest first',
        params: ZOrderNoParams,
        response: { 200: ZLogisticsListResponse },
      },
    },
    async (request) => ({
      list: await listLogistics(app.deps.db, request.params.orderNo, scope.ownerOf(request)),
    }),
  );
}
