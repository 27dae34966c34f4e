import { Readable } from 'node:stream';
import {
  formatMoney,
  IMPORT_COLUMNS_MAX,
  IMPORT_ROWS_MAX,
  IMPORT_XLSX_CONTENT_MAX_BYTES,
  isErrorCode,
  LANGUAGE_NAMES,
  LANGUAGES,
  type TImage,
  type TImportFormat,
  type TImportJob,
  type TLanguage,
  type TProductRequest,
  type TProductRequestParsed,
  ZProductRequest,
} from '@caravan/contracts';
import { CsvError, parse } from 'csv-parse/sync';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import type { Database } from '../../db/client';
import { productImports, products, productVariants, stores } from '../../db/schema';
import { AppError, isAppError } from '../../http/app-error';
import { fromSpreadsheetCell, toSpreadsheetCsv } from '../../http/csv';
import { errorMessage, validationMessage } from '../../i18n/messages';
import { clearCatalogCache, readMaxBuy } from '../catalog';
import { resolveSellerImages } from './images';
import {
  findShopProductsByCode,
  loadCategoryIds,
  prepareProduct,
  saveWithCodeGuard,
  type TPreparedProduct,
  type TSeller,
} from './products';
import { updateImportedProducts } from './update-imported-products';

/**
 * Bulk import and export of products (CSV or XLSX). One row is a product, or one variant of it: rows with
 * the same `product_code` form one product (its fields come from the first row; each row with
 * `variant_values` adds a variant). A code that already exists in the shop updates that product. Every
 * product is checked with the editor's rules; refused products are listed with their row and reason
 * while the good ones are saved. A file that cannot be read at all (empty, broken quoting, not UTF-8, too many
 * rows, no product row under the header) is refused whole and nothing is saved.
 */

const BASE_COLUMNS = [
  'product_code',
  'category_id',
  'selling_price',
  'retail_price',
  'original_price',
  'discount_price',
  'discount_ends_at',
  'stock',
  'buy_min',
  'buy_max',
  'dispatch_fee',
  'long_distance_fee',
  'delivery_fee',
  'weight_grams',
  'on_shelf',
  'images',
  'attributes',
  'variant_values',
  'variant_price',
  'variant_stock',
  'variant_code',
] as const;

/** The most products written by one insert. */
const BATCH_MAX = 250;
/**
 * The seller sees progress at batch boundaries, so a file is cut into at least this many batches (of at least
 * BATCH_MIN products): in batches of 250 only, a file of fewer products went from 0 to 100 % at its end, and an
 * exported file imported back (every product an update through the editor's save) sat at 0 % for minutes.
 */
const PROGRESS_STEPS = 20;
const BATCH_MIN = 10;

export function importBatchSize(productCount: number): number {
  return Math.min(BATCH_MAX, Math.max(BATCH_MIN, Math.ceil(productCount / PROGRESS_STEPS)));
}
/** The code an exported row gives a product that has none of its own: `ID-<its id>`. */
const STAND_IN_PREFIX = 'ID-';
const STAND_IN_CODE = /^ID-(\d+)$/;

type TRow = Record<string, string>;
/** A refused row; refusedRow names, for IMPORT_PRODUCT_ROW_REFUSED, the row of the same product that was refused. */
type TRowError = { row: number; field: string; code: string; refusedRow?: number };

function columnsFor(langs: readonly string[]): string[] {
  return [
    'product_code',
    ...langs.flatMap((l) => [`name_${l}`, `description_${l}`]),
    ...BASE_COLUMNS.filter((c) => c !== 'product_code'),
  ];
}

