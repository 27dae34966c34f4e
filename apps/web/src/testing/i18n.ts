import { AMOUNT_ISOLATION } from '@caravan/contracts/languages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import errors from '../../../../packages/contracts/locales/en/errors.json';
import validation from '../../../../packages/contracts/locales/en/validation.json';
import account from '../locales/en/account.json';
import admin from '../locales/en/admin.json';
import auth from '../locales/en/auth.json';
import catalog from '../locales/en/catalog.json';
import common from '../locales/en/common.json';
import cs from '../locales/en/cs.json';
import pages from '../locales/en/pages.json';
import seller from '../locales/en/seller.json';
import services from '../locales/en/services.json';

/** English dictionaries loaded synchronously, for component tests. */
export async function initTestI18n() {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .use(AMOUNT_ISOLATION)
      .init({
        lng: 'en',
        fallbackLng: 'en',
        defaultNS: 'common',
        resources: {
          en: { common, auth, account, catalog, pages, admin, seller, cs, services, errors, validation },
        },
        interpolation: { escapeValue: false },
        postProcess: [AMOUNT_ISOLATION.name],
        react: { useSuspense: false },
      });
  }
  return i18next;
}
