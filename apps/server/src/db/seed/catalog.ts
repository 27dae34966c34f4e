import { isRtlLanguage, LANGUAGES, type TImage, type TLocalizedText, type TMoney } from '@caravan/contracts';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, newInvitationCode, newUsercode } from '../../modules/auth';
import type { Database, Executor } from '../client';
import {
  banners,
  categories,
  products,
  productVariants,
  reviews,
  stores,
  type TProductAttributeDef,
  users,
} from '../schema';
import { BANNER_TITLES } from './banner-texts';
import { bannerSvg, categoryIconSvg, logoSvg, pictureSvg, renderPicture } from './catalog-pictures';
import {
  ADJECTIVES,
  ATTRIBUTE_NAMES,
  CATALOG_TREE,
  COLOURS,
  DESCRIPTION_TEMPLATES,
  LEAF_SHAPES,
  NAME_TEMPLATES,
  platformWordsToRecord,
  REVIEW_TEXTS,
  SEED_LANGS,
  SIZES,
  STORE_PROFILES,
  type TPictureShape,
  type TSeedLang,
  wordsToRecord,
} from './catalog-words';
import {
  DEMO_REVIEWER_COUNT,
  DEMO_REVIEWER_PASSWORD as REVIEWER_PASSWORD,
  DEMO_SELLER_PASSWORD as SELLER_PASSWORD,
} from './demo-passwords';

export const DEMO_PRODUCT_COUNT = 400;
const COMPOSITIONS = 3;
const BATCH = 400;
const CENT = 100_000_000n;