export async function importTemplate(
  db: Database,
  seller: TSeller,
  format: TImportFormat,
): Promise<{ body: Buffer; type: string; name: string }> {
  const [store] = await db.select({ lang: stores.lang }).from(stores).where(eq(stores.id, seller.storeId));
  const langs = store?.lang && store.lang !== 'en' ? [store.lang, 'en'] : ['en'];
  const columns = columnsFor(langs);
  const example: TRow = {
    product_code: 'TEE-001',
    [`name_${langs[0]}`]: 'Cotton T-shirt',
    [`description_${langs[0]}`]: 'Soft cotton',
    category_id: '',
    selling_price: '12.50',
    stock: '',
    buy_min: '1',
    on_shelf: 'true',
    images: '/uploads/img/ab/<hash>-960.webp',
    attributes: 'Colour|Size',
    variant_values: 'Red|M',
    variant_price: '',
    variant_stock: '10',
    variant_code: 'TEE-001-RM',
  };
  return toFile(columns, [example], format, 'products-template');
}

async function toFile(
  columns: string[],
  rows: TRow[],
  format: TImportFormat,
  name: string,
): Promise<{ body: Buffer; type: string; name: string }> {
  if (format === 'csv') {
    // A product named `=HYPERLINK(...)` must reach the seller's spreadsheet as text, not as a formula.
    const text = toSpreadsheetCsv([columns, ...rows.map((r) => columns.map((c) => r[c] ?? ''))]);
    return {
      body: Buffer.from(text, 'utf8'),
      type: 'text/csv; charset=utf-8',
      name: `${name}.csv`,
    };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('products');
  sheet.addRow(columns);
  for (const r of rows) {
    sheet.addRow(columns.map((c) => r[c] ?? ''));
  }
  const data = await book.xlsx.writeBuffer();
  return {
    body: Buffer.from(data as ArrayBuffer),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name: `${name}.xlsx`,
  };
}

/** Every product of the shop (not deleted) in the import format, so an export can be edited and imported back. */
export async function exportProducts(
  db: Database,
  seller: TSeller,
  format: TImportFormat,
): Promise<{ body: Buffer; type: string; name: string }> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, seller.storeId), isNull(products.deletedAt)))
    .orderBy(products.id);
  const variants = rows.length
    ? await db
        .select()
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(productVariants.productId, productVariants.sort, productVariants.id)
    : [];
  const byProduct = new Map<bigint, (typeof variants)[number][]>();
  for (const v of variants) {
    byProduct.set(v.productId, [...(byProduct.get(v.productId) ?? []), v]);
  }
  const langs = new Set<string>();
  for (const r of rows) {
    for (const l of Object.keys(r.names)) {
      langs.add(l);
    }
  }
  const columns = columnsFor(LANGUAGES.filter((l) => langs.has(l)));
  const out: TRow[] = [];
  for (const p of rows) {
    const code = p.code || `${STAND_IN_PREFIX}${p.id}`;
    const base: TRow = {
      product_code: code,
      category_id: String(p.categoryId),
      selling_price: formatMoney(p.sellingPrice),
      retail_price: formatMoney(p.retailPrice),
      original_price: formatMoney(p.originalPrice),
      discount_price: p.discountPrice === null ? '' : formatMoney(p.discountPrice),
      discount_ends_at: p.discountEndsAt ? p.discountEndsAt.toISOString() : '',
      stock: String(p.stock),
      buy_min: String(p.buyMin),
      buy_max: p.buyMax === null ? '' : String(p.buyMax),
      dispatch_fee: formatMoney(p.dispatchFee),
      long_distance_fee: formatMoney(p.longDistanceFee),
      delivery_fee: formatMoney(p.deliveryFee),
      weight_grams: String(p.weightGrams),
      on_shelf: p.isOnShelf ? 'true' : 'false',
      images: p.images.map((i) => i.url).join(' '),
      attributes: p.attributes.map((a) => (a.names as Record<string, string>)[p.lang] ?? '').join('|'),
    };
    for (const [l, text] of Object.entries(p.names)) {
      base[`name_${l}`] = text ?? '';
    }
    for (const [l, text] of Object.entries(p.descriptions)) {
      base[`description_${l}`] = text ?? '';
    }
    const vs = byProduct.get(p.id) ?? [];
    if (vs.length === 0) {
      out.push(base);
      continue;
    }
    vs.forEach((v, i) => {
      const values = p.attributes.map((a) => {
        const value = a.values.find((x) => x.code === v.attrs[a.code]);
        return value ? ((value.names as Record<string, string>)[p.lang] ?? '') : '';
      });
      out.push({
        ...(i === 0 ? base : { product_code: code }),
        variant_values: values.join('|'),
        variant_price: v.price === null ? '' : formatMoney(v.price),
        variant_stock: String(v.stock),
        variant_code: v.sku,
      });
    });
  }
  return toFile(columns, out, format, 'products');
}

