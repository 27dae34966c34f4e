import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-db';
import type { DatabaseHandle } from '../client';
import { merchantApplications, merchantDocuments, users } from '../schema';
import { DEMO_APPLICANT, seedDemoMerchantApplication } from './merchants';

describe('the demo merchant application', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it('keeps its licence private, where applicants’ documents go; only the logo is a public upload', async () => {
    const uploadDir = mkdtempSync(path.join(tmpdir(), 'caravan-seed-merchant-'));
    await seedDemoMerchantApplication(database.db, uploadDir);
    const [applicant] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, DEMO_APPLICANT.username));
    const [application] = await database.db
      .select()
      .from(merchantApplications)
      .where(eq(merchantApplications.userId, applicant!.id));
    expect(application!.legacyDocuments).toEqual([]);
    const documents = await database.db
      .select({ id: merchantDocuments.id, width: merchantDocuments.width, height: merchantDocuments.height })
      .from(merchantDocuments)
      .where(eq(merchantDocuments.userId, applicant!.id));
    expect(application!.privateDocuments).toEqual(
      documents.map((d) => ({ id: String(d.id), width: d.width, height: d.height })),
    );
    expect(documents).toHaveLength(1);
    // The public upload directory holds the logo's sizes and nothing else.
    const logoFiles = new Set(application!.logo!.srcset.split(', ').map((entry) => entry.split(' ')[0]));
    const stored = readdirSync(uploadDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.webp'),
    );
    expect(stored.map((f) => `/uploads/${f}`).sort()).toEqual([...logoFiles].sort());
  });
});