/** Small deterministic generator (mulberry32) so demo data is the same on every machine. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}
type TRandom = ReturnType<typeof createRandom>;

/** A money value of `cents` hundredths of USDT. */
function cents(value: number): TMoney {
  return BigInt(Math.max(0, Math.round(value))) * CENT;
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

type TPictureSet = Map<string, TImage>;
/** The kind of goods a leaf's pictures show; a leaf renamed by staff since shows a parcel. */
function shapeOfLeaf(englishName: string): TPictureShape {
  return LEAF_SHAPES[englishName] ?? 'box';
}

const pictureKey = (shape: TPictureShape, colour: string, composition: number) =>
  `${shape}:${colour}:${composition}`;

/**
 * Renders the base pictures once (every kind of goods x colour x composition); products reuse them.
 * Files are named by content hash, so running again only re-reads them.
 */
export async function renderCatalogPictures(uploadDir: string): Promise<TPictureSet> {
  const jobs: { shape: TPictureShape; colour: (typeof COLOURS)[number]; composition: number }[] = [];
  for (const shape of new Set(Object.values(LEAF_SHAPES))) {
    for (const colour of COLOURS) {
      for (let composition = 0; composition < COMPOSITIONS; composition++) {
        jobs.push({ shape, colour, composition });
      }
    }
  }
  const images = await mapLimited(jobs, 4, (job) =>
    renderPicture(pictureSvg(job.shape, job.colour, job.composition), uploadDir),
  );
  const set: TPictureSet = new Map();
  jobs.forEach((job, i) => {
    set.set(pictureKey(job.shape, job.colour.code, job.composition), images[i]!);
  });
  return set;
}

/**
 * The icon of each top-level category (in CATALOG_TREE's order), stored like an upload: its address, the reference a
 * category keeps. Seven small pictures, a few milliseconds each.
 */
async function renderCategoryIcons(uploadDir: string): Promise<string[]> {
  const icons = await mapLimited([...CATALOG_TREE], 4, (top) =>
    renderPicture(categoryIconSvg(top.icon), uploadDir),
  );
  return icons.map((icon) => icon.url);
}

type TLeaf = { id: bigint; topIndex: number; names: Record<TSeedLang, string>; shape: TPictureShape };

/** The three levels of CATALOG_TREE; `icons` are the top level's pictures (renderCategoryIcons), the others have none. */
async function insertCategories(db: Executor, icons: readonly string[]): Promise<TLeaf[]> {
  const leaves: TLeaf[] = [];
  for (const [topIndex, top] of CATALOG_TREE.entries()) {
    const [topRow] = await db
      .insert(categories)
      .values({
        level: 1,
        sort: topIndex,
        icon: icons[topIndex] ?? '',
        isRecommended: true,
        names: platformWordsToRecord(top.names),
      })
      .returning({ id: categories.id });
    for (const [midIndex, mid] of top.children.entries()) {
      const [midRow] = await db
        .insert(categories)
        .values({
          parentId: topRow!.id,
          level: 2,
          sort: midIndex,
          isRecommended: midIndex === 0,
          names: platformWordsToRecord(mid.names),
        })
        .returning({ id: categories.id });
      const rows = await db
        .insert(categories)
        .values(
          mid.leaves.map((leaf, leafIndex) => ({
            parentId: midRow!.id,
            level: 3,
            sort: leafIndex,
            isRecommended: false,
            names: platformWordsToRecord(leaf),
          })),
        )
        .returning({ id: categories.id });
      rows.forEach((row, i) => {
        const leaf = mid.leaves[i]!;
        leaves.push({
          id: row.id,
          topIndex,
          names: wordsToRecord(leaf),
          shape: shapeOfLeaf(leaf[0]),
        });
      });
    }
  }
  return leaves;
}

type TSeedStore = { id: bigint; lang: TSeedLang; focus: number[] };

async function insertStores(
  db: Executor,
  demo: { storeId: bigint },
  uploadDir: string,
): Promise<TSeedStore[]> {
  const palette = ['#0F766E', '#E4572E', '#2F6FD6', '#7C3AED', '#B45309', '#15803D', '#BE185D', '#0369A1'];
  const demoName = 'Caravan Demo Trading Co.';
  const profiles = [
    { name: demoName, lang: 'en' as TSeedLang, description: '', focus: [0, 1, 3] },
    ...STORE_PROFILES,
  ];
  const pictures = await mapLimited(profiles, 4, async (profile) => {
    const index = profiles.indexOf(profile);
    const colour = palette[index % palette.length]!;
    const top = CATALOG_TREE[profile.focus[0]!]!;
    const [logo, banner] = await Promise.all([
      renderPicture(logoSvg(profile.name, colour), uploadDir),
      renderPicture(bannerSvg(colour, top.icon, COLOURS[index % COLOURS.length]!), uploadDir),
    ]);
    return { logo, banner };
  });
  await db
    .update(stores)
    .set({
      logo: pictures[0]!.logo,
      logoUrl: pictures[0]!.logo.url,
      banner: pictures[0]!.banner,
      bannerUrl: pictures[0]!.banner.url,
    })
    .where(eq(stores.id, demo.storeId));
  const result: TSeedStore[] = [{ id: demo.storeId, lang: 'en', focus: profiles[0]!.focus }];
  const passwordHash = await hashPassword(SELLER_PASSWORD);
  for (const [i, profile] of STORE_PROFILES.entries()) {
    const username = `seller${String(i + 1).padStart(2, '0')}`;
    const [owner] = await db
      .insert(users)
      .values({
        usercode: newUsercode(),
        username,
        email: `${username}@caravan.example`,
        passwordHash,
        invitationCode: newInvitationCode(),
        isDemo: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!owner) {
      continue;
    }
    const pics = pictures[i + 1]!;
    const [store] = await db
      .insert(stores)
      .values({
        ownerUserId: owner.id,
        name: profile.name,
        description: profile.description,
        lang: profile.lang,
        isRecommended: i < 5 ? 1 : 0,
        logo: pics.logo,
        logoUrl: pics.logo.url,
        banner: pics.banner,
        bannerUrl: pics.banner.url,
      })
      .returning({ id: stores.id });
    result.push({ id: store!.id, lang: profile.lang, focus: [...profile.focus] });
  }
  return result;
}

async function insertReviewers(db: Executor): Promise<bigint[]> {
  const passwordHash = await hashPassword(REVIEWER_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: DEMO_REVIEWER_COUNT }, (_, i) => {
        const username = `reviewer${String(i + 1).padStart(2, '0')}`;
        return {
          usercode: newUsercode(),
          username,
          email: `${username}@caravan.example`,
          passwordHash,
          invitationCode: newInvitationCode(),
          avatar: (i % 20) + 1,
          isDemo: true,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

type TProductPlan = {
  row: typeof products.$inferInsert;
  variants: Omit<typeof productVariants.$inferInsert, 'productId'>[];
  reviews: Omit<typeof reviews.$inferInsert, 'productId' | 'storeId'>[];
};

function planProduct(
  random: TRandom,
  ctx: { leaves: TLeaf[]; stores: TSeedStore[]; pictures: TPictureSet; reviewers: bigint[]; now: number },
  index: number,
): TProductPlan {
  const store = ctx.stores[index % ctx.stores.length]!;
  const topIndex = random.pick(store.focus);
  const top = CATALOG_TREE[topIndex]!;
  const leaf = random.pick(ctx.leaves.filter((l) => l.topIndex === topIndex));
  const adjective = wordsToRecord(random.pick(ADJECTIVES));
  const material = wordsToRecord(random.pick(top.materials));
  const isPartial = random.chance(0.1);
  const langs = isPartial ? [...new Set<TSeedLang>(['en', store.lang])] : SEED_LANGS;
  const minOrder = random.pick([1, 1, 1, 2, 5, 10]);
  const names: TLocalizedText = {};
  const descriptions: TLocalizedText = {};
  for (const lang of langs) {
    const name = NAME_TEMPLATES[lang](adjective[lang], material[lang], leaf.names[lang]);
    names[lang] = name;
    descriptions[lang] = DESCRIPTION_TEMPLATES[lang](name, minOrder);
  }
  const colours = [...COLOURS].sort(() => random.next() - 0.5).slice(0, 3);
  const main = colours[0]!;
  const images = [
    ctx.pictures.get(pictureKey(leaf.shape, main.code, 0))!,
    ctx.pictures.get(pictureKey(leaf.shape, main.code, 1))!,
    ctx.pictures.get(pictureKey(leaf.shape, colours[1]!.code, 2))!,
    ctx.pictures.get(pictureKey(leaf.shape, colours[2]!.code, 0))!,
  ];
  const selling = random.int(top.priceRange[0] * 100, top.priceRange[1] * 100);
  const isDiscounted = random.chance(0.25);
  const discount = isDiscounted ? Math.round(selling * (0.6 + random.next() * 0.3)) : null;
  const attributes: TProductAttributeDef[] = [
    {
      code: 'colour',
      names: platformWordsToRecord(ATTRIBUTE_NAMES.colour),
      values: colours.map((c) => ({ code: c.code, names: platformWordsToRecord(c.names) })),
    },
  ];
  if (top.hasSizes) {
    attributes.push({
      code: 'size',
      names: platformWordsToRecord(ATTRIBUTE_NAMES.size),
      values: SIZES.map((s) => ({ code: s.toLowerCase(), names: { en: s } })),
    });
  }
  const variants: TProductPlan['variants'] = [];
  for (const colour of colours) {
    for (const size of top.hasSizes ? SIZES : [null]) {
      variants.push({
        attrs: size ? { colour: colour.code, size: size.toLowerCase() } : { colour: colour.code },
        sku: `${index}-${colour.code}${size ? `-${size}` : ''}`,
        price: size === 'XL' ? cents(selling * 1.1) : null,
        stock: random.int(0, 400),
        sort: variants.length,
      });
    }
  }
  const soldCount = Math.floor(random.next() ** 3 * 5000);
  const createdAt = new Date(ctx.now - Math.floor(random.next() ** 2 * 60 * 86_400_000));
  const reviewCount = random.chance(0.3) ? 0 : random.int(1, 8);
  const plannedReviews: TProductPlan['reviews'] = [];
  const counters = { good: 0, medium: 0, bad: 0, photo: 0 };
  for (let r = 0; r < reviewCount; r++) {
    const roll = random.next();
    const rating = roll < 0.8 ? 'good' : roll < 0.95 ? 'medium' : 'bad';
    const hasPhotos = random.chance(0.25);
    counters[rating]++;
    if (hasPhotos) {
      counters.photo++;
    }
    plannedReviews.push({
      userId: random.pick(ctx.reviewers),
      rating,
      content: random.pick(REVIEW_TEXTS[rating]),
      images: hasPhotos ? images.slice(0, random.int(1, 3)).map((img) => img.url) : [],
      // Between the listing and the seeding: a review is never dated in the future.
      createdAt: new Date(createdAt.getTime() + Math.floor(random.next() * (ctx.now - createdAt.getTime()))),
    });
  }
  return {
    row: {
      storeId: store.id,
      categoryId: leaf.id,
      lang: store.lang,
      names,
      descriptions,
      images,
      attributes,
      price: cents(discount ?? selling),
      sellingPrice: cents(selling),
      originalPrice: cents(selling * (1.2 + random.next() * 0.4)),
      retailPrice: cents(selling * (1.8 + random.next() * 0.7)),
      discountPrice: discount === null ? null : cents(discount),
      isDiscounted,
      discountEndsAt:
        isDiscounted && random.chance(0.5) ? new Date(ctx.now + random.int(3, 30) * 86_400_000) : null,
      stock: variants.reduce((sum, v) => sum + (v.stock ?? 0), 0),
      soldCount,
      pageViews: soldCount * random.int(3, 20) + random.int(0, 200),
      dispatchFee: cents(random.int(0, 200)),
      longDistanceFee: cents(random.pick([0, 0, 350, 500, 990])),
      deliveryFee: cents(random.int(0, 300)),
      buyMin: minOrder,
      isOnShelf: random.chance(0.97),
      isRecommended: random.chance(0.15),
      evaluationNum: reviewCount,
      goodCount: counters.good,
      mediumCount: counters.medium,
      badCount: counters.bad,
      photoCount: counters.photo,
      createdAt,
      updatedAt: createdAt,
    },
    variants,
    reviews: plannedReviews,
  };
}

export type TCatalogContext = {
  leaves: TLeaf[];
  stores: TSeedStore[];
  pictures: TPictureSet;
  reviewers: bigint[];
};

/** Inserts `count` generated products (with variants and reviews) in multi-row batches. */
export async function insertProducts(
  db: Executor,
  ctx: TCatalogContext,
  count: number,
  options: { seed?: number; startIndex?: number; onBatch?: (done: number) => void } = {},
) {
  const random = createRandom(options.seed ?? 7);
  const now = Date.now();
  const start = options.startIndex ?? 0;
  for (let offset = 0; offset < count; offset += BATCH) {
    const plans = Array.from({ length: Math.min(BATCH, count - offset) }, (_, i) =>
      planProduct(random, { ...ctx, now }, start + offset + i),
    );
    // One transaction per batch: the stock table's triggers wait for the commit (migration 0048) to read the
    // variants written after their products.
    await db.transaction(async (tx) => {
      const ids = await tx
        .insert(products)
        .values(plans.map((p) => p.row))
        .returning({ id: products.id, storeId: products.storeId });
      const variantRows = plans.flatMap((plan, i) =>
        plan.variants.map((v) => ({ ...v, productId: ids[i]!.id })),
      );
      for (let v = 0; v < variantRows.length; v += 2_000) {
        await tx.insert(productVariants).values(variantRows.slice(v, v + 2_000));
      }
      const reviewRows = plans.flatMap((plan, i) =>
        plan.reviews.map((r) => ({ ...r, productId: ids[i]!.id, storeId: ids[i]!.storeId })),
      );
      for (let r = 0; r < reviewRows.length; r += 2_000) {
        await tx.insert(reviews).values(reviewRows.slice(r, r + 2_000));
      }
    });
    options.onBatch?.(offset + plans.length);
  }
}

/** Store counters (goods, sold, reviews) recomputed from the products after seeding. */
export async function refreshStoreCounters(db: Executor) {
  await db.execute(sql`update stores s set
      goods_count = x.goods, sold_count = x.sold, good_reviews = x.good, total_reviews = x.total
    from (select store_id, count(*) filter (where is_on_shelf)::int as goods, sum(sold_count)::int as sold,
        sum(good_count)::int as good, sum(good_count + medium_count + bad_count)::int as total
      from products group by store_id) x
    where x.store_id = s.id`);
}

async function insertBanners(db: Executor, uploadDir: string, leaves: TLeaf[]) {
  const slides = [
    { colour: '#0F766E', top: 2 },
    { colour: '#E4572E', top: 0 },
    { colour: '#2F6FD6', top: 1 },
    { colour: '#B45309', top: 3 },
  ];
  // The pictures carry no words: the storefront draws each banner's title, in the visitor's language, over them.
  // Right-to-left languages get the picture with its art on the left, as their text starts on the right.
  const draw = (slide: (typeof slides)[number], direction: 'ltr' | 'rtl') =>
    renderPicture(
      bannerSvg(slide.colour, CATALOG_TREE[slide.top]!.icon, COLOURS[slide.top]!, direction),
      uploadDir,
    );
  const [images, rtlImages] = await Promise.all([
    mapLimited(slides, 4, (slide) => draw(slide, 'ltr')),
    mapLimited(slides, 4, (slide) => draw(slide, 'rtl')),
  ]);
  const rtlLanguages = LANGUAGES.filter((lang) => isRtlLanguage(lang));
  await db.insert(banners).values(
    slides.map((slide, i) => {
      const leaf = leaves.find((l) => l.topIndex === slide.top);
      return {
        titles: { ...BANNER_TITLES[i]! },
        image: images[i]!,
        images: Object.fromEntries(rtlLanguages.map((lang) => [lang, rtlImages[i]!])),
        link: i === 2 ? '/discounted' : `/classification?id=${leaf?.id ?? ''}`,
        sort: i,
      };
    }),
  );
}

/**
 * The demo marketplace: 49 categories in three levels (the top level with icons), 12 stores (the demo seller's among
 * them), their owners, reviewers, 400 products with pictures, variants and reviews, and home banners. Pictures are
 * rendered before the transaction (files), rows are written in one transaction.
 */
export async function seedDemoCatalog(
  db: Database,
  options: { storeId: bigint; uploadDir: string; products?: number },
): Promise<{ products: number; stores: number }> {
  const [pictures, icons] = await Promise.all([
    renderCatalogPictures(options.uploadDir),
    renderCategoryIcons(options.uploadDir),
  ]);
  return db.transaction(async (tx) => {
    const leaves = await insertCategories(tx, icons);
    const seedStores = await insertStores(tx, { storeId: options.storeId }, options.uploadDir);
    const reviewers = await insertReviewers(tx);
    const count = options.products ?? DEMO_PRODUCT_COUNT;
    await insertProducts(tx, { leaves, stores: seedStores, pictures, reviewers }, count);
    await insertBanners(tx, options.uploadDir, leaves);
    await refreshStoreCounters(tx);
    return { products: count, stores: seedStores.length };
  });
}

/** Context for adding products to an existing demo catalogue (seed-cli --products). */
export async function loadCatalogContext(db: Database, uploadDir: string): Promise<TCatalogContext> {
  const pictures = await renderCatalogPictures(uploadDir);
  const leafRows = await db.execute(sql`select c.id::text as id, c.names, top.sort as top_index
    from categories c join categories mid on mid.id = c.parent_id join categories top on top.id = mid.parent_id
    where c.level = 3`);
  const leaves = (leafRows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: BigInt(String(r.id)),
    topIndex: Number(r.top_index),
    names: r.names as Record<TSeedLang, string>,
    shape: shapeOfLeaf(String((r.names as Record<string, string>).en)),
  }));
  const storeRows = await db.select({ id: stores.id, lang: stores.lang }).from(stores).orderBy(stores.id);
  const seedStores = storeRows.map((s, i) => ({
    id: s.id,
    lang: ((SEED_LANGS as readonly string[]).includes(s.lang) ? s.lang : 'en') as TSeedLang,
    focus: i === 0 ? [0, 1, 3] : [...(STORE_PROFILES[(i - 1) % STORE_PROFILES.length]?.focus ?? [0])],
  }));
  const reviewerRows = await db.execute(
    sql`select id::text as id from users where username like 'reviewer%'`,
  );
  const reviewers = (reviewerRows as unknown as { rows: Record<string, unknown>[] }).rows.map((r) =>
    BigInt(String(r.id)),
  );
  if (leaves.length === 0 || seedStores.length === 0 || reviewers.length === 0) {
    throw new Error(
      'The demo catalogue is missing: start the server once (or run the seed without --products).',
    );
  }
  return { leaves, stores: seedStores, pictures, reviewers };
}
