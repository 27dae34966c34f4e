// Lists, per language, the dictionary keys that are missing or still identical to English.
// Usage: node scripts/i18n-status.mjs [lang ...]   (exit 1 when something is missing)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DIRS = ['apps/web/src/locales', 'packages/contracts/locales'];
// Every language folder beside en (packages/contracts/src/languages.ts is the list the app uses; the locales test
// checks that each of those has its folder).
const LANGS = readdirSync(path.join(root, DIRS[0]), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'en')
  .map((entry) => entry.name);

function flatten(value, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') {
      flatten(v, key, out);
    } else {
      out[key] = v;
    }
  }
  return out;
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : LANGS;
let problems = 0;
for (const dir of DIRS) {
  const enDir = path.join(root, dir, 'en');
  for (const file of readdirSync(enDir).filter((f) => f.endsWith('.json'))) {
    const en = flatten(JSON.parse(readFileSync(path.join(enDir, file), 'utf8')));
    for (const lang of wanted) {
      const target = path.join(root, dir, lang, file);
      const tr = existsSync(target) ? flatten(JSON.parse(readFileSync(target, 'utf8'))) : {};
      const missing = Object.keys(en).filter((k) => typeof tr[k] !== 'string' || tr[k] === '');
      const extra = Object.keys(tr).filter((k) => !(k in en));
      if (missing.length || extra.length) {
        problems += missing.length + extra.length;
        console.log(
          `${lang} ${dir}/${lang}/${file}: ${missing.length} missing${extra.length ? `, ${extra.length} extra` : ''}`,
        );
      }
    }
  }
}
console.log(problems ? `${problems} keys to fix` : 'all dictionaries complete');
process.exit(problems ? 1 : 0);
