import {
  IMPORT_FILE_MAX_BYTES,
  type TImportFormat,
  ZBulkProductsRequest,
  ZBulkProductsResponse,
  ZDashboardQuery,
  ZIdParams,
  ZImportFormatQuery,
  ZImportJob,
  ZMerchantApplication,
  ZMerchantApplicationRequest,
  ZMerchantDocument,
  ZMerchantInfoResponse,
  ZMyMerchantApplicationResponse,
  ZOkResponse,
  ZProductRequest,
  ZReviewReplyRequest,
  ZSellerDashboard,
  ZSellerProductDetail,
  ZSellerProductsQuery,
  ZSellerProductsResponse,
  ZSellerReviewsQuery,
  ZSellerReviewsResponse,
  ZSettlementQuery,
  ZSettlementStatement,
  ZSettlementStatementQuery,
  ZShopSettings,
  ZShopSettingsRequest,
  ZStockAdjustRequest,
  ZStockAdjustResponse,
  ZStockHistoryQuery,
  ZStockHistoryResponse,
} from '@caravan/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { PRIVATE_IMAGE_HEADERS, readUpload } from '../uploads';
import { getMyApplication, submitApplication } from './applications';
import { getSellerDashboard } from './dashboard';
import { readMerchantDocument, uploadMerchantDocument } from './documents';
import { exportProducts, getImportJob, importFormatOf, importTemplate, startImport } from './import-export';
import { getMerchantInfo } from './merchant-info';
import {
  bulkUpdateProducts,
  getSellerProduct,
  listSellerProducts,
  saveSellerProduct,
  type TSeller,
} from './products';
import { listSellerReviews, replyToReview } from './reviews';
import { getSettlementStatement, settlementCsv } from './settlement';
import { getShopSettings, saveShopSettings } from './shop';
import { adjustStock, listStockHistory } from './stock';

function sellerOf(request: FastifyRequest): TSeller {
  return { id: request.seller!.id, storeId: request.seller!.storeId };
}

function sendFile(reply: FastifyReply, file: { body: Buffer; type: string; name: string }) {
  return reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${file.name}"`)
    .send(file.body);
}

/** The multipart `file` of an import, at most IMPORT_FILE_MAX_BYTES; XLSX is told apart by its content (a zip). */
async function readImportFile(request: FastifyRequest): Promise<{ buffer: Buffer; format: TImportFormat }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  let buffer: Buffer | undefined;
  let fileName = '';
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file' && !buffer) {
        buffer = await part.toBuffer();
        fileName = part.filename ?? '';
      } else if (part.type === 'file') {
        await part.toBuffer();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new AppError(code === 'FST_REQ_FILE_TOO_LARGE' ? 'PAYLOAD_TOO_LARGE' : 'IMPORT_FILE_INVALID');
  }
  // An empty file is the import's to refuse, with its own message (it was "Missing or invalid parameter").
  if (!buffer) {
    throw new AppError('PARAMETER_ERROR', { field: 'file' });
  }
  return { buffer, format: importFormatOf(buffer, fileName) };
}