/**
 * The format of an uploaded file, told by its content: an XLSX is a zip. A file named .xlsx that is not one (a CSV
 * renamed, a damaged download) is refused as such: read as CSV, a renamed CSV of only its header was "done, 0 saved".
 */
export function importFormatOf(file: Buffer, fileName: string): TImportFormat {
  const isZip =
    file.length > 3 && file[0] === 0x50 && file[1] === 0x4b && file[2] === 0x03 && file[3] === 0x04;
  if (isZip) {
    return 'xlsx';
  }
  // An empty file is told it is empty (readRows), whatever its name.
  if (file.length > 0 && /\.xlsx$/i.test(fileName.trim())) {
    throw new AppError('IMPORT_XLSX_INVALID');
  }
  return 'csv';
}

/** Reads the file into rows of text keyed by the header (first row); refuses unreadable files whole. */
export async function readRows(file: Buffer, format: TImportFormat): Promise<TRow[]> {
  if (file.length === 0) {
    throw new AppError('IMPORT_FILE_EMPTY');
  }
  let table: string[][];
  if (format === 'xlsx') {
    table = await readXlsxTable(file);
  } else {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file);
    } catch {
      throw new AppError('IMPORT_ENCODING_INVALID');
    }
    table = readCsvTable(text.replace(/^\uFEFF/, ''));
  }
  const [header, ...body] = table;
  if (!header?.includes('product_code')) {
    throw new AppError('IMPORT_FILE_INVALID');
  }
  if (body.length > IMPORT_ROWS_MAX) {
    throw new AppError('IMPORT_TOO_MANY_ROWS', { max: IMPORT_ROWS_MAX }, { max: IMPORT_ROWS_MAX });
  }
  const keys = header.map((h) => h.trim().toLowerCase());
  const filled = body.filter((cells) => cells.some((c) => String(c ?? '').trim() !== ''));
  // A NUL cannot be stored in a text column, and the file is otherwise readable UTF-8: the seller is told which
  // row holds it (numbered as refused rows are, the header being row 1) rather than to re-save the file.
  const nulAt = [header, ...filled].findIndex((cells) =>
    cells.some((c) => String(c ?? '').includes('\u0000')),
  );
  if (nulAt >= 0) {
    throw new AppError('IMPORT_NUL_CHARACTER', { row: nulAt + 1 }, { row: nulAt + 1 });
  }
  // A header without products was "done, 0 saved", which the seller took for a success.
  if (filled.length === 0) {
    throw new AppError('IMPORT_NO_ROWS');
  }
  return filled.map((cells) =>
    Object.fromEntries(keys.map((k, i) => [k, fromSpreadsheetCell(String(cells[i] ?? '').trim())])),
  );
}

