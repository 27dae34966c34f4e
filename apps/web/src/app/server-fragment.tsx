import { createContext, type ReactNode, useContext } from 'react';

/**
 * Server-rendered parts that are the same on many pages (the storefront's header and footer), rendered once per
 * language and variant and spliced into later pages' markup as text (issue 11, speed at scale: the header and the
 * footer were a third of a page miss's render).
 *
 * A fragment's markup must depend only on its key: the language, its name and its variant. So a fragment may not
 * read page data, the session beyond its anonymous server state, or Ant Design (whose styles are collected while
 * rendering); it names the i18n namespaces it uses, which the page's state script must carry when the fragment is
 * spliced rather than rendered. The same tree is rendered in the browser, where the fragment is just its children.
 */
export type TServerFragments = {
  /** Claims the next slot of this render for a fragment; whether its markup is already known. */
  claim(key: string, namespaces: readonly string[]): { slot: number; isKnown: boolean };
};

export const ServerFragmentsContext = createContext<TServerFragments | null>(null);

/** The marker attribute of a slot in the rendered markup (a <template>: inert, never text). */
const MARKER_ATTRIBUTE = 'data-cv-fragment';

/**
 * Renders `children`, or on the server, once their markup is known, a marker where it goes. Both sides render
 * three children (marker or nothing, the fragment, marker or nothing): React derives useId's ids from the tree's
 * shape, so the fragment's ids are the same whether it was rendered here, in an earlier page, or in the browser.
 */
export function ServerFragment({
  name,
  variant = '',
  namespaces,
  children,
}: {
  name: string;
  /** What else the markup depends on (besides the language), e.g. the active navigation tab. */
  variant?: string;
  namespaces: readonly string[];
  children: ReactNode;
}) {
  const fragments = useContext(ServerFragmentsContext);
  if (!fragments) {
    return (
      <>
        {null}
        {children}
        {null}
      </>
    );
  }
  const { slot, isKnown } = fragments.claim(`${name}\u0000${variant}`, namespaces);
  const marker = (kind: 'start' | 'end' | 'use') => (
    <template {...{ [MARKER_ATTRIBUTE]: `${kind}:${slot}` }} />
  );
  return isKnown ? (
    <>
      {marker('use')}
      {null}
      {null}
    </>
  ) : (
    <>
      {marker('start')}
      {children}
      {marker('end')}
    </>
  );
}

/** Fragments' markup per language and key, for the life of the process (their text never changes while it runs). */
const knownFragments = new Map<string, string>();
/** A bound in case a variant ever came from a request: more than this and fragments are rendered every time. */
const MAX_KNOWN_FRAGMENTS = 2_000;

const SLOT_PATTERN = new RegExp(`<template ${MARKER_ATTRIBUTE}="(start|end|use):(\\d+)"></template>`, 'g');

/**
 * Markup that can stand on its own between other markup: elements only at its edges, nothing left to the browser,
 * and no inline script or style (the server gives a page's own inline elements their nonce; a fragment's text is
 * passed on as it is).
 */
function isSelfContained(markup: string): boolean {
  return (
    !markup.includes('<script') &&
    !markup.includes('<style') &&
    markup.startsWith('<') &&
    !markup.startsWith('<!--') &&
    markup.endsWith('>') &&
    !markup.endsWith('-->') &&
    !markup.includes('<!--$!') &&
    !markup.includes('<!--$?') &&
    !markup.includes(`<template ${MARKER_ATTRIBUTE}=`)
  );
}

/**
 * One render pass's fragments: `context` goes into the render; `splice` then takes the rendered markup, keeps
 * what was rendered for later pages, puts the known markup where its markers are, and returns the page's markup
 * as parts, odd ones the fragments (the server compresses each fragment's text once for all pages).
 */
export function createServerFragments(lang: string): {
  context: TServerFragments;
  /** Namespaces of the fragments spliced rather than rendered (they used none of them in this pass). */
  splicedNamespaces(): string[];
  splice(html: string): string[];
} {
  const slots: { key: string; namespaces: readonly string[]; isKnown: boolean }[] = [];
  const prefix = `${lang}\u0000`;
  return {
    context: {
      claim(key, namespaces) {
        const isKnown = knownFragments.has(prefix + key);
        slots.push({ key: prefix + key, namespaces, isKnown });
        return { slot: slots.length - 1, isKnown };
      },
    },
    splicedNamespaces() {
      return slots.flatMap((slot) => (slot.isKnown ? [...slot.namespaces] : []));
    },
    splice(html) {
      const parts: string[] = [];
      let own = '';
      let startedAt = -1;
      let startedSlot = -1;
      let last = 0;
      for (const match of html.matchAll(SLOT_PATTERN)) {
        const [text, kind, slotText] = match;
        const slot = Number(slotText);
        const at = match.index;
        if (kind === 'start') {
          own += html.slice(last, at);
          startedAt = at + text.length;
          startedSlot = slot;
        } else if (kind === 'end' && slot === startedSlot) {
          const markup = html.slice(startedAt, at);
          const key = slots[slot]?.key;
          if (key !== undefined && isSelfContained(markup) && knownFragments.size < MAX_KNOWN_FRAGMENTS) {
            knownFragments.set(key, markup);
          }
          parts.push(own, markup);
          own = '';
          startedSlot = -1;
        } else if (kind === 'use') {
          const known = knownFragments.get(slots[slot]?.key ?? '');
          if (known === undefined) {
            throw new Error(`server fragment ${slot} has no markup`);
          }
          parts.push(own + html.slice(last, at), known);
          own = '';
        } else {
          throw new Error(`server fragment markers out of order at ${at}`);
        }
        last = at + text.length;
      }
      if (startedSlot !== -1) {
        throw new Error(`server fragment ${startedSlot} has no end`);
      }
      parts.push(own + html.slice(last));
      return parts;
    },
  };
}

/** Forgets every fragment's markup (tests; a running server never needs to). */
export function forgetServerFragments(): void {
  knownFragments.clear();
}
