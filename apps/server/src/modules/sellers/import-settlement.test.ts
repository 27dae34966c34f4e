import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  formatMoney,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_XLSX_CONTENT_MAX_BYTES,
  parseMoney,
  type TImage,
  type TImportJob,
  type TSellerProductsResponse,
  type TSettlementStatement,
  ZProductRequest,
} from '@caravan/contracts';
import { parse } from 'csv-parse/sync';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerAccounts,
  ledgerPostings,
  productImports,
  products,
  productVariants,
  stockAdjustments,
  stores,
} from '../../db/schema';
import { translator } from '../../i18n/messages';
import { buildMultipart } from '../../testing/multipart';
import { bearer, createTestApp, json, type TTestContext } from '../../testing/test-app';
import { createCategoryTree } from '../catalog/test-fixtures';
import { receiveOrder, settleCompletedOrders, shipOrder } from '../orders';
import {
  createTestProduct,
  createTestStore,
  createTestUser,
  fundUser,
  placeTestOrder,
  setParam,
} from '../orders/test-fixtures';
import { assertXlsxContentWithin } from './import-export';
import { loadCategoryIds, prepareProduct } from './products';
import { monthRange } from './settlement';
import { updateImportedProducts } from './update-imported-products';

type TError = { error: { code: string; message: string } };

let ctx: TTestContext;
let tree: Awaited<ReturnType<typeof createCategoryTree>>;

beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'caravan-import-')) });
  tree = await createCategoryTree(ctx.database.db);
});
afterAll(async () => {
  await ctx.close();
});

async function uploadImage(token: string, background = '#15803D'): Promise<TImage> {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background } })
    .png()
    .toBuffer();
  const body = buildMultipart(png, 'p.png', 'image/png', 'goods');
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
  return json<TImage>(res);
}

function filePart(file: Buffer, name: string) {
  return buildMultipart(file, name, name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream');
}

async function importFile(token: string, file: Buffer, name = 'p.csv', lang = 'en') {
  const body = filePart(file, name);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/seller/products/import?lang=${lang}`,
    headers: { ...body.headers, ...bearer(token) },
    payload: body.payload,
  });
}

async function waitForJob(token: string, id: string): Promise<TImportJob> {
  for (let i = 0; i < 2400; i += 1) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/products/import/${id}`,
      headers: bearer(token),
    });
    const job = json<TImportJob>(res);
    if (job.status !== 'running') {
      return job;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('import did not finish');
}

