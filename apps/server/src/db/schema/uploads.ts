import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

/**
 * Who uploaded which picture (issue 10, defect 7). Files are stored once per content hash, so one picture
 * may belong to several uploaders: a row per (picture, uploader). Image fields (reviews, refunds,
 * certificates, chat, shop pictures) accept only pictures their author uploaded.
 */
export const uploadOwners = pgTable(
  'upload_owners',
  {
    /** The 32 hex digits naming the stored files (`/uploads/img/<2>/<hash>-<width>.webp`). */
    hash: text('hash').notNull(),
    /** `user:<id>` (buyers and sellers) or `staff:<id>`. */
    owner: text('owner').notNull(),
    /**
     * The original file's format by content (`jpeg`, `png`, `webp`, `gif`) and its size in bytes, before re-encoding:
     * a field with its own rule (chat: JPEG or PNG within chat_image_max_kb) checks the picture it is given by them,
     * whatever the upload was for. Null for rows recorded before they were kept.
     */
    format: text('format'),
    bytes: integer('bytes'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.owner] })],
);

/**
 * Uploads per uploader per UTC day (issue 10, defect 8): the daily quota of pictures and bytes is taken from
 * here with one conditional upsert, so two uploads at once on two processes cannot both pass the last place.
 * Rows of past days are pruned by the job `prune-upload-usage`.
 */
export const uploadUsage = pgTable(
  'upload_usage',
  {
    /** `user:<id>` or `staff:<id>`, as in upload_owners. */
    owner: text('owner').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    /** Bytes received (before re-encoding): what the uploader made the server read and process. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.day] })],
);