/** The CSV's records; a file the parser stops on is refused whole, naming the line it stopped at. */
function readCsvTable(text: string): string[][] {
  let lastRecordLine = 0;
  try {
    return parse(text, {
      relax_column_count: true,
      skip_empty_lines: true,
      to: IMPORT_ROWS_MAX + 2,
      // Stopped at the first record wider than any template: a 20 MB file of commas was 10 million fields and
      // held the server for seconds.
      on_record: (record: string[], context) => {
        if (record.length > IMPORT_COLUMNS_MAX) {
          throw tooManyColumns();
        }
        lastRecordLine = context.lines;
        return record;
      },
    }) as string[][];
  } catch (error) {
    if (isAppError(error)) {
      throw error;
    }
    if (!(error instanceof CsvError) || typeof error.lines !== 'number') {
      throw new AppError('IMPORT_FILE_INVALID');
    }
    // A quotation mark never closed is found at the end of the file: the cell it opened starts on the first line
    // with text after the last whole record.
    const line =
      error.code === 'CSV_QUOTE_NOT_CLOSED' ? firstFilledLineAfter(text, lastRecordLine) : error.lines;
    throw new AppError('IMPORT_FILE_INVALID_AT_LINE', { line }, { line });
  }
}

/** The number (from 1) of the first line after line `after` that is not empty. */
function firstFilledLineAfter(text: string, after: number): number {
  const lines = text.split(/\r\n|\n|\r/);
  let index = after;
  while (index < lines.length - 1 && lines[index] === '') {
    index += 1;
  }
  return index + 1;
}

/**
 * The first worksheet's rows as text, read as a stream and stopped at the first row past IMPORT_ROWS_MAX or wider
 * than IMPORT_COLUMNS_MAX. Loaded whole, a 5 MB file of a million rows held the server for 18 s and 1.4 GB before its
 * row count could be read, and a cell in the last column (XFD) of every row took it past its memory. Rows keep their
 * numbers (a missing one is empty), blank cells are '' (ExcelJS leaves holes, and a blank heading ended in a 500).
 */
async function readXlsxTable(file: Buffer): Promise<string[][]> {
  await assertXlsxContentWithin(file, IMPORT_XLSX_CONTENT_MAX_BYTES);
  const table: string[][] = [];
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([file]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      sheets += 1;
      for await (const row of sheet) {
        if (row.number > IMPORT_ROWS_MAX + 1) {
          throw new AppError('IMPORT_TOO_MANY_ROWS', { max: IMPORT_ROWS_MAX }, { max: IMPORT_ROWS_MAX });
        }
        if (row.cellCount > IMPORT_COLUMNS_MAX) {
          throw tooManyColumns();
        }
        const values: unknown[] = Array.isArray(row.values) ? row.values : [];
        while (table.length < row.number - 1) {
          table.push([]);
        }
        table.push(Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => cellText(values[i + 1])));
      }
      // The first worksheet only, as the template has it.
      break;
    }
  } catch (error) {
    throw isAppError(error) ? error : new AppError('IMPORT_XLSX_INVALID');
  }
  // A zip without a worksheet (another kind of document): "check the quoting" said nothing useful of it.
  if (sheets === 0) {
    throw new AppError('IMPORT_XLSX_INVALID');
  }
  return table;
}

/**
 * Refuses an XLSX that unpacks to more than `maxBytes`, before ExcelJS reads it: ExcelJS unpacks every part, and
 * keeps a worksheet that comes before the shared strings in a temporary file, so a zip of whitespace (1 MB that
 * unpacks to 1 GB) held the server for 5 s, 800 MB of memory and 1 GB of disk, and was then taken as an empty
 * import. Counted with the same zip reader ExcelJS uses, so both see the same parts; stopped at the first byte past
 * the bound.
 */
export async function assertXlsxContentWithin(file: Buffer, maxBytes: number): Promise<void> {
  const entries = Readable.from([file]).pipe(unzipper.Parse({ forceStream: true }));
  let unpacked = 0;
  try {
    for await (const entry of entries as AsyncIterable<unzipper.Entry>) {
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        unpacked += chunk.length;
        if (unpacked > maxBytes) {
          const max = Math.floor(maxBytes / (1024 * 1024));
          throw new AppError('IMPORT_CONTENT_TOO_LARGE', { max }, { max });
        }
      }
    }
  } catch (error) {
    throw isAppError(error) ? error : new AppError('IMPORT_XLSX_INVALID');
  } finally {
    entries.destroy();
  }
}