describe('product import and export', () => {
  let seller: Awaited<ReturnType<typeof createTestUser>>;
  let image: TImage;

  beforeAll(async () => {
    seller = await createTestUser(ctx.database.db);
    await createTestStore(ctx.database.db, seller.id, 'Import House');
    image = await uploadImage(seller.sellerToken);
  });

  it('saves the good rows, lists refused rows with their reasons, and groups variants by product code', async () => {
    const leaf = String(tree.shirts);
    const csv = [
      'product_code,name_en,name_de,category_id,selling_price,stock,images,attributes,variant_values,variant_stock,variant_price',
      `A-1,Alpine tee,Alpen-Shirt,${leaf},10,5,${image.url},,,,`,
      `B-2,Bay hoodie,,${leaf},30,,${image.url},Size,S,3,`,
      'B-2,,,,,,,,M,4,32',
      `C-3,Broken price,,${leaf},1.234567,1,${image.url},,,,`,
      `D-4,Branch category,,${tree.mid},5,1,${image.url},,,,`,
      `E-5,Duplicate variant,,${leaf},5,,${image.url},Size,S,1,`,
      'E-5,,,,,,,,s,1,',
      `F-6,Outside image,,${leaf},5,1,https://evil.example/x.png,,,,`,
      `G-7,,,,5,1,${image.url},,,,`,
      `H-8,Unknown category,,987654321,5,1,${image.url},,,,`,
    ].join('\n');
    const res = await importFile(seller.sellerToken, Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForJob(seller.sellerToken, json<TImportJob>(res).id);
    expect(job).toMatchObject({
      status: 'done',
      totalRows: 10,
      processedRows: 10,
      savedProducts: 2,
      createdProducts: 2,
      updatedProducts: 0,
      refusedRows: 7,
    });
    const byRow = job.errors.map((e) => [e.row, e.field, e.code]);
    expect(byRow).toEqual(
      expect.arrayContaining([
        [5, 'selling_price', 'v:salePrice'],
        [6, 'category_id', 'CATEGORY_NOT_LEAF'],
        [8, 'variant_values', 'VARIANT_DUPLICATE'],
        // The product's other row was not imported either, and is listed (it was in neither list).
        [7, 'product_code', 'IMPORT_PRODUCT_ROW_REFUSED'],
        [9, 'images', 'v:imageRef'],
        // Without its name and its category, it is told both (it was told the category only).
        [10, 'category_id', 'v:required'],
        [10, 'name_en', 'PRODUCT_TEXT_REQUIRED'],
        // An id of no category is not told to choose a lowest-level one.
        [11, 'category_id', 'CATEGORY_NOT_FOUND'],
      ]),
    );
    // Every row that was not imported is listed: 10 rows, 3 of them saved (A-1 and both rows of B-2).
    expect(new Set(job.errors.map((e) => e.row))).toEqual(new Set([5, 6, 7, 8, 9, 10, 11]));
    expect(job.errors.find((e) => e.row === 7)?.message).toBe(
      'Not imported: row 8 of the same product was refused',
    );
    expect(job.errors.find((e) => e.row === 11)?.message).toBe('Category does not exist');
    expect(job.errors.every((e) => e.message.length > 0 && e.message !== e.code)).toBe(true);
    const list = json<TSellerProductsResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/seller/products?sort=oldest',
        headers: bearer(seller.sellerToken),
      }),
    );
    expect(list.pageList.map((p) => [p.code, p.stock, p.variantCount])).toEqual([
      ['A-1', 5, 0],
      ['B-2', 7, 2],
    ]);
    const de = await ctx.app.inject({ method: 'GET', url: '/api/v1/catalog/search/goods?k=alpen&lang=de' });
    expect(json<{ pageList: { name: string }[] }>(de).pageList.map((p) => p.name)).toContain('Alpen-Shirt');

    // Importing the same code again updates that product instead of adding one.
    const again = await importFile(
      seller.sellerToken,
      Buffer.from(
        `product_code,name_en,category_id,selling_price,stock,images\nA-1,Alpine tee v2,${leaf},11,9,${image.url}\n`,
      ),
    );
    const second = await waitForJob(seller.sellerToken, json<TImportJob>(again).id);
    expect(second).toMatchObject({
      savedProducts: 1,
      createdProducts: 0,
      updatedProducts: 1,
      refusedRows: 0,
    });
    const [updated] = await ctx.database.db
      .select({ names: products.names, stock: products.stock })
      .from(products)
      .where(eq(products.code, 'A-1'));
    expect(updated).toMatchObject({ names: { en: 'Alpine tee v2' }, stock: 9 });
  });

  it('tells a price with a thousands separator or other signs to be written as a plain number', async () => {
    const leaf = String(tree.shirts);
    const csv = [
      'product_code,name_en,category_id,selling_price,retail_price,stock,images',
      `P-1,Comma price,${leaf},"1,234.50",,1,${image.url}`,
      `P-2,Dollar price,${leaf},$12,,1,${image.url}`,
      `P-3,Worded price,${leaf},12.50 USDT,,1,${image.url}`,
      `P-4,Dotted thousands,${leaf},5,1.234.50,1,${image.url}`,
      `P-5,Too many decimals,${leaf},1.234567,,1,${image.url}`,
    ].join('\n');
    const res = await importFile(seller.sellerToken, Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForJob(seller.sellerToken, json<TImportJob>(res).id);
    expect(job).toMatchObject({ status: 'done', savedProducts: 0 });
    const plainNumber =
      'Write the price as a plain number, like 1234.50, without thousands separators or other signs';
    expect(job.errors.map((e) => [e.row, e.field, e.code, e.message])).toEqual([
      [2, 'selling_price', 'v:priceFormat', plainNumber],
      [3, 'selling_price', 'v:priceFormat', plainNumber],
      [4, 'selling_price', 'v:priceFormat', plainNumber],
      [5, 'retail_price', 'v:priceFormat', plainNumber],
      // A number with too many decimals keeps the message that says so.
      [6, 'selling_price', 'v:salePrice', 'Please enter a price above 0 with at most 4 decimals'],
    ]);
  });

  it("names the shop's language of a missing name as the editor does, in words rather than its code", async () => {
    const leaf = String(tree.shirts);
    const csv = [
      'product_code,name_en,category_id,selling_price,stock,images',
      `N-1,,${leaf},5,1,${image.url}`,
      `N-2,,,5,1,${image.url}`,
    ].join('\n');
    const res = await importFile(seller.sellerToken, Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForJob(seller.sellerToken, json<TImportJob>(res).id);
    // N-1 reaches the product rules (prepareProduct); N-2, without a category, is refused by the schema first.
    const nameErrors = job.errors.filter((e) => e.code === 'PRODUCT_TEXT_REQUIRED');
    expect(nameErrors.map((e) => [e.row, e.field, e.message])).toEqual([
      [2, 'name_en', "Please enter the name in the shop's language (English)"],
      [3, 'name_en', "Please enter the name in the shop's language (English)"],
    ]);
  });

  it('refuses broken quoting, wrong encodings and too many rows whole, saving nothing', async () => {
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const broken = await importFile(
      seller.sellerToken,
      Buffer.from('product_code,name_en\n"A-9,unterminated\n'),
    );
    expect(json<TError>(broken).error.code).toBe('IMPORT_FILE_INVALID_AT_LINE');
    const latin1 = await importFile(
      seller.sellerToken,
      Buffer.from([0x70, 0x72, 0x6f, 0x64, 0x75, 0x63, 0x74, 0x5f, 0x63, 0x6f, 0x64, 0x65, 0x0a, 0xe9, 0xff]),
    );
    expect(json<TError>(latin1).error.code).toBe('IMPORT_ENCODING_INVALID');
    // A NUL in one cell of a UTF-8 file: named with its row, not blamed on the encoding.
    const nul = await importFile(
      seller.sellerToken,
      Buffer.from('product_code,name_en\nN-1,Fine\n\nN-2,Bro\u0000ken\n'),
    );
    expect(nul.statusCode).toBe(400);
    expect(json<TError>(nul).error).toMatchObject({
      code: 'IMPORT_NUL_CHARACTER',
      message:
        'Row 3 contains a NUL character (an invisible control character); remove it and import the file again',
    });
    const many = `product_code,name_en\n${'X,y\n'.repeat(100_000)}`;
    const tooMany = await importFile(seller.sellerToken, Buffer.from(many));
    expect(json<TError>(tooMany).error.code).toBe('IMPORT_TOO_MANY_ROWS');
    // Wider than any template: refused at the first such row, before the rest is read (a file of commas held the
    // server for seconds; an XLSX cell in the last column, XFD, took it past its memory).
    const wideCsv = await importFile(
      seller.sellerToken,
      Buffer.from(`product_code,name_en\nW-1,Wide${','.repeat(5000)}\n`),
    );
    expect(json<TError>(wideCsv).error).toMatchObject({
      code: 'IMPORT_TOO_MANY_COLUMNS',
      message: 'The file has more than 200 columns; use the columns of the template',
    });
    const wideBook = new ExcelJS.Workbook();
    const wideSheet = wideBook.addWorksheet('Products');
    wideSheet.addRow(['product_code', 'name_en']);
    for (let i = 0; i < 50; i += 1) {
      wideSheet.getCell(i + 2, 16_384).value = 'x';
      wideSheet.getCell(i + 2, 1).value = `W-${i}`;
    }
    const wideXlsx = await importFile(
      seller.sellerToken,
      Buffer.from(await wideBook.xlsx.writeBuffer()),
      'wide.xlsx',
    );
    expect(json<TError>(wideXlsx).error.code).toBe('IMPORT_TOO_MANY_COLUMNS');
    // Read as a stream and stopped past the limit: loaded whole, a million rows held the server for 18 s.
    const longBook = new ExcelJS.Workbook();
    const longSheet = longBook.addWorksheet('Products');
    longSheet.addRow(['product_code', 'name_en']);
    for (let i = 0; i <= 20_000; i += 1) {
      longSheet.addRow([`L-${i}`, 'x']);
    }
    const longXlsx = await importFile(
      seller.sellerToken,
      Buffer.from(await longBook.xlsx.writeBuffer()),
      'long.xlsx',
    );
    expect(json<TError>(longXlsx).error.code).toBe('IMPORT_TOO_MANY_ROWS');
    const after = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    expect(after).toBe(before);
  });

  it('refuses an XLSX that unpacks to more than its bound before reading it (a zip of whitespace)', async () => {
    // 1 MB of upload that unpacked to 1 GB was read for 5 s and written to a temporary file whole.
    const before = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const bomb = await whitespaceWorkbook(IMPORT_XLSX_CONTENT_MAX_BYTES + 1024 * 1024);
    expect(bomb.length).toBeLessThan(IMPORT_FILE_MAX_BYTES);
    const res = await importFile(seller.sellerToken, bomb, 'bomb.xlsx');
    expect(res.statusCode).toBe(413);
    expect(json<TError>(res).error).toMatchObject({
      code: 'IMPORT_CONTENT_TOO_LARGE',
      message: 'The file holds more than 160 MB once unpacked; split it into smaller files',
    });
    const after = (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    expect(after).toBe(before);
    // The bound counts every part unpacked: an ordinary workbook is well inside it, and over a bound below its size.
    const template = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/import-template?format=xlsx',
      headers: bearer(seller.sellerToken),
    });
    expect(template.statusCode).toBe(200);
    await expect(
      assertXlsxContentWithin(template.rawPayload, IMPORT_XLSX_CONTENT_MAX_BYTES),
    ).resolves.toBeUndefined();
    await expect(assertXlsxContentWithin(template.rawPayload, 1024)).rejects.toMatchObject({
      code: 'IMPORT_CONTENT_TOO_LARGE',
    });
  }, 60_000);

  it('exports CSV and XLSX that import back, and reads an XLSX file', async () => {
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/export?format=csv',
      headers: bearer(seller.sellerToken),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('B-2');
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/export?format=xlsx',
      headers: bearer(seller.sellerToken),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(4); // header, A-1, two variants of B-2
    const res = await importFile(seller.sellerToken, xlsx.rawPayload, 'p.xlsx');
    const job = await waitForJob(seller.sellerToken, json<TImportJob>(res).id);
    expect(job).toMatchObject({ status: 'done', savedProducts: 2, errors: [] });
    const template = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/import-template?format=csv',
      headers: bearer(seller.sellerToken),
    });
    expect(template.body.split('\n')[0]).toContain('product_code,name_en,description_en,category_id');

    // A heading left blank (as a spreadsheet saves it): that column is not read; it answered 500.
    const gapped = new ExcelJS.Workbook();
    const sheet = gapped.addWorksheet('Products');
    sheet.getCell('A1').value = 'product_code';
    sheet.getCell('C1').value = 'name_en';
    sheet.getCell('A2').value = 'GAP-1';
    sheet.getCell('C2').value = 'Gapped heading';
    const gap = await importFile(
      seller.sellerToken,
      Buffer.from(await gapped.xlsx.writeBuffer()),
      'gap.xlsx',
    );
    expect(gap.statusCode, gap.body).toBe(200);
  });

  it('imports an exported file back onto the same products, those without a code of their own too (QA seller #1)', async () => {
    const owner = await createTestUser(ctx.database.db);
    const storeId = await createTestStore(ctx.database.db, owner.id, 'Round Trip');
    const picture = await uploadImage(owner.sellerToken);
    const header = 'product_code,name_en,category_id,selling_price,stock,images';
    const made = await importFile(
      owner.sellerToken,
      Buffer.from(
        `${header}\n,No code one,${tree.shirts},10,5,${picture.url}\n,No code two,${tree.shirts},11,6,${picture.url}\n`,
      ),
    );
    expect(await waitForJob(owner.sellerToken, json<TImportJob>(made).id)).toMatchObject({
      savedProducts: 2,
    });
    const shopProducts = () =>
      ctx.database.db
        .select({ id: products.id, code: products.code, stock: products.stock })
        .from(products)
        .where(eq(products.storeId, storeId))
        .orderBy(products.id);
    const before = await shopProducts();
    expect(before.map((p) => p.code)).toEqual(['', '']);

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/export?format=csv',
      headers: bearer(owner.sellerToken),
    });
    const rows = parse(exported.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.product_code).sort()).toEqual(before.map((p) => `ID-${p.id}`).sort());
    const again = await importFile(owner.sellerToken, Buffer.from(exported.body));
    expect(await waitForJob(owner.sellerToken, json<TImportJob>(again).id)).toMatchObject({
      status: 'done',
      savedProducts: 2,
      errors: [],
    });
    const after = await shopProducts();
    // The same two products, updated in place: no copies.
    expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));
  });

  it('exports a name that would start a formula as text, and reads it back as the seller wrote it (QA seller 5)', async () => {
    const name = '=HYPERLINK("http://evil.example","click")';
    const file = [
      'product_code,name_en,category_id,selling_price,stock,images',
      `FORMULA-1,"${name.replaceAll('"', '""')}",${tree.shirts},5,1,${image.url}`,
    ].join('\n');
    const first = await importFile(seller.sellerToken, Buffer.from(file));
    expect(await waitForJob(seller.sellerToken, json<TImportJob>(first).id)).toMatchObject({ errors: [] });
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/products/export?format=csv',
      headers: bearer(seller.sellerToken),
    });
    const rows = parse(exported.body.replace(/^\uFEFF/, '')) as string[][];
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('product_code')] === 'FORMULA-1')!;
    expect(row[header.indexOf('name_en')]).toBe(`'${name}`);
    // Figures stay figures.
    expect(row[header.indexOf('selling_price')]).toMatch(/^5(\.0+)?$/);

    const again = await importFile(seller.sellerToken, exported.rawPayload);
    expect(await waitForJob(seller.sellerToken, json<TImportJob>(again).id)).toMatchObject({ errors: [] });
    const [saved] = await ctx.database.db
      .select({ names: products.names })
      .from(products)
      .where(eq(products.code, 'FORMULA-1'));
    expect(saved?.names.en).toBe(name);
  });

  // Its speed (goal: under 60 s) is measured by `npm run bench` (sellers scenario), not by a timed test.
  it('imports 10,000 rows', async () => {
    const other = await createTestUser(ctx.database.db);
    await createTestStore(ctx.database.db, other.id, 'Bulk Depot');
    const img = await uploadImage(other.sellerToken);
    const lines = ['product_code,name_en,category_id,selling_price,stock,images'];
    for (let i = 0; i < 10_000; i += 1) {
      lines.push(`BULK-${i},Bulk item ${i},${tree.shirts},${(i % 90) + 1}.5,${i % 50},${img.url}`);
    }
    const res = await importFile(other.sellerToken, Buffer.from(lines.join('\n')));
    const job = await waitForJob(other.sellerToken, json<TImportJob>(res).id);
    expect(job).toMatchObject({ status: 'done', savedProducts: 10_000, errors: [] });
  }, 300_000);

  it('reports the rows processed at every batch while it runs, up to the total (not 0 % until done)', async () => {
    const { db } = ctx.database;
    // Every update of the job row is written down as it happens, so the test sees what a poll could have read.
    await db.execute(sql`create table import_progress_seen (seq serial, job_id bigint, processed int,
      total int, status text)`);
    await db.execute(sql`create function note_import_progress() returns trigger language plpgsql as $$
      begin
        insert into import_progress_seen (job_id, processed, total, status)
          values (new.id, new.processed_rows, new.total_rows, new.status);
        return new;
      end $$`);
    await db.execute(sql`create trigger note_import_progress after update on product_imports
      for each row execute function note_import_progress()`);
    try {
      const other = await createTestUser(db);
      await createTestStore(db, other.id, 'Progress Depot');
      const img = await uploadImage(other.sellerToken);
      const lines = ['product_code,name_en,category_id,selling_price,stock,images,attributes,variant_values'];
      // 300 products in 301 rows (the first has two variants), 100 of them already in the shop (updated).
      lines.push(`P-0,Item 0,${tree.shirts},1.5,0,${img.url},Size,S`, 'P-0,,,,,,,M');
      for (let i = 1; i < 300; i += 1) {
        lines.push(`P-${i},Item ${i},${tree.shirts},${(i % 90) + 1}.5,${i % 50},${img.url},,`);
      }
      const first = lines.slice(0, 1).concat(lines.slice(202));
      await waitForJob(
        other.sellerToken,
        json<TImportJob>(await importFile(other.sellerToken, Buffer.from(first.join('\n')))).id,
      );
      const res = await importFile(other.sellerToken, Buffer.from(lines.join('\n')));
      const id = json<TImportJob>(res).id;
      expect(json<TImportJob>(res)).toMatchObject({ status: 'running', totalRows: 301 });
      const job = await waitForJob(other.sellerToken, id);
      expect(job).toMatchObject({
        status: 'done',
        totalRows: 301,
        processedRows: 301,
        savedProducts: 300,
        createdProducts: 200,
        updatedProducts: 100,
        refusedRows: 0,
      });
      const seen = (
        await db.execute(sql`select processed, total, status from import_progress_seen
          where job_id = ${BigInt(id)} order by seq`)
      ).rows as { processed: number; total: number; status: string }[];
      const whileRunning = seen.filter((s) => s.status === 'running').map((s) => s.processed);
      // 300 products in batches of 15: twenty steps, the first a twentieth of the file, each one further.
      expect(whileRunning).toHaveLength(20);
      expect(whileRunning[0]).toBe(16);
      expect(whileRunning.every((n, i) => i === 0 || n === whileRunning[i - 1]! + 15)).toBe(true);
      expect(whileRunning.at(-1)).toBe(301);
      expect(seen.at(-1)).toMatchObject({ processed: 301, total: 301, status: 'done' });
    } finally {
      await db.execute(sql`drop trigger note_import_progress on product_imports`);
      await db.execute(sql`drop function note_import_progress()`);
      await db.execute(sql`drop table import_progress_seen`);
    }
  }, 120_000);

  it('a second seller cannot read another shop’s import job', async () => {
    const owner = await createTestUser(ctx.database.db);
    await createTestStore(ctx.database.db, owner.id, 'Owner Shop');
    const res = await importFile(owner.sellerToken, Buffer.from('product_code,name_en\nZ,zed\n'));
    const id = json<TImportJob>(res).id;
    await waitForJob(owner.sellerToken, id);
    const probe = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/products/import/${id}`,
      headers: bearer(seller.sellerToken),
    });
    expect(probe.statusCode).toBe(404);
  });
});

describe('import QA: refusals that say what is wrong, and re-imports as fast as imports', () => {
  let seller: Awaited<ReturnType<typeof createTestUser>>;
  let storeId: bigint;
  let image: TImage;
  const countOf = async (table: typeof products | typeof productImports) =>
    (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

  beforeAll(async () => {
    seller = await createTestUser(ctx.database.db);
    storeId = await createTestStore(ctx.database.db, seller.id, 'Import QA');
    image = await uploadImage(seller.sellerToken);
  });

  it('refuses an empty file, a header without products and a file named .xlsx that is no workbook, each saying so', async () => {
    const productsBefore = await countOf(products);
    const jobsBefore = await countOf(productImports);
    const headerOnlyBook = new ExcelJS.Workbook();
    headerOnlyBook.addWorksheet('Products').addRow(['product_code', 'name_en']);
    const notAWorkbook = new JSZip();
    notAWorkbook.file('notes.txt', 'not a spreadsheet');
    const empty = 'The file is empty (0 bytes); choose the file with your products';
    const noRows =
      'The file has no product rows; add one row per product under the header row of the template';
    const notXlsx =
      'The file is not a valid XLSX workbook; save it from your spreadsheet as an Excel workbook (.xlsx) or as CSV UTF-8';
    const cases: [Buffer, string, string, string][] = [
      // "Missing or invalid parameter" named nothing the seller could fix.
      [Buffer.alloc(0), 'products.csv', 'IMPORT_FILE_EMPTY', empty],
      [Buffer.alloc(0), 'products.xlsx', 'IMPORT_FILE_EMPTY', empty],
      // The header alone was "done, 0 saved", which read as a success.
      [Buffer.from('product_code,name_en,category_id\n'), 'header.csv', 'IMPORT_NO_ROWS', noRows],
      [Buffer.from('\uFEFFproduct_code,name_en\n,\n\n ,\n'), 'blank-rows.csv', 'IMPORT_NO_ROWS', noRows],
      [Buffer.from(await headerOnlyBook.xlsx.writeBuffer()), 'header.xlsx', 'IMPORT_NO_ROWS', noRows],
      // A CSV renamed .xlsx was read as a CSV, and its header alone was "done, 0 saved".
      [Buffer.from('product_code,name_en\n'), 'fake.xlsx', 'IMPORT_XLSX_INVALID', notXlsx],
      [Buffer.from('product_code,name_en\nQ-1,Renamed\n'), 'FAKE.XLSX', 'IMPORT_XLSX_INVALID', notXlsx],
      [
        Buffer.from([0x9c, 0x11, 0xfe, 0x00, 0x42, 0x7f, 0xc3]),
        'random.xlsx',
        'IMPORT_XLSX_INVALID',
        notXlsx,
      ],
      [
        await notAWorkbook.generateAsync({ type: 'nodebuffer' }),
        'notes.xlsx',
        'IMPORT_XLSX_INVALID',
        notXlsx,
      ],
    ];
    for (const [file, name, code, message] of cases) {
      const res = await importFile(seller.sellerToken, file, name);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(json<TError>(res).error, name).toMatchObject({ code, message });
    }
    const german = await importFile(seller.sellerToken, Buffer.alloc(0), 'leer.csv', 'de');
    expect(json<TError>(german).error.message).toBe(translator('de')('errors:IMPORT_FILE_EMPTY'));
    expect(await countOf(products)).toBe(productsBefore);
    expect(await countOf(productImports)).toBe(jobsBefore);
  });

  it('names the line a CSV could not be read at: a quotation mark inside an unquoted cell, a quote never closed', async () => {
    const hyperlink = [
      'product_code,name_en,category_id,selling_price,stock,images',
      `HL-1,Plain,${tree.shirts},5,1,${image.url}`,
      `HL-2,=HYPERLINK("http://shop.example","click"),${tree.shirts},5,1,${image.url}`,
    ].join('\n');
    const res = await importFile(seller.sellerToken, Buffer.from(hyperlink));
    expect(res.statusCode).toBe(400);
    expect(json<TError>(res).error).toMatchObject({
      code: 'IMPORT_FILE_INVALID_AT_LINE',
      message:
        'The file could not be read at line 3; check the quotation marks on that line (a cell that contains quotation marks must be enclosed in quotation marks, with each inner one doubled)',
    });
    // Found at the end of the file, the quote is told where it opened (line 5; line 4 is empty).
    const unclosed = 'product_code,name_en\r\nUC-1,One\r\nUC-2,Two\r\n\r\nUC-3,"Three\r\nUC-4,Four\r\n';
    const german = await importFile(seller.sellerToken, Buffer.from(unclosed), 'p.csv', 'de');
    expect(json<TError>(german).error).toMatchObject({
      code: 'IMPORT_FILE_INVALID_AT_LINE',
      message: translator('de')('errors:IMPORT_FILE_INVALID_AT_LINE', { line: 5 }),
    });
    expect(json<TError>(german).error.message).toContain('Zeile 5');
  });

  it('says a text holding an invisible control character holds one, beside its field, not that it is required', async () => {
    const csv = [
      'product_code,name_en,description_en,category_id,selling_price,stock,images',
      `CC-1,Cotton tee,"Soft\u0001 cotton",${tree.shirts},5,1,${image.url}`,
    ].join('\n');
    const res = await importFile(seller.sellerToken, Buffer.from(csv));
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForJob(seller.sellerToken, json<TImportJob>(res).id);
    expect(job.errors.map((e) => [e.row, e.field, e.code, e.message])).toEqual([
      [
        2,
        'description_en',
        'v:controlCharacter',
        'The text contains an invisible control character (often pasted from another program); remove it',
      ],
    ]);
  });

  it('updates the products of a re-import a batch at a time, with the results of the editor’s save', async () => {
    const { db } = ctx.database;
    const stranger = await createTestUser(db);
    // Another picture: the same one would be the seller's own upload too (uploads are known by their content).
    const strangerImage = await uploadImage(stranger.sellerToken, '#B91C1C');
    const header =
      'product_code,name_en,category_id,selling_price,stock,images,on_shelf,attributes,variant_values,variant_stock';
    const fillers = Array.from(
      { length: 36 },
      (_, i) => `F-${i},Filler ${i},${tree.shirts},${i + 1}.5,${i},${image.url},true,,,`,
    );
    const first = [
      header,
      `U-1,Stock only,${tree.shirts},10,5,${image.url},true,,,`,
      `U-2,Sized,${tree.shirts},20,,${image.url},true,Size,S,1`,
      'U-2,,,,,,,,M,2',
      'U-2,,,,,,,,L,3',
      `U-3,Taken down,${tree.shirts},30,4,${image.url},true,,,`,
      `U-4,Old picture,${tree.shirts},40,4,${image.url},true,,,`,
      ...fillers,
    ];
    const made = await importFile(seller.sellerToken, Buffer.from(first.join('\n')));
    expect(await waitForJob(seller.sellerToken, json<TImportJob>(made).id)).toMatchObject({
      createdProducts: 40,
      refusedRows: 0,
    });
    const idOf = async (code: string) =>
      (
        await db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.storeId, storeId), eq(products.code, code)))
      )[0]!.id;
    // Staff took U-3 down; U-4 shows a picture that is not the seller's upload (one from before upload owners were
    // recorded): it may stay on U-4, a new product may take it, another product may not (the editor's rule).
    await db
      .update(products)
      .set({ takenDownAt: new Date(), takenDownReason: 'Misleading', isOnShelf: false })
      .where(eq(products.id, await idOf('U-3')));
    await db
      .update(products)
      .set({ images: [strangerImage] })
      .where(eq(products.id, await idOf('U-4')));
    const variantsOf = async (code: string) =>
      db
        .select({ id: productVariants.id, sku: productVariants.sku, stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, await idOf(code)))
        .orderBy(productVariants.sort);
    const sizedBefore = await variantsOf('U-2');

    await db.execute(sql`create table import_update_seen (tx bigint, product_id bigint)`);
    await db.execute(sql`create function note_import_update() returns trigger language plpgsql as $$
      begin
        insert into import_update_seen values (txid_current(), new.id);
        return new;
      end $$`);
    await db.execute(sql`create trigger note_import_update after update on products
      for each row when (new.store_id = ${sql.raw(String(storeId))}) execute function note_import_update()`);
    try {
      const again = [
        header,
        `U-1,Stock only,${tree.shirts},10,8,${image.url},true,,,`,
        `U-2,Sized,${tree.shirts},20,,${image.url},true,Size,S,1`,
        'U-2,,,,,,,,M,5',
        'U-2,,,,,,,,XL,2',
        `U-3,Taken down,${tree.shirts},30,4,${image.url},true,,,`,
        `U-4,Old picture,${tree.shirts},40,4,${strangerImage.url},true,,,`,
        `U-5,New with that picture,${tree.shirts},50,1,${strangerImage.url},true,,,`,
        `F-0,Filler 0,${tree.shirts},1.5,0,${strangerImage.url},true,,,`,
        ...fillers.slice(1),
      ];
      const res = await importFile(seller.sellerToken, Buffer.from(again.join('\n')));
      const job = await waitForJob(seller.sellerToken, json<TImportJob>(res).id);
      expect(job).toMatchObject({
        status: 'done',
        createdProducts: 1,
        updatedProducts: 38,
        refusedRows: 2,
      });
      expect(job.errors.map((e) => [e.row, e.field, e.code])).toEqual([
        [6, 'product_code', 'PRODUCT_TAKEN_DOWN'],
        [9, 'product_code', 'IMAGE_NOT_OWNED'],
      ]);
      const seen = (
        await db.execute(
          sql`select count(*)::int as n, count(distinct tx)::int as txs from import_update_seen`,
        )
      ).rows[0] as { n: number; txs: number };
      // 41 products in batches of 10: the 38 updates in at most 5 transactions (they were one each).
      expect(seen.n).toBe(38);
      expect(seen.txs).toBeLessThanOrEqual(5);
    } finally {
      await db.execute(sql`drop trigger note_import_update on products`);
      await db.execute(sql`drop function note_import_update()`);
      await db.execute(sql`drop table import_update_seen`);
    }
    // As the editor saves: the variants still there keep their ids, L goes, XL comes, and each stock change is
    // recorded with the import as its reason.
    const sizedAfter = await variantsOf('U-2');
    expect(sizedAfter.map((v) => [v.sku, v.stock])).toEqual([
      ['', 1],
      ['', 5],
      ['', 2],
    ]);
    expect(sizedAfter.slice(0, 2).map((v) => v.id)).toEqual(sizedBefore.slice(0, 2).map((v) => v.id));
    expect(sizedAfter[2]!.id).not.toBe(sizedBefore[2]!.id);
    const changes = await db
      .select({
        productId: stockAdjustments.productId,
        variantId: stockAdjustments.variantId,
        delta: stockAdjustments.delta,
        stockAfter: stockAdjustments.stockAfter,
        reason: stockAdjustments.reason,
        userId: stockAdjustments.userId,
      })
      .from(stockAdjustments)
      .where(eq(stockAdjustments.storeId, storeId))
      .orderBy(stockAdjustments.id);
    expect(changes).toEqual([
      {
        productId: await idOf('U-1'),
        variantId: null,
        delta: 3,
        stockAfter: 8,
        reason: '@import',
        userId: seller.id,
      },
      {
        productId: await idOf('U-2'),
        variantId: sizedBefore[1]!.id,
        delta: 3,
        stockAfter: 5,
        reason: '@import',
        userId: seller.id,
      },
    ]);
    const [shop] = await db
      .select({ goodsCount: stores.goodsCount })
      .from(stores)
      .where(eq(stores.id, storeId));
    // 41 products, U-3 off shelf.
    expect(shop?.goodsCount).toBe(40);
    const [sized] = await db
      .select({ stock: products.stock, isOnShelf: products.isOnShelf })
      .from(products)
      .where(eq(products.id, await idOf('U-2')));
    expect(sized).toEqual({ stock: 8, isOnShelf: true });
  });

  it('saves a batch one product at a time when a code clash reaches the database, telling the clash at its row', async () => {
    const { db } = ctx.database;
    const header = 'product_code,name_en,category_id,selling_price,stock,images';
    const made = await importFile(
      seller.sellerToken,
      Buffer.from(
        `${header}\nK-1,One,${tree.shirts},5,1,${image.url}\nK-2,Two,${tree.shirts},6,2,${image.url}\n`,
      ),
    );
    await waitForJob(seller.sellerToken, json<TImportJob>(made).id);
    const rows = await db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.code, ['K-1', 'K-2'])))
      .orderBy(products.id);
    const categoryIds = await loadCategoryIds(db);
    // Both renamed to one code: each passes the check (no product holds it yet), the second write clashes.
    const updates = rows.map((row, i) => {
      const body = ZProductRequest.parse({
        categoryId: String(tree.shirts),
        names: { en: `Renamed ${i}` },
        images: [image.url],
        code: 'K-SAME',
        sellingPrice: '7',
        stock: 3,
      });
      return {
        row: i + 2,
        productId: row.id,
        body,
        prepared: prepareProduct(body, 'en', categoryIds, 500),
        images: [image],
      };
    });
    const result = await updateImportedProducts(
      db,
      ctx.app.deps.config.uploadDir,
      { id: seller.id, storeId },
      'en',
      updates,
    );
    expect(result).toEqual({ updated: 1, refused: [{ row: 3, code: 'PRODUCT_CODE_TAKEN' }] });
    const after = await db
      .select({ code: products.code, names: products.names })
      .from(products)
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(products.id);
    expect(after).toEqual([
      { code: 'K-SAME', names: { en: 'Renamed 0' } },
      { code: 'K-2', names: { en: 'Two' } },
    ]);
  });
});

describe('settlement', () => {
  /** A shop's order of one 37.25 item, shipped and received, commission 8 %. */
  async function receivedOrder(shopName: string) {
    const db = ctx.database.db;
    await setParam(db, 'commission_rate', '0.08');
    await setParam(db, 'order_settle_days', '0');
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, shopName);
    const { productId } = await createTestProduct(db, storeId, { price: '37.25' });
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, '1000');
    const order = await placeTestOrder(db, buyer.id, productId, { quantity: 1 });
    await shipOrder(db, {
      storeId,
      orderNo: order.orderNo,
      carrier: 'DHL',
      trackingNo: shopName.slice(0, 8),
    });
    await receiveOrder(db, { userId: buyer.id, orderNo: order.orderNo });
    return { seller, buyer, orderNo: order.orderNo };
  }

  /** The buyer asks for 10.00 back and the seller approves. */
  async function refundTen(placed: Awaited<ReturnType<typeof receivedOrder>>) {
    const post = (url: string, token: string, payload?: object) =>
      ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const asked = await post(`/api/v1/orders/${placed.orderNo}/refund`, placed.buyer.token, {
      reason: 8,
      amount: '10',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const approved = await post(
      `/api/v1/seller/orders/${placed.orderNo}/refund/approve`,
      placed.seller.sellerToken,
    );
    expect(approved.statusCode, approved.body).toBe(200);
  }

  const thisMonth = () => new Date().toISOString().slice(0, 7);
  const statementOf = async (seller: Awaited<ReturnType<typeof createTestUser>>) =>
    json<TSettlementStatement>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/seller/settlement?month=${thisMonth()}`,
        headers: bearer(seller.sellerToken),
      }),
    );

  it('a refund after settlement reconciles on its line: goods - commission - refunds = net, the refund as the buyer got it', async () => {
    const placed = await receivedOrder('Reconciled Shop');
    expect(await settleCompletedOrders(ctx.database.db, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(
      1,
    );
    await refundTen(placed);
    const statement = await statementOf(placed.seller);
    // 37.25 at 8 %: commission 2.98, of which 0.80 is given back with the 10.00 refunded; the seller returns 9.20.
    expect(statement.lines.pageList).toEqual([
      expect.objectContaining({ goodsAmount: '37.25', commission: '2.18', refunds: '10.00', net: '25.07' }),
    ]);
    const reconciles = (l: { goodsAmount: string; commission: string; refunds: string; net: string }) =>
      parseMoney(l.goodsAmount) - parseMoney(l.commission) - parseMoney(l.refunds) === parseMoney(l.net);
    expect(reconciles(statement.lines.pageList[0]!)).toBe(true);
    expect(reconciles(statement)).toBe(true);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/settlement/statement.csv?month=${thisMonth()}`,
      headers: bearer(placed.seller.sellerToken),
    });
    expect(csv.body.trim().split('\n').pop()!.split(',').slice(4)).toEqual(['2.18', '10.00', '25.07']);
  });

  it('a return refunded before settlement shows on its line as a refund of the whole order amount', async () => {
    const placed = await receivedOrder('Returned Shop');
    // Approving a return after receipt settles the rest at once, out of escrow.
    await refundTen(placed);
    const statement = await statementOf(placed.seller);
    // The order's 37.25, the 10.00 returned; 8 % of the 27.25 settled is 2.18; 25.07 reached the wallet. The line read
    // "27.25, refunds 0.00": an order amount matching no figure of the order, the return nowhere.
    expect(statement.lines.pageList).toEqual([
      expect.objectContaining({ goodsAmount: '37.25', commission: '2.18', refunds: '10.00', net: '25.07' }),
    ]);
    expect(statement).toMatchObject({ goodsAmount: '37.25', refunds: '10.00', net: '25.07' });
  });

  it("a month's statement net equals the seller's ledger movement in that month, and the CSV agrees", async () => {
    const db = ctx.database.db;
    await setParam(db, 'commission_rate', '0.08');
    await setParam(db, 'order_settle_days', '0');
    const seller = await createTestUser(db);
    const storeId = await createTestStore(db, seller.id, 'Ledger Shop');
    const { productId } = await createTestProduct(db, storeId, { price: '37.25' });
    const buyer = await createTestUser(db);
    await fundUser(db, buyer.id, '1000');
    const rival = await createTestUser(db);
    await createTestStore(db, rival.id, 'Rival Ledger Shop');
    const orderNos: string[] = [];
    for (const quantity of [1, 3]) {
      const order = await placeTestOrder(db, buyer.id, productId, { quantity });
      await shipOrder(db, { storeId, orderNo: order.orderNo, carrier: 'DHL', trackingNo: `T${quantity}` });
      await receiveOrder(db, { userId: buyer.id, orderNo: order.orderNo });
      orderNos.push(order.orderNo);
    }
    expect(await settleCompletedOrders(db, new Date(Date.now() + 1000))).toBeGreaterThanOrEqual(2);
    const month = new Date().toISOString().slice(0, 7);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/settlement?month=${month}`,
      headers: bearer(seller.sellerToken),
    });
    expect(res.statusCode, res.body).toBe(200);
    const statement = json<TSettlementStatement>(res);
    const { from, to } = monthRange(month);
    const [movement] = await db
      .select({ sum: sql<string>`coalesce(sum(${ledgerPostings.amount}), 0)::text` })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(
        and(
          eq(ledgerAccounts.kind, 'user_available'),
          eq(ledgerAccounts.userId, seller.id),
          gte(ledgerPostings.createdAt, from),
          lt(ledgerPostings.createdAt, to),
        ),
      );
    expect(parseMoney(statement.net)).toBe(parseMoney(movement!.sum));
    expect(statement.orders).toBe(2);
    // 4 units at 37.25 = 149.00; 8% commission = 11.92; net 137.08
    expect(statement.goodsAmount).toBe('149.00');
    expect(statement.commission).toBe('11.92');
    expect(statement.net).toBe(formatMoney(parseMoney('137.08')));
    expect(statement.lines.pageList.map((l) => l.orderNo).sort()).toEqual([...orderNos].sort());

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/settlement/statement.csv?month=${month}`,
      headers: bearer(seller.sellerToken),
    });
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // Headers a person reads, the times' zone and the figures' unit named in them; the figures plain decimals.
    expect(lines[0]).toBe(
      'Order number,Settled at (UTC),Order amount incl. shipping (USDT),Commission rate,Commission (USDT),Refunds (USDT),Net (USDT)',
    );
    expect(lines[1]!.split(',')[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const total = lines.pop()!.split(',');
    expect(total[0]).toBe('Total');
    expect(total[6]).toBe('137.08');
    // In the reader's language: the request's, as every text of the server.
    for (const lang of ['de', 'ar'] as const) {
      const localised = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/seller/settlement/statement.csv?month=${month}&lang=${lang}`,
        headers: bearer(seller.sellerToken),
      });
      const [header, ...rest] = localised.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      const t = translator(lang);
      expect(parse(header!, { relax_quotes: true })[0]).toEqual(
        ['orderNo', 'settledAt', 'goodsAmount', 'commissionRate', 'commission', 'refunds', 'net'].map((k) =>
          t(`server:statementCsv.${k}`),
        ),
      );
      expect(rest.pop()!.split(',').slice(0, 1)).toEqual([t('server:statementCsv.total')]);
    }

    const rivalView = json<TSettlementStatement>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/seller/settlement?month=${month}`,
        headers: bearer(rival.sellerToken),
      }),
    );
    expect(rivalView.orders).toBe(0);
    expect(rivalView.net).toBe('0.00');
    const rivalCsv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/seller/settlement/statement.csv?month=${month}`,
      headers: bearer(rival.sellerToken),
    });
    expect(rivalCsv.statusCode).toBe(200);
    const rivalLines = rivalCsv.body.trim().split('\n');
    expect(rivalLines.pop()!.split(',')[6]).toBe('0.00');
    expect(rivalLines).toHaveLength(1);

    const dashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/dashboard?range=7d',
      headers: bearer(seller.sellerToken),
    });
    expect(json(dashboard)).toMatchObject({ orders: 2, units: 4, gmv: '149.00' });
    // A Spanish shop's product read in Russian: named in English where it has an English name, as in the catalogue.
    await db
      .update(products)
      .set({ names: { es: 'Bienes de prueba', en: 'Test goods' }, lang: 'es' })
      .where(eq(products.id, productId));
    const russian = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/dashboard?range=7d&lang=ru',
      headers: bearer(seller.sellerToken),
    });
    expect(json<{ topProducts: { name: string }[] }>(russian).topProducts.map((p) => p.name)).toEqual([
      'Test goods',
    ]);
    const rivalDashboard = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/seller/dashboard?range=7d',
      headers: bearer(rival.sellerToken),
    });
    expect(json(rivalDashboard)).toMatchObject({ orders: 0, units: 0, gmv: '0.00' });
    await db.update(stores).set({ status: 'active' }).where(eq(stores.id, storeId));
  });
});

/** A workbook whose one sheet is a heading row and then `spaces` bytes of whitespace: small packed, huge unpacked. */
async function whitespaceWorkbook(spaces: number): Promise<Buffer> {
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const relationships = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const officeDocument = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    `<Relationships xmlns="${relationships}"><Relationship Id="rId1" Type="${officeDocument}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<workbook xmlns="${main}" xmlns:r="${officeDocument}"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${relationships}"><Relationship Id="rId1" Type="${officeDocument}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
  );
  zip.file(
    'xl/worksheets/sheet1.xml',
    Buffer.concat([
      Buffer.from(
        `<worksheet xmlns="${main}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>product_code</t></is></c></row>`,
      ),
      Buffer.alloc(spaces, 0x20),
      Buffer.from('</sheetData></worksheet>'),
    ]),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 1 } });
}