/** Becoming a merchant (buyers) and the seller panel's own endpoints (`/api/v1/seller/...`). */
export const sellerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const uploadDir = config.uploadDir;

  app.get(
    '/api/v1/merchant/info',
    {
      schema: {
        tags: ['merchants'],
        summary: 'Terms of selling here',
        response: { 200: ZMerchantInfoResponse },
      },
    },
    async () => getMerchantInfo(db),
  );
  app.get(
    '/api/v1/merchant/application',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['merchants'],
        summary: "The buyer's application",
        response: { 200: ZMyMerchantApplicationResponse },
      },
    },
    async (request) => getMyApplication(db, request.user!.id),
  );
  app.post(
    '/api/v1/merchant/application',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['merchants'],
        summary: 'Apply to open a shop, or resubmit a rejected application',
        body: ZMerchantApplicationRequest,
        response: { 200: ZMerchantApplication },
      },
    },
    async (request) => submitApplication(db, uploadDir, request.user!.id, request.body),
  );
  app.post(
    '/api/v1/merchant/documents',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['merchants'],
        summary:
          'Upload an identity or business-licence picture for the application (multipart `file`); kept private, never under /uploads',
        consumes: ['multipart/form-data'],
        response: { 201: ZMerchantDocument },
      },
    },
    async (request, reply) => {
      const { buffer } = await readUpload(request);
      return reply.status(201).send(await uploadMerchantDocument(app, { userId: request.user!.id, buffer }));
    },
  );
  app.get(
    '/api/v1/merchant/documents/:id',
    {
      preHandler: app.requireUser,
      schema: { tags: ['merchants'], summary: 'One of my application documents', params: ZIdParams },
    },
    async (request, reply) => {
      const document = await readMerchantDocument(db, {
        id: BigInt(request.params.id),
        ownerId: request.user!.id,
      });
      return reply.headers(PRIVATE_IMAGE_HEADERS).send(document.data);
    },
  );

  const preHandler = app.requireSeller;
  const tags = ['seller'];

  app.get(
    '/api/v1/seller/products',
    {
      preHandler,
      schema: { tags, querystring: ZSellerProductsQuery, response: { 200: ZSellerProductsResponse } },
    },
    async (request) => listSellerProducts(db, sellerOf(request), request.lang, request.query),
  );
  app.post(
    '/api/v1/seller/products',
    { preHandler, schema: { tags, body: ZProductRequest, response: { 200: ZSellerProductDetail } } },
    async (request) => saveSellerProduct(db, uploadDir, sellerOf(request), request.body, null),
  );
  app.post(
    '/api/v1/seller/products/bulk',
    { preHandler, schema: { tags, body: ZBulkProductsRequest, response: { 200: ZBulkProductsResponse } } },
    async (request) => ({ changed: await bulkUpdateProducts(db, sellerOf(request), request.body) }),
  );
  app.get(
    '/api/v1/seller/products/:id',
    { preHandler, schema: { tags, params: ZIdParams, response: { 200: ZSellerProductDetail } } },
    async (request) => getSellerProduct(db, sellerOf(request), BigInt(request.params.id)),
  );
  app.put(
    '/api/v1/seller/products/:id',
    {
      preHandler,
      schema: { tags, params: ZIdParams, body: ZProductRequest, response: { 200: ZSellerProductDetail } },
    },
    async (request) =>
      saveSellerProduct(db, uploadDir, sellerOf(request), request.body, BigInt(request.params.id)),
  );
  app.post(
    '/api/v1/seller/products/:id/stock',
    {
      preHandler,
      schema: { tags, params: ZIdParams, body: ZStockAdjustRequest, response: { 200: ZStockAdjustResponse } },
    },
    async (request) => adjustStock(db, sellerOf(request), BigInt(request.params.id), request.body),
  );
  app.get(
    '/api/v1/seller/stock-history',
    {
      preHandler,
      schema: { tags, querystring: ZStockHistoryQuery, response: { 200: ZStockHistoryResponse } },
    },
    async (request) => listStockHistory(db, sellerOf(request), request.lang, request.query),
  );
  app.get(
    '/api/v1/seller/shop',
    { preHandler, schema: { tags, response: { 200: ZShopSettings } } },
    async (request) => getShopSettings(db, sellerOf(request)),
  );
  app.put(
    '/api/v1/seller/shop',
    { preHandler, schema: { tags, body: ZShopSettingsRequest, response: { 200: ZShopSettings } } },
    async (request) => saveShopSettings(db, uploadDir, sellerOf(request), request.body),
  );
  app.get(
    '/api/v1/seller/reviews',
    {
      preHandler,
      schema: { tags, querystring: ZSellerReviewsQuery, response: { 200: ZSellerReviewsResponse } },
    },
    async (request) => listSellerReviews(db, sellerOf(request), request.lang, request.query),
  );
  app.post(
    '/api/v1/seller/reviews/:id/reply',
    {
      preHandler,
      schema: { tags, params: ZIdParams, body: ZReviewReplyRequest, response: { 200: ZOkResponse } },
    },
    async (request) => {
      await replyToReview(db, sellerOf(request), BigInt(request.params.id), request.body.content);
      return { ok: true as const };
    },
  );
  app.get(
    '/api/v1/seller/settlement',
    { preHandler, schema: { tags, querystring: ZSettlementQuery, response: { 200: ZSettlementStatement } } },
    async (request) => getSettlementStatement(db, sellerOf(request), request.query),
  );
  app.get(
    '/api/v1/seller/settlement/statement.csv',
    {
      preHandler,
      schema: { tags, summary: 'Monthly statement as CSV', querystring: ZSettlementStatementQuery },
    },
    async (request, reply) => {
      const csv = await settlementCsv(db, sellerOf(request), request.query.month, request.lang);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="statement-${request.query.month}.csv"`)
        .send(csv);
    },
  );
  app.get(
    '/api/v1/seller/products/import-template',
    {
      preHandler,
      schema: { tags, summary: 'Import template (CSV or XLSX)', querystring: ZImportFormatQuery },
    },
    async (request, reply) =>
      sendFile(reply, await importTemplate(db, sellerOf(request), request.query.format)),
  );
  app.get(
    '/api/v1/seller/products/export',
    {
      preHandler,
      schema: { tags, summary: "The shop's products (CSV or XLSX)", querystring: ZImportFormatQuery },
    },
    async (request, reply) =>
      sendFile(reply, await exportProducts(db, sellerOf(request), request.query.format)),
  );
  app.post(
    '/api/v1/seller/products/import',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Import products from a CSV or XLSX file (multipart `file`); answers the job to poll',
        consumes: ['multipart/form-data'],
        response: { 200: ZImportJob },
      },
    },
    async (request) => {
      const { buffer, format } = await readImportFile(request);
      const job = await startImport(db, uploadDir, sellerOf(request), buffer, format);
      return getImportJob(db, sellerOf(request), request.lang, job.id);
    },
  );
  app.get(
    '/api/v1/seller/products/import/:id',
    { preHandler, schema: { tags, params: ZIdParams, response: { 200: ZImportJob } } },
    async (request) => getImportJob(db, sellerOf(request), request.lang, BigInt(request.params.id)),
  );
  app.get(
    '/api/v1/seller/dashboard',
    { preHandler, schema: { tags, querystring: ZDashboardQuery, response: { 200: ZSellerDashboard } } },
    async (request) => getSellerDashboard(db, sellerOf(request), request.lang, request.query.range),
  );
};