function tooManyColumns(): AppError {
  return new AppError('IMPORT_TOO_MANY_COLUMNS', { max: IMPORT_COLUMNS_MAX }, { max: IMPORT_COLUMNS_MAX });
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) {
    return '';
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (typeof value === 'object') {
    const v = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (v.richText) {
      return v.richText.map((r) => r.text).join('');
    }
    return String(v.text ?? v.result ?? '');
  }
  return String(value);
}

type TGroup = { code: string; firstRow: number; rows: { row: number; data: TRow }[] };

function groupRows(rows: TRow[]): TGroup[] {
  const groups = new Map<string, TGroup>();
  rows.forEach((data, i) => {
    const row = i + 2; // the header is row 1
    const code = data.product_code ?? '';
    const key = code.toLowerCase() || `\u0000${row}`;
    const group = groups.get(key) ?? { code, firstRow: row, rows: [] };
    group.rows.push({ row, data });
    groups.set(key, group);
  });
  return [...groups.values()];
}

const intOr = (v: string | undefined, fallback: number): number => (v ? Number(v) : fallback);
const textOr = (v: string | undefined): string | null => (v ? v : null);

function toRequest(group: TGroup): { request: TProductRequest; variantRows: number[] } {
  const first = group.rows[0]!.data;
  const names: Record<string, string> = {};
  const descriptions: Record<string, string> = {};
  for (const [key, value] of Object.entries(first)) {
    const m = /^(name|description)_([a-z]{2})$/.exec(key);
    if (m && value && (LANGUAGES as readonly string[]).includes(m[2]!)) {
      (m[1] === 'name' ? names : descriptions)[m[2]!] = value;
    }
  }
  const attributeNames = (first.attributes ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter(Boolean);
  const variantRows = group.rows.filter((r) => r.data.variant_values);
  const valuesPerAttribute = attributeNames.map(() => [] as string[]);
  for (const r of variantRows) {
    r.data.variant_values!.split('|').forEach((v, i) => {
      const value = v.trim();
      const list = valuesPerAttribute[i];
      if (list && value && !list.some((x) => x.toLowerCase() === value.toLowerCase())) {
        list.push(value);
      }
    });
  }
  const request: TProductRequest = {
    categoryId: first.category_id ?? '',
    names,
    descriptions,
    images: (first.images ?? '').split(/[\s|]+/).filter(Boolean),
    code: group.code,
    sellingPrice: first.selling_price ?? '',
    retailPrice: textOr(first.retail_price),
    originalPrice: textOr(first.original_price),
    discountPrice: textOr(first.discount_price),
    discountEndsAt: textOr(first.discount_ends_at),
    stock: intOr(first.stock, 0),
    buyMin: intOr(first.buy_min, 1),
    buyMax: first.buy_max ? Number(first.buy_max) : null,
    dispatchFee: first.dispatch_fee || '0',
    longDistanceFee: first.long_distance_fee || '0',
    deliveryFee: first.delivery_fee || '0',
    weightGrams: intOr(first.weight_grams, 0),
    isOnShelf: !['false', '0', 'no', 'off'].includes((first.on_shelf ?? 'true').toLowerCase()),
    attributes: attributeNames.map((name, i) => ({ name, values: valuesPerAttribute[i] ?? [] })),
    variants: variantRows.map((r) => ({
      values: r.data.variant_values!.split('|').map((v) => v.trim()),
      price: textOr(r.data.variant_price),
      stock: intOr(r.data.variant_stock, 0),
      code: r.data.variant_code ?? '',
    })),
  };
  return { request, variantRows: variantRows.map((r) => r.row) };
}

/** The CSV column an error of the request's field belongs to, and its row. */
function locate(group: TGroup, variantRows: number[], path: string): { row: number; field: string } {
  const [head, index, rest] = path.split('.');
  if (head === 'variants' && index !== undefined) {
    const field = rest === 'price' ? 'variant_price' : rest === 'stock' ? 'variant_stock' : 'variant_values';
    return { row: variantRows[Number(index)] ?? group.firstRow, field };
  }
  const map: Record<string, string> = {
    categoryId: 'category_id',
    names: head === 'names' && index ? `name_${index}` : 'name',
    descriptions: index ? `description_${index}` : 'description',
    images: 'images',
    sellingPrice: 'selling_price',
    retailPrice: 'retail_price',
    originalPrice: 'original_price',
    discountPrice: 'discount_price',
    discountEndsAt: 'discount_ends_at',
    buyMin: 'buy_min',
    buyMax: 'buy_max',
    dispatchFee: 'dispatch_fee',
    longDistanceFee: 'long_distance_fee',
    deliveryFee: 'delivery_fee',
    weightGrams: 'weight_grams',
    attributes: 'attributes',
    stock: 'stock',
    code: 'product_code',
  };
  return { row: group.firstRow, field: map[head ?? ''] ?? head ?? '' };
}

export async function startImport(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  file: Buffer,
  format: TImportFormat,
): Promise<{ id: bigint; done: Promise<void> }> {
  const rows = await readRows(file, format);
  const [job] = await db
    .insert(productImports)
    .values({ storeId: seller.storeId, totalRows: rows.length })
    .returning({ id: productImports.id });
  const done = runImport(db, uploadDir, seller, job!.id, rows).catch(async () => {
    await db
      .update(productImports)
      .set({ status: 'failed', failureCode: 'INTERNAL_ERROR', finishedAt: new Date() })
      .where(eq(productImports.id, job!.id));
  });
  return { id: job!.id, done };
}

async function runImport(db: Database, uploadDir: string, seller: TSeller, jobId: bigint, rows: TRow[]) {
  const [store] = await db.select({ lang: stores.lang }).from(stores).where(eq(stores.id, seller.storeId));
  const shopLang = store?.lang ?? 'en';
  const categoryIds = await loadCategoryIds(db);
  const platformMaxBuy = await readMaxBuy(db);
  const imageCache = new Map<string, TImage>();
  // Pictures already on the shop's goods may be reused by the rows (an edited export), even those that
  // predate the upload ownership records; any other picture must be the seller's own upload.
  const updatableImages = new Set(
    (
      await db.execute(sql`select distinct img->>'url' as url from products p, jsonb_array_elements(p.images) img
        where p.store_id = ${seller.storeId} and p.deleted_at is null`)
    ).rows.map((r) => String((r as { url: unknown }).url)),
  );
  const errors: TRowError[] = [];
  const saved = { created: 0, updated: 0, withoutCode: 0 };
  let processed = 0;
  const groups = groupRows(rows);
  const batchSize = importBatchSize(groups.length);
  for (let start = 0; start < groups.length; start += batchSize) {
    const batch = groups.slice(start, start + batchSize);
    const batchErrorsFrom = errors.length;
    const ready: {
      group: TGroup;
      prepared: TPreparedProduct;
      images: TImage[];
      body: TProductRequestParsed;
    }[] = [];
    for (const group of batch) {
      const { request, variantRows } = toRequest(group);
      const parsed = ZProductRequest.safeParse(request);
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const where = locate(group, variantRows, issue.path.join('.'));
          const key = `${where.row}:${where.field}`;
          if (!seen.has(key)) {
            seen.add(key);
            errors.push({ ...where, code: `v:${issue.message}` });
          }
        }
        // The name in the shop's language is prepareProduct's rule, reached only by a row the schema took: said
        // here too, so a row without its name and its category is told both (it was told the category only).
        const shopName = (request.names as Record<string, unknown> | undefined)?.[shopLang];
        const nameAt = locate(group, variantRows, `names.${shopLang}`);
        if (
          (typeof shopName !== 'string' || !shopName.trim()) &&
          !seen.has(`${nameAt.row}:${nameAt.field}`)
        ) {
          errors.push({ ...nameAt, code: 'PRODUCT_TEXT_REQUIRED' });
        }
        continue;
      }
      try {
        const prepared = prepareProduct(parsed.data, shopLang, categoryIds, platformMaxBuy);
        const images: TImage[] = [];
        for (const ref of parsed.data.images) {
          let image = imageCache.get(ref);
          if (!image) {
            [image] = await resolveSellerImages(db, uploadDir, { userId: seller.id }, [ref], updatableImages);
            imageCache.set(ref, image!);
          }
          images.push(image!);
        }
        ready.push({ group, prepared, images, body: parsed.data });
      } catch (error) {
        if (!isAppError(error)) {
          throw error;
        }
        const field = typeof error.details?.field === 'string' ? error.details.field : '';
        errors.push({ ...locate(group, variantRows, field), code: error.code });
      }
    }
    const batchSaved = await saveBatch(db, uploadDir, seller, shopLang, ready, errors);
    saved.created += batchSaved.created;
    saved.updated += batchSaved.updated;
    saved.withoutCode += batchSaved.withoutCode;
    reportRowsOfRefusedProducts(batch, errors.slice(batchErrorsFrom), errors);
    processed += batch.reduce((n, g) => n + g.rows.length, 0);
    await db
      .update(productImports)
      .set({ processedRows: processed, ...savedCounts(saved, errors) })
      .where(eq(productImports.id, jobId));
  }
  await db.execute(sql`update stores set goods_count = (select count(*)::int from products
      where store_id = ${seller.storeId} and is_on_shelf) where id = ${seller.storeId}`);
  clearCatalogCache(db);
  await db
    .update(productImports)
    .set({
      status: 'done',
      processedRows: rows.length,
      ...savedCounts(saved, errors),
      finishedAt: new Date(),
    })
    .where(eq(productImports.id, jobId));
}

