// @vitest-environment jsdom
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INLINE_CATALOGUES_ID } from '../i18n/inline-catalogues.tsx';
import { englishI18n } from '../lib/test-i18n.tsx';
import { MilestonesCalculator } from '../marketing/landing/milestones-calculator.tsx';
import { StoriesSection } from '../marketing/landing/stories-section.tsx';
import { SiteHeader } from '../marketing/site-header.tsx';
import { hydrateIslands } from './hydrate-islands.tsx';
import { IslandRendererContext } from './island.tsx';
import { PAGE_LOCATION_ID, type PageLocation, PageLocationContext } from './page-location.ts';
import { ISLANDS } from './registry.ts';

const LOCATION: PageLocation = { pathname: '/', localeFromPath: true, namespaces: ['common', 'marketing'] };
const STORY = { key: 'anna', avatar: '/a.svg', name: 'Anna', description: 'We loved it.', price: '$250' };

/** What entry.server.tsx renders for a page of islands, with the data blocks root.tsx adds. */
function renderIslandPage(withRenderer = true) {
  const page = renderToString(
    <I18nProvider i18n={englishI18n}>
      <IslandRendererContext
        value={withRenderer ? (element, identifierPrefix) => renderToString(element, { identifierPrefix }) : null}
      >
        <PageLocationContext value={LOCATION}>
          <SiteHeader />
          <main>
            <MilestonesCalculator />
            <StoriesSection testimonials={[STORY]} />
          </main>
        </PageLocationContext>
      </IslandRendererContext>
    </I18nProvider>,
  );
  const messages = JSON.stringify(englishI18n.messages);
  return `${page}<script id="${INLINE_CATALOGUES_ID}" type="application/json">${messages}</script><script id="${PAGE_LOCATION_ID}" type="application/json">${JSON.stringify(LOCATION)}</script>`;
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('islands', () => {
  it('are their bare component outside a page of islands (React Router pages, client navigation)', () => {
    const html = renderIslandPage(false);
    expect(html).not.toContain('data-island');
    expect(html).toContain('First Step Stories');
  });

  it('carry their name and props on the server render of a page of islands', () => {
    document.body.innerHTML = renderIslandPage();
    const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    expect(islands.map((element) => element.dataset.island)).toEqual([
      'SiteHeader',
      'MilestonesCalculator',
      'StoriesSection',
    ]);
    expect(JSON.parse(islands[2]!.dataset.islandProps!)).toEqual({ testimonials: [STORY] });
    // The header's language switcher is part of the header island, not an island of its own.
    expect(islands[0]!.querySelectorAll('[data-island]')).toHaveLength(0);
  });

  it('hydrate in the browser without a mismatch, and then respond', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const consoleError = vi.spyOn(console, 'error');
    const recoverableErrors: unknown[] = [];
    document.body.innerHTML = renderIslandPage();

    await act(async () => hydrateIslands({ onRecoverableError: (error) => recoverableErrors.push(error) }));

    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    const burger = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
  });

  it('are listed under their own names', () => {
    for (const [name, island] of Object.entries(ISLANDS)) expect(island.islandName).toBe(name);
  });
});

/** The island pages' browser JavaScript is React and the islands, not React Router (decision 021). */
describe('the islands entry', () => {
  const IMPORT = /(?:^import\s+(?!type\b)[^;]*?from\s+|import\()\s*['"]([^'"]+)['"]/gm;

  function importsOf(entry: string, seen = new Map<string, string[]>()): Map<string, string[]> {
    if (seen.has(entry)) return seen;
    const specifiers = [...readFileSync(entry, 'utf8').matchAll(IMPORT)].map((match) => match[1]!);
    seen.set(entry, specifiers);
    for (const specifier of specifiers.filter((name) => name.startsWith('.'))) {
      const target = resolve(dirname(entry), specifier);
      if (/\.tsx?$/.test(target) && existsSync(target)) importsOf(target, seen);
    }
    return seen;
  }

  it('imports nothing that imports React Router', () => {
    const SRC = join(import.meta.dirname, '..');
    const routerImports = [...importsOf(join(import.meta.dirname, 'islands.client.tsx'))]
      .filter(([, specifiers]) => specifiers.some((name) => /^(react-router|@react-router)/.test(name)))
      .map(([file]) => relative(SRC, file));
    expect(routerImports).toEqual([]);
  });
});
