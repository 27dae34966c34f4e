import { describe, expect, it } from 'vitest';

type TDictionary = { [key: string]: string | TDictionary };

const WEB = import.meta.glob<TDictionary>('./{es,de}/*.json', { eager: true, import: 'default' });
const SHARED = import.meta.glob<TDictionary>('../../../../packages/contracts/locales/{es,de}/*.json', {
  eager: true,
  import: 'default',
});

/** Every text of a language as `file:key` -> text, web and shared dictionaries together. */
function textsOf(lang: string): Map<string, string> {
  const texts = new Map<string, string>();
  const visit = (prefix: string, node: TDictionary) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') {
        texts.set(`${prefix}.${key}`, value);
      } else {
        visit(`${prefix}.${key}`, value);
      }
    }
  };
  for (const [file, dictionary] of Object.entries({ ...WEB, ...SHARED })) {
    const match = /\/([a-z]{2})\/([a-z-]+)\.json$/.exec(file);
    if (match?.[1] === lang) {
      visit(`${file.includes('packages/contracts') ? 'contracts/' : ''}${match[2]}`, dictionary);
    }
  }
  return texts;
}

function matching(texts: Map<string, string>, pattern: RegExp, keys: (key: string) => boolean = () => true) {
  return [...texts]
    .filter(([key, text]) => keys(key) && pattern.test(text))
    .map(([key, text]) => `${key}: ${text}`);
}

describe('one voice per language', () => {
  it('Spanish addresses the reader as usted everywhere (the wallet said "Introduzca" and "Introduce" side by side)', () => {
    // Tú's imperatives where a sentence or clause starts (in mid-sentence "abre", "usa" or "inicia" are usted's
    // third person too, as "Revisa depósitos" describing a role), and its own words anywhere, with its present and
    // future second person ("Categorías que vendes" on /merchantSettled, QA seller 11). Usted's: introduzca, elija,
    // vuelva, escriba, suba, su, puede...
    const TU =
      /((^|[:;,.]\s+|así que )(introduce|elige|vuelve|escribe|comprueba|añade|abre|usa|sube|haz|crea|inicia|espera a|revisa (las|los|tus?)|continúa|solicita|inténtalo)\b)|\b(puedes|estás|tu|tus|vendes|tienes|quieres|necesitas|debes|recibes|eres|has|podrás|tendrás|recibirás)\b/i;
    expect(matching(textsOf('es'), TU)).toEqual([]);
  });

  it('the German console says "Einzahlung" for a deposit and "genehmigen" for approving, as its menus and queues do', () => {
    const texts = textsOf('de');
    expect(matching(texts, /Aufladung/)).toEqual([]);
    // "Freigabe"/"freigeben" means a shop or product made available again; the four-eyes steps are approvals.
    const isFourEyes = (key: string) =>
      /^(console\.(menu|approvals|dashboard)|finance\.|orders\.admin|contracts\/errors\.FOUR_EYES)/.test(
        key,
      ) || /approval|four_eyes/.test(key);
    expect(matching(texts, /Freigabe|freigeb|Freigeb/, isFourEyes)).toEqual([]);
  });
});