function savedCounts(saved: { created: number; updated: number; withoutCode: number }, errors: TRowError[]) {
  return {
    savedProducts: saved.created + saved.updated,
    createdProducts: saved.created,
    createdWithoutCode: saved.withoutCode,
    updatedProducts: saved.updated,
    refusedRows: new Set(errors.map((e) => e.row)).size,
    errors: errors.slice(0, 1000),
  };
}

/**
 * A product is saved whole or not at all: when one of its rows is refused, its other rows are not imported
 * either, and each is listed as such (they were in neither the saved nor the refused count, QA), naming the
 * first refused row of the product.
 */
function reportRowsOfRefusedProducts(batch: TGroup[], batchErrors: TRowError[], errors: TRowError[]) {
  const refused = new Set(batchErrors.map((e) => e.row));
  for (const group of batch) {
    const refusedRows = group.rows.map((r) => r.row).filter((row) => refused.has(row));
    if (refusedRows.length === 0) {
      continue;
    }
    for (const { row } of group.rows) {
      if (!refused.has(row)) {
        errors.push({
          row,
          field: 'product_code',
          code: 'IMPORT_PRODUCT_ROW_REFUSED',
          refusedRow: refusedRows[0]!,
        });
      }
    }
  }
}

/**
 * New products of a batch are written with one insert (and one for their variants); a code that already
 * exists updates that product with the editor's rules (updateImportedProducts), which keep variant ids and stock
 * history.
 */
