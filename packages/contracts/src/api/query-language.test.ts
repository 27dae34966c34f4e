import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from '../index';

/**
 * The web app sends the reader's language with every API call (`?lang=`, apps/web/src/lib/api.ts), and the server
 * answers errors in it. A strict query schema without `lang` refused every call from the app: the seller centre's
 * overview answered 400 to `?range=7d&lang=en` and showed only "Something went wrong".
 */
describe('query schemas', () => {
  const querySchemas: [string, z.ZodObject][] = [];
  for (const [name, value] of Object.entries(contracts) as [string, unknown][]) {
    if (/^Z\w+(Query|Filter)$/.test(name) && value instanceof z.ZodObject) {
      querySchemas.push([name, value]);
    }
  }

  it('are found (the check below would pass on none)', () => {
    expect(querySchemas.map(([name]) => name)).toEqual(
      expect.arrayContaining(['ZDashboardQuery', 'ZImportFormatQuery', 'ZSettlementStatementQuery']),
    );
  });

  it.each(querySchemas)('%s takes the language the web app sends', (_name, schema) => {
    const result = schema.safeParse({ lang: 'ar' });
    const unknownKeys = result.success
      ? []
      : result.error.issues.flatMap((issue) => (issue.code === 'unrecognized_keys' ? issue.keys : []));
    expect(unknownKeys).toEqual([]);
  });
});
