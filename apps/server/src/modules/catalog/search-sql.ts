import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import { allowedTypos, typoDistance } from './edit-distance';
import { rowsOf } from './present';

const MAX_WORDS = 8;
/** Closest dictionary words tried for one mistyped word. */
const CORRECTIONS_PER_WORD = 3;

/**
 * Substring matching uses the trigram index only with three characters; CJK and other non-Latin words
 * are often shorter, so a non-Latin letter also qualifies. Punctuation alone never does (it would scan
 * every product).
 */
function isTrigramWorthy(keyword: string): boolean {
  const chars = Array.from(keyword);
  const hasNonLatinLetter = chars.some((ch) => /\p{L}/u.test(ch) && !/\p{Script=Latin}/u.test(ch));
  const alphanumeric = chars.filter((ch) => /[\p{L}\p{N}]/u.test(ch)).length;
  return hasNonLatinLetter || alphanumeric >= 3;
}

/** Lower-cased words without accents, letters and digits only (what the 'simple' parser indexes). */
export function keywordWords(keyword: string): string[] {
  return keyword
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

/** A lexeme quoted for to_tsquery text: quotes and backslashes doubled/escaped. */
function quoteLexeme(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Words of the keyword as a prefix tsquery text ('cott':* & 'shi':*). */
export function prefixTsQuery(keyword: string): string {
  return keywordWords(keyword)
    .map((w) => `${quoteLexeme(w)}:*`)
    .join(' & ');
}

export type TKeywordSql = {
  /** Rows matching the keyword. */
  where: SQL;
  /** Exact name first, then name prefix, then text rank, then sales. */
  orderBy: SQL;
};

function normalised(keyword: string) {
  const norm = sql`caravan_search_norm(${keyword})`;
  const escaped = sql`replace(replace(replace(${norm}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
  return { norm, escaped };
}

/**
 * `text` contains `keyword`, both folded like the storefront search (caravan_search_norm: lower case, accents
 * removed), so "portátil" and "portatil" find the same rows. `text` must already be normalised (search_text,
 * caravan_search_norm(column)); the keyword is a bound parameter with the LIKE wildcards taken literally.
 */
export function foldedContainsSql(text: SQL, keyword: string): SQL {
  const { escaped } = normalised(keyword);
  return sql`${text} like '%' || ${escaped} || '%'`;
}

/**
 * Direct matches over products `p`: every word as a word prefix (full-text GIN index), or with
 * `isSubstring` the keyword as a substring of a name in any language (trigram GIN index; covers CJK,
 * which has no word breaks, and mid-word parts). The keyword is only ever a bound parameter;
 * normalisation happens in SQL so it matches the indexed text exactly.
 */
export function productKeywordSql(
  keyword: string,
  isSubstring = false,
  synonyms: string[] = [],
): TKeywordSql {
  const { norm, escaped } = normalised(keyword);
  const tsQuery = prefixTsQuery(keyword);
  const isWordSearch = Boolean(tsQuery) && !isSubstring;
  const containsKeyword = sql`p.search_text like '%' || ${escaped} || '%'`;
  const containsSynonym = synonyms.map((word) => sql`p.search_text like '%' || ${escapeLike(word)} || '%'`);
  const where = isWordSearch
    ? sql`p.search_vector @@ to_tsquery('simple', ${tsQuery})`
    : sql`(${sql.join([containsKeyword, ...containsSynonym], sql` or `)})`;
  const rank = isWordSearch ? sql`ts_rank(p.search_vector, to_tsquery('simple', ${tsQuery})) desc,` : sql``;
  // Ordering tests every match, so it finds text with strpos, not LIKE: LIKE's '%' matching was half the cost of
  // ranking a common word's 4,000 goods (issue 11, speed at scale). The conditions keep LIKE, which the trigram
  // index serves.
  const contains = (text: SQL) => sql`(strpos(p.search_text, ${text}) > 0) desc`;
  // The shopper's own word before its synonyms.
  const ownWordFirst = synonyms.length > 0 ? sql`${contains(norm)},` : sql``;
  return {
    where,
    orderBy: sql`${contains(sql`'|' || ${norm} || '|'`)},
      ${contains(sql`'|' || ${norm}`)},
      ${ownWordFirst}
      ${rank}
      p.sold_count desc, p.id desc`,
  };
}

/** Expansions of the keyword in search_synonyms (stored normalised), or none. */
async function findSynonyms(db: Executor, keyword: string): Promise<string[]> {
  const found = await db.execute(
    sql`select expansions from search_synonyms where term = caravan_search_norm(${keyword.trim()})`,
  );
  const expansions = rowsOf(found)[0]?.expansions;
  return Array.isArray(expansions) ? expansions.map(String).filter((word) => word.length > 0) : [];
}

/**
 * Matches of a corrected query (typo fallback): any of the close words for each typed word, as word
 * prefixes; goods matching the closest correction come first.
 */
function correctedKeywordSql(corrected: TCorrectedQuery): TKeywordSql {
  const closestFirst = corrected.closestFirst.map(
    (word) => sql`(p.search_vector @@ to_tsquery('simple', ${`${quoteLexeme(word)}:*`})) desc,`,
  );
  return {
    where: sql`p.search_vector @@ to_tsquery('simple', ${corrected.tsQuery})`,
    orderBy: sql`${sql.join(closestFirst, sql` `)}
      ts_rank(p.search_vector, to_tsquery('simple', ${corrected.tsQuery})) desc, p.sold_count desc, p.id desc`,
  };
}

type TCorrectedQuery = {
  /** ('chair':* | 'chia':*) & ... */
  tsQuery: string;
  /** Corrections of all typed words, closest first. */
  closestFirst: string[];
};

/**
 * For each typed word the closest words of the name dictionary (`search_words`, a short table), as a tsquery
 * query: ('frying':*) & ('pan':* | 'pans':*). Candidates share trigrams with the typed word; only those fewest edits
 * away are kept (typoDistance counts a swap of two letters as one edit), so "chiar" finds chairs and not every
 * word that happens to share "ch". Null when a word has no close enough correction.
 */
export async function findCorrectedQuery(db: Executor, keyword: string): Promise<TCorrectedQuery | null> {
  const words = keywordWords(keyword).filter((w) => w.length >= 3);
  if (words.length === 0) {
    return null;
  }
  const result = await db.execute(sql`select src, w.word, similarity(w.word, src) as sim
      from unnest(string_to_array(${words.join(' ')}, ' ')) as src
      join search_words w on abs(length(w.word) - length(src)) <= 2
        and (w.word % src or (left(w.word, 1) = left(src, 1) and similarity(w.word, src) >= 0.1))`);
  const bySource = new Map<string, { word: string; distance: number; similarity: number }[]>();
  for (const row of rowsOf(result)) {
    const src = String(row.src);
    const word = String(row.word);
    const distance = typoDistance(src, word);
    if (distance <= allowedTypos(src)) {
      const list = bySource.get(src) ?? [];
      list.push({ word, distance, similarity: Number(row.sim) });
      bySource.set(src, list);
    }
  }
  const groups: string[] = [];
  const closestFirst: string[] = [];
  for (const src of words) {
    const candidates = bySource.get(src);
    if (!candidates) {
      return null;
    }
    const fewest = Math.min(...candidates.map((c) => c.distance));
    // Among equally few edits, a word of the typed length (swapped or replaced letters) before one with a
    // letter more or less, then the most similar.
    const sameLength = (word: string) => (word.length === src.length ? 0 : 1);
    const closest = candidates
      .filter((c) => c.distance === fewest)
      .sort(
        (a, b) =>
          sameLength(a.word) - sameLength(b.word) ||
          b.similarity - a.similarity ||
          a.word.localeCompare(b.word),
      )
      .slice(0, CORRECTIONS_PER_WORD);
    groups.push(`(${closest.map((c) => `${quoteLexeme(c.word)}:*`).join(' | ')})`);
    closestFirst.push(...closest.map((c) => c.word));
  }
  return { tsQuery: groups.join(' & '), closestFirst };
}

async function hasMatch(db: Executor, match: TKeywordSql): Promise<boolean> {
  const found = await db.execute(
    sql`select exists(select 1 from products p where p.is_on_shelf and ${match.where}) as found`,
  );
  return rowsOf(found)[0]?.found === true;
}

/**
 * The conditions for a keyword, cheapest first: word prefixes (full-text index); else substrings of
 * names (trigram index: CJK, mid-word parts), together with the keyword's synonyms; else the goods of the
 * categories named so; else the typo-corrected words; else nothing matches. One
 * EXISTS per step decides. Substring matching is not OR-ed into the word search because for short,
 * common words it turns an index lookup into a scan of every product.
 */
export async function resolveProductKeyword(db: Executor, keyword: string): Promise<TKeywordSql> {
  const synonyms = await findSynonyms(db, keyword);
  const words = productKeywordSql(keyword);
  // A keyword with synonyms goes straight to substrings: its own word alone would hide the synonyms' goods.
  if (synonyms.length === 0 && prefixTsQuery(keyword) && (await hasMatch(db, words))) {
    return words;
  }
  const substring = productKeywordSql(keyword, true, synonyms);
  if ((isTrigramWorthy(keyword) || synonyms.length > 0) && (await hasMatch(db, substring))) {
    return substring;
  }
  const named = isTrigramWorthy(keyword) ? await categoryKeywordSql(db, keyword) : null;
  if (named && (await hasMatch(db, named))) {
    return named;
  }
  const corrected = await findCorrectedQuery(db, keyword);
  return corrected ? correctedKeywordSql(corrected) : { where: sql`false`, orderBy: sql`p.id desc` };
}

/**
 * The goods of the categories (and their subcategories) whose name, in any language, holds the keyword, best-selling
 * first; null when none does. A buyer searching in the menu's own words found nothing when no seller had written
 * their goods in that language: "футболки", the Russian menu's name for T-shirts, gave no result (QA).
 */
async function categoryKeywordSql(db: Executor, keyword: string): Promise<TKeywordSql | null> {
  const { escaped } = normalised(keyword);
  const found = await db.execute(sql`with recursive named as (
      select c.id from categories c
      where not c.is_hidden
        and exists (select 1 from jsonb_each_text(c.names) n
          where caravan_search_norm(n.value) like '%' || ${escaped} || '%')
    ), branch as (
      select id from named
      union
      select c.id from categories c join branch b on c.parent_id = b.id where not c.is_hidden
    )
    select id::text as id from branch`);
  const ids = rowsOf(found).map((row) => sql`${String(row.id)}::bigint`);
  if (ids.length === 0) {
    return null;
  }
  return {
    where: sql`p.category_id in (${sql.join(ids, sql`, `)})`,
    orderBy: sql`p.sold_count desc, p.id desc`,
  };
}

/** Store name search over stores `s` (trigram index on caravan_search_norm(name)). */
export function storeKeywordSql(keyword: string): TKeywordSql {
  const { norm, escaped } = normalised(keyword);
  const name = sql`caravan_search_norm(s.name)`;
  const parts: SQL[] = [sql`${name} like '%' || ${escaped} || '%'`];
  if (isTrigramWorthy(keyword)) {
    parts.push(sql`${norm} <% ${name}`);
  }
  return {
    where: sql`(${sql.join(parts, sql` or `)})`,
    orderBy: sql`(${name} = ${norm}) desc, (${name} like ${escaped} || '%') desc,
      word_similarity(${norm}, ${name}) desc, s.sold_count desc, s.id`,
  };
}