async function saveBatch(
  db: Database,
  uploadDir: string,
  seller: TSeller,
  shopLang: string,
  ready: { group: TGroup; prepared: TPreparedProduct; images: TImage[]; body: TProductRequestParsed }[],
  errors: TRowError[],
): Promise<{ created: number; updated: number; withoutCode: number }> {
  if (ready.length === 0) {
    return { created: 0, updated: 0, withoutCode: 0 };
  }
  const codes = ready.map((r) => r.group.code).filter(Boolean);
  const existing = await findShopProductsByCode(db, seller.storeId, codes);
  const byCode = new Map<string, bigint>();
  for (const e of existing) {
    if (!byCode.has(e.code)) {
      byCode.set(e.code, e.id);
    }
  }
  // The export writes `ID-<id>` for a product without a code of its own (exportRows): that row is the product, so a
  // file exported and imported back updates it rather than adding a copy of every such product.
  const standIns = new Map<bigint, string>();
  for (const code of codes) {
    const id = STAND_IN_CODE.exec(code)?.[1];
    if (id && !byCode.has(code) && id.length <= 18) {
      standIns.set(BigInt(id), code);
    }
  }
  if (standIns.size > 0) {
    const codeless = await db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.storeId, seller.storeId),
          isNull(products.deletedAt),
          eq(products.code, ''),
          inArray(products.id, [...standIns.keys()]),
        ),
      );
    for (const { id } of codeless) {
      byCode.set(standIns.get(id)!, id);
    }
  }
  const fresh = ready.filter((r) => !r.group.code || !byCode.has(r.group.code));
  const { updated, refused } = await updateImportedProducts(
    db,
    uploadDir,
    seller,
    shopLang,
    ready
      .filter((r) => r.group.code && byCode.has(r.group.code))
      .map((r) => ({
        row: r.group.firstRow,
        productId: byCode.get(r.group.code)!,
        body: r.body,
        prepared: r.prepared,
        images: r.images,
      })),
  );
  for (const { row, code } of refused) {
    errors.push({ row, field: 'product_code', code });
  }
  if (fresh.length > 0) {
    await saveWithCodeGuard(() =>
      db.transaction(async (tx) => {
        const inserted = await tx
          .insert(products)
          .values(fresh.map((r) => ({ ...r.prepared.values, images: r.images, storeId: seller.storeId })))
          .returning({ id: products.id });
        const variantValues = fresh.flatMap((r, i) =>
          r.prepared.variants.map((v, sort) => ({
            productId: inserted[i]!.id,
            attrs: v.attrs,
            price: v.price,
            stock: v.stock,
            sku: v.sku,
            sort,
          })),
        );
        if (variantValues.length > 0) {
          await tx.insert(productVariants).values(variantValues);
        }
      }),
    );
  }
  return { created: fresh.length, updated, withoutCode: fresh.filter((r) => !r.group.code).length };
}

