/** After a console log-in, only paths inside that console are followed. */
export function readConsoleRedirect(search: string, basePath: string): string {
  const target = new URLSearchParams(search).get('redirect');
  return target && (target === basePath || target.startsWith(`${basePath}/`)) ? target : basePath;
}

export function buildConsoleLoginPath(basePath: string, current: string): string {
  return `${basePath}/login?redirect=${encodeURIComponent(current)}`;
}
