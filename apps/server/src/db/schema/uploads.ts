import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
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
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.owner] })],
);
