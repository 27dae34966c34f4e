import { act, type ReactNode, useId } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createServerFragments,
  forgetServerFragments,
  ServerFragment,
  ServerFragmentsContext,
} from './server-fragment';

let headerRenders = 0;
/** Every id useId gave, in render order. */
const renderedIds: string[] = [];

/** A fragment with what makes splicing hard: useId, text at its inner edges, a variant in its markup. */
function Header({ tab }: { tab: string }) {
  headerRenders += 1;
  const id = useId();
  renderedIds.push(id);
  return (
    <header>
      <label htmlFor={id}>Search</label>
      <input id={id} />
      tab {tab}
    </header>
  );
}

function Field() {
  const id = useId();
  renderedIds.push(id);
  return <input id={id} aria-label="page field" />;
}

/** An inline style: the server gives a page's own inline elements their nonce, never a fragment's. */
function InlineStyled() {
  headerRenders += 1;
  return (
    <div>
      <style>{'.x{color:red}'}</style>
    </div>
  );
}

/** Text at the fragment's edge: spliced after other text it would merge into one text node. */
function TextFirst() {
  headerRenders += 1;
  return <>loose text</>;
}

function Page({ tab, body }: { tab: string; body: string }) {
  return (
    <div>
      <Field />
      <ServerFragment name="header" variant={tab} namespaces={['common']}>
        <Header tab={tab} />
      </ServerFragment>
      <main>
        {body}
        <Field />
      </main>
      <ServerFragment name="footer" namespaces={['common', 'validation']}>
        <footer>
          <Field />
        </footer>
      </ServerFragment>
    </div>
  );
}

function renderOnServer(lang: string, page: ReactNode) {
  const fragments = createServerFragments(lang);
  const parts = fragments.splice(
    renderToString(
      <ServerFragmentsContext.Provider value={fragments.context}>{page}</ServerFragmentsContext.Provider>,
    ),
  );
  return { parts, html: parts.join(''), spliced: fragments.splicedNamespaces() };
}

afterEach(() => {
  forgetServerFragments();
  headerRenders = 0;
  renderedIds.length = 0;
});

describe('server fragments', () => {
  it('splices a known fragment byte for byte as it would have been rendered, without rendering it', () => {
    const first = renderOnServer('en', <Page tab="1" body="first" />);
    expect(headerRenders).toBe(1);
    expect(first.spliced).toEqual([]);
    expect(first.html).not.toContain('<template');

    const second = renderOnServer('en', <Page tab="1" body="second" />);
    expect(headerRenders).toBe(1);
    forgetServerFragments();
    const reference = renderOnServer('en', <Page tab="1" body="second" />);
    expect(headerRenders).toBe(2);
    expect(second.html).toBe(reference.html);
    // The namespaces the spliced fragments would have asked i18n for.
    expect(second.spliced).toEqual(['common', 'common', 'validation']);
    // Odd parts are the fragments, even ones the page's own markup.
    expect(second.parts).toHaveLength(5);
    expect(second.parts[1]).toMatch(/^<header>.*<\/header>$/);
    expect(second.parts[3]).toMatch(/^<footer>.*<\/footer>$/);
    expect(second.parts[2]).toContain('second');
  });

  it('keeps fragments apart by language and variant', () => {
    renderOnServer('en', <Page tab="1" body="x" />);
    const otherTab = renderOnServer('en', <Page tab="2" body="x" />);
    const otherLanguage = renderOnServer('ar', <Page tab="1" body="x" />);
    expect(headerRenders).toBe(3);
    expect(otherTab.html).toContain('tab <!-- -->2');
    expect(otherLanguage.spliced).toEqual([]);
  });

  it('gives markup the browser hydrates without a mismatch, ids included', async () => {
    renderOnServer('en', <Page tab="3" body="warm-up" />);
    const { html } = renderOnServer('en', <Page tab="3" body="page" />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverIds = [...container.querySelectorAll('input')].map((input) => input.id);
    const errors: unknown[] = [];
    renderedIds.length = 0;
    await act(async () => {
      hydrateRoot(container, <Page tab="3" body="page" />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    // React keeps the server's attributes when they differ: the browser's own ids must be the server's.
    expect(renderedIds).toEqual(serverIds);
    expect(new Set(serverIds).size).toBe(4);
    expect(container.querySelector('label')?.htmlFor).toBe(container.querySelector('header input')?.id);
    container.remove();
  });

  it('does not keep markup that could not stand between other markup', () => {
    // Each is rendered twice; kept markup would have spared the second render.
    const twice = (Content: () => ReactNode) => {
      const page = (
        <div>
          <ServerFragment name={Content.name} namespaces={[]}>
            <Content />
          </ServerFragment>
        </div>
      );
      const first = renderOnServer('en', page);
      const second = renderOnServer('en', page);
      expect(second.html).toBe(first.html);
      return second.html;
    };
    expect(twice(TextFirst)).toContain('loose text');
    expect(headerRenders).toBe(2);
    expect(twice(InlineStyled)).toContain('.x{color:red}');
    expect(headerRenders).toBe(4);
  });
});
