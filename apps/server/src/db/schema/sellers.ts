import type { TImage, TMerchantDocument } from '@caravan/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, ref, tstz, updatedAt } from '../columns';
import { users } from './accounts';
import { products } from './catalog';
import { staff } from './staff';
import { stores } from './stores';

export const MERCHANT_APPLICATION_STATES = ['submitted', 'reviewing', 'approved', 'rejected'] as const;

/** A buyer's application to open a shop; staff with merchants.review approve (creating the shop) or reject it. */
export const merchantApplications = pgTable(
  'merchant_applications',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: MERCHANT_APPLICATION_STATES }).notNull().default('submitted'),
    shopName: text('shop_name').notNull(),
    logo: jsonb('logo').$type<TImage>(),
    categoryIds: jsonb('category_ids').$type<string[]>().notNull().default([]),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    country: text('country').notNull(),
    description: text('description').notNull().default(''),
    /** The identity or licence pictures, private (`merchant_documents`); their ids were checked as the applicant's own. */
    privateDocuments: jsonb('private_documents').$type<TMerchantDocument[]>().notNull().default([]),
    /**
     * Documents of applications sent before they were private: public upload pictures (column `documents`), shown
     * to staff only; emptied when the application is sent again.
     */
    legacyDocuments: jsonb('documents').$type<TImage[]>().notNull().default([]),
    rejectReason: text('reject_reason'),
    reviewedBy: ref('reviewed_by').references(() => staff.id),
    reviewedAt: tstz('reviewed_at'),
    storeId: ref('store_id').references(() => stores.id),
    /** When the applicant last sent it: a rejected application sent again keeps its row and its createdAt. */
    submittedAt: tstz('submitted_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One application per account: a rejected one is resubmitted (updated), not duplicated.
    uniqueIndex('merchant_applications_user_key').on(t.userId),
    index('merchant_applications_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Identity and business-licence pictures of merchant applications. Kept in the database, never in the public upload
 * directory (as identity verification's `identity_images`): served only to their owner and to staff with
 * merchants.review, `Cache-Control: private, no-store`.
 */
export const merchantDocuments = pgTable(
  'merchant_documents',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('merchant_documents_user_idx').on(t.userId)],
);

/** Every stock change a seller makes by hand, with its reason (orders change stock without a row here). */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: id(),
    storeId: ref('store_id')
      .notNull()
      .references(() => stores.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    variantId: ref('variant_id'),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    userId: ref('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_adjustments_store_idx').on(t.storeId, t.id.desc()),
    index('stock_adjustments_product_idx').on(t.productId, t.id.desc()),
    check('stock_adjustments_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);

export const IMPORT_JOB_STATES = ['running', 'done', 'failed'] as const;

/** A product import: progress and the rows refused with their reasons. */
export const productImports = pgTable(
  'product_imports',
  {
    id: id(),
    storeId: ref('store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status', { enum: IMPORT_JOB_STATES }).notNull().default('running'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    savedProducts: integer('saved_products').notNull().default(0),
    // savedProducts split by what the save did, and the rows refused (errors keeps only its first 1000 entries).
    createdProducts: integer('created_products').notNull().default(0),
    updatedProducts: integer('updated_products').notNull().default(0),
    // Of createdProducts, those from rows without a product_code: such a row always adds a product (a re-import
    // of the same file adds it again), so the dialog warns.
    createdWithoutCode: integer('created_without_code').notNull().default(0),
    refusedRows: integer('refused_rows').notNull().default(0),
    // refusedRow: for IMPORT_PRODUCT_ROW_REFUSED, the row of the same product that was refused.
    errors: jsonb('errors')
      .$type<{ row: number; field: string; code: string; refusedRow?: number }[]>()
      .notNull()
      .default([]),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    finishedAt: tstz('finished_at'),
  },
  (t) => [index('product_imports_store_idx').on(t.storeId, t.id.desc())],
);
