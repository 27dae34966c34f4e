import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
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
 * Direct matches over products `p`: every word as a word prefix (full-text GIN index), or with
 * `isSubstring` the keyword as a substring of a name in any language (trigram GIN index; covers CJK,
 * which has no word breaks, and mid-word parts). The keyword is only ever a bound parameter;
 * normalisation happens in SQL so it matches the indexed text exactly.
 */
export function productKeywordSql(keyword: string, isSubstring = false): TKeywordSql {
  const { escaped } = normalised(keyword);
  const tsQuery = prefixTsQuery(keyword);
  const where =
    tsQuery && !isSubstring
      ? sql`p.search_vector @@ to_tsquery('simple', ${tsQuery})`
      : sql`p.search_text like '%' || ${escaped} || '%'`;
  const rank =
    tsQuery && !isSubstring ? sql`ts_rank(p.search_vector, to_tsquery('simple', ${tsQuery})) desc,` : sql``;
  return {
    where,
    orderBy: sql`(p.search_text like '%|' || ${escaped} || '|%') desc,
      (p.search_text like '%|' || ${escaped} || '%') desc,
      ${rank}
      p.sold_count desc, p.id desc`,
  };
}

/** Matches of a corrected query (typo fallback): any of the close words for each typed word. */
function correctedKeywordSql(tsQuery: string): TKeywordSql {
  return {
    where: sql`p.search_vector @@ to_tsquery('simple', ${tsQuery})`,
    orderBy: sql`ts_rank(p.search_vector, to_tsquery('simple', ${tsQuery})) desc, p.sold_count desc, p.id desc`,
  };
}

/**
 * For each typed word the closest words of the name dictionary (pg_trgm similarity over `search_words`,
 * a short table), as a tsquery text: ('frying' | 'fryer') & ('pan' | 'pans'). Null when a word has none.
 */
export async function findCorrectedQuery(db: Executor, keyword: string): Promise<string | null> {
  const words = keywordWords(keyword).filter((w) => w.length >= 3);
  if (words.length === 0) {
    return null;
  }
  const result = await db.execute(sql`select src, word from (
      select src, w.word, row_number() over (partition by src order by similarity(w.word, src) desc, w.word) as rn
      from unnest(string_to_array(${words.join(' ')}, ' ')) as src
      join search_words w on w.word % src) ranked
    where rn <= ${CORRECTIONS_PER_WORD}`);
  const bySource = new Map<string, string[]>();
  for (const row of rowsOf(result)) {
    const list = bySource.get(String(row.src)) ?? [];
    list.push(String(row.word));
    bySource.set(String(row.src), list);
  }
  if (words.some((w) => !bySource.has(w))) {
    return null;
  }
  return words.map((w) => `(${bySource.get(w)!.map(quoteLexeme).join(' | ')})`).join(' & ');
}

async function hasMatch(db: Executor, match: TKeywordSql): Promise<boolean> {
  const found = await db.execute(
    sql`select exists(select 1 from products p where p.is_on_shelf and ${match.where}) as found`,
  );
  return rowsOf(found)[0]?.found === true;
}

/**
 * The conditions for a keyword, cheapest first: word prefixes (full-text index); else substrings of
 * names (trigram index: CJK, mid-word parts); else the typo-corrected words; else nothing matches. One
 * EXISTS per step decides. Substring matching is not OR-ed into the word search because for short,
 * common words it turns an index lookup into a scan of every product.
 */
export async function resolveProductKeyword(db: Executor, keyword: string): Promise<TKeywordSql> {
  const words = productKeywordSql(keyword);
  if (prefixTsQuery(keyword) && (await hasMatch(db, words))) {
    return words;
  }
  const substring = productKeywordSql(keyword, true);
  if (isTrigramWorthy(keyword) && (await hasMatch(db, substring))) {
    return substring;
  }
  const corrected = await findCorrectedQuery(db, keyword);
  return corrected ? correctedKeywordSql(corrected) : { where: sql`false`, orderBy: sql`p.id desc` };
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
