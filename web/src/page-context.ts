import type { PageContext } from '@firstday/common/page-context';
import { createContext, RouterContextProvider } from 'react-router';
import { webEnv } from './env.ts';

/**
 * The Vite dev server renders pages in its own process, without the API server's services: there
 * the calendar comes over HTTP from the API server (VITE_PUBLIC_URL, http://localhost:3000 in
 * development). The built app always gets the context from the server (createPageContext).
 */
const devPageContext: PageContext = {
  appUrl: webEnv.VITE_PUBLIC_URL,
  async getPublicCalendar(slug, locale) {
    const response = await fetch(`${webEnv.VITE_PUBLIC_URL}/api/public/calendars/${encodeURIComponent(slug)}`, {
      headers: { 'Accept-Language': locale },
    });
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET /api/public/calendars/${slug}: ${response.status}`);
    return response.json();
  },
  async getPublicKeepsake(slug, locale) {
    const response = await fetch(
      `${webEnv.VITE_PUBLIC_URL}/api/public/calendars/${encodeURIComponent(slug)}/keepsake`,
      { headers: { 'Accept-Language': locale } },
    );
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`GET /api/public/calendars/${slug}/keepsake: ${response.status}`);
    return response.json();
  },
  readApi(path, request) {
    const headers = new Headers();
    for (const name of ['cookie', 'accept-language']) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return fetch(`${webEnv.VITE_PUBLIC_URL}${path}`, { headers });
  },
};

export const pageContext = createContext<PageContext>(import.meta.env.DEV ? devPageContext : undefined);

/**
 * A signed-in page's read through the API in process (decision 036): its JSON, or undefined when the
 * API refused it, so the page asks again from the browser and shows what went wrong there.
 */
export async function readApiJson<Body>(
  context: Readonly<RouterContextProvider>,
  path: `/api/${string}`,
  request: Request,
): Promise<Body | undefined> {
  const response = await context.get(pageContext).readApi(path, request);
  if (response.ok) return (await response.json()) as Body;
  await response.body?.cancel();
  return undefined;
}

/** The response's CSP nonce; null where no server sets one (prerendering, the dev server). */
export const nonceContext = createContext<string | null>(null);

/** The load context of one page request; the server calls it through the server build's entry module. */
export function createPageContext(values: PageContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(pageContext, values);
  if (values.nonce) context.set(nonceContext, values.nonce);
  return context;
}
