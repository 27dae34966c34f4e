import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyDayjsLocale, applyDocumentLanguage, initI18n, loadAntdLocale } from './lib/i18n';
import { resolveLanguage } from './lib/language';
import { handleEntryUrl } from './lib/language-switch';
import { readStorage, STORAGE_KEYS } from './lib/storage';
import './app/global.css';

async function start(): Promise<void> {
  if (!(await handleEntryUrl())) {
    return;
  }
  const lang = resolveLanguage({
    stored: readStorage(STORAGE_KEYS.language),
    navigatorLanguages: navigator.languages ?? [navigator.language],
  });
  applyDocumentLanguage(lang);
  const [, antdLocale] = await Promise.all([initI18n(lang), loadAntdLocale(lang), applyDayjsLocale(lang)]);
  const container = document.getElementById('root');
  if (container) {
    createRoot(container).render(<App lang={lang} antdLocale={antdLocale} />);
  }
}

void start();
