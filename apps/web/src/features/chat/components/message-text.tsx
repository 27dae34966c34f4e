import { LinkifyIt, type Match } from 'linkify-it';
import type { ReactNode } from 'react';

/**
 * Web addresses only: `http(s)://…` and bare `www.…` or `example.com/…` (opened over https). No `mailto:`, `ftp:`,
 * protocol-relative `//…` or e-mail addresses: a chat link is something to open in the browser, nothing else.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false, fuzzyIP: false })
  .add('ftp:', null)
  .add('mailto:', null)
  .add('//', null);

/** Where a found address leads: as written, or over https when written without a scheme ("www.…"). */
function hrefOf(match: Match): string | null {
  try {
    const parsed = new URL(match.schema === '' ? `https://${match.raw}` : match.url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * A chat message's text, its web addresses as links (customer service sends help and tracking links). Everything
 * stays a React text node, so nothing in a message is ever HTML; a link opens in a new tab without handing the
 * chat's window to the page it opens, and says it was written by a user (`ugc`) to search engines.
 */
export function MessageText({ text }: { text: string }) {
  const matches = linkify.match(text) ?? [];
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of matches) {
    const href = hrefOf(match);
    if (!href) {
      continue;
    }
    if (match.index > at) {
      parts.push(text.slice(at, match.index));
    }
    parts.push(
      <a key={match.index} href={href} target="_blank" rel="noopener noreferrer nofollow ugc" dir="ltr">
        {match.raw}
      </a>,
    );
    at = match.lastIndex;
  }
  parts.push(text.slice(at));
  return (
    <span className="cv-chat__text" dir="auto">
      {parts}
    </span>
  );
}