export async function getImportJob(
  db: Database,
  seller: TSeller,
  lang: TLanguage,
  id: bigint,
): Promise<TImportJob> {
  const [job] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.id, id), eq(productImports.storeId, seller.storeId)));
  if (!job) {
    throw new AppError('IMPORT_NOT_FOUND');
  }
  return toImportJob(job, lang);
}

/** A language named as the product editor names it ("English", not "en"); an unknown code is left as it is. */
function languageName(code: string): string {
  return (LANGUAGE_NAMES as Record<string, string>)[code] ?? code;
}

export function toImportJob(job: typeof productImports.$inferSelect, lang: TLanguage): TImportJob {
  return {
    id: String(job.id),
    status: job.status,
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    savedProducts: job.savedProducts,
    createdProducts: job.createdProducts,
    updatedProducts: job.updatedProducts,
    createdWithoutCode: job.createdWithoutCode,
    refusedRows: job.refusedRows,
    errors: job.errors.map(({ refusedRow, ...e }) => ({
      ...e,
      message: e.code.startsWith('v:')
        ? validationMessage(lang, e.code.slice(2))
        : isErrorCode(e.code)
          ? errorMessage(lang, e.code, {
              lang: languageName(/^name_([a-z]{2})$/.exec(e.field)?.[1] ?? ''),
              max: IMPORT_ROWS_MAX,
              row: refusedRow,
            })
          : e.code,
    })),
    failure:
      job.failureCode && isErrorCode(job.failureCode)
        ? { code: job.failureCode, message: errorMessage(lang, job.failureCode) }
        : null,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
  };
}
