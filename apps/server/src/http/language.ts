import { DEFAULT_LANGUAGE, isLanguage, languageFromAcceptHeader, type TLanguage } from '@caravan/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const LANGUAGE_COOKIE = 'lang';

declare module 'fastify' {
  interface FastifyRequest {
    lang: TLanguage;
    /** Whether the language was chosen explicitly (query or stored choice) rather than guessed. */
    isLangExplicit: boolean;
  }
}

/** The request language: `lang` query, then the stored choice (cookie), then Accept-Language. */
export function resolveLanguage(request: Pick<FastifyRequest, 'query' | 'cookies' | 'headers'>): {
  lang: TLanguage;
  isExplicit: boolean;
} {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.lang;
  if (isLanguage(fromQuery)) {
    return { lang: fromQuery, isExplicit: true };
  }
  const fromCookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(fromCookie)) {
    return { lang: fromCookie, isExplicit: true };
  }
  const fromHeader = languageFromAcceptHeader(request.headers['accept-language']);
  return { lang: fromHeader ?? DEFAULT_LANGUAGE, isExplicit: false };
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('isLangExplicit', false);
  app.addHook('onRequest', async (request) => {
    const { lang, isExplicit } = resolveLanguage(request);
    request.lang = lang;
    request.isLangExplicit = isExplicit;
  });
});
