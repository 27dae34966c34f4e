/**
 * The Content-Security-Policy nonce of this page load: the server puts it in `<meta name="csp-nonce">`
 * (apps/server/src/http/web.ts). Ant Design's CSS-in-JS adds it to the <style> elements it injects, which
 * the policy refuses without it.
 */
export function readCspNonce(): string | undefined {
  if (typeof document === 'undefined') {
    return undefined;
  }
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}
