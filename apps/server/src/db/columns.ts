import { formatMoney, parseMoney, type TMoney } from '@caravan/contracts';
import { bigint, customType, timestamp } from 'drizzle-orm/pg-core';

/** numeric(30,10) read and written as a bigint of 10^-10 USDT. */
export const money = customType<{ data: TMoney; driverData: string }>({
  dataType: () => 'numeric(30,10)',
  toDriver: (value) => formatMoney(value, 0),
  fromDriver: (value) => parseMoney(String(value)),
});

/** Binary data (private pictures kept in the database), read as a Buffer on PGlite and PostgreSQL alike. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const id = (name = 'id') => bigint(name, { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity();
export const ref = (name: string) => bigint(name, { mode: 'bigint' });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const tstz = (name: string) => timestamp(name, { withTimezone: true });
