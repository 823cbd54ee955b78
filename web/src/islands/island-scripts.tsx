import islandsEntry from 'virtual:islands-entry';
import { scriptJson } from '../lib/script-json.ts';
import { PAGE_LOCATION_ID, type PageLocation } from './page-location.ts';

/**
 * The scripts of a page of islands: the islands' entry (islands.client.tsx), the chunks it imports
 * (preloaded), and where the server rendered the page, for the islands to render the same.
 */
export function IslandScripts({ location }: { location: PageLocation }) {
  if (!islandsEntry.module) return null;
  return (
    <>
      <script
        id={PAGE_LOCATION_ID}
        type="application/json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON of a path and names, '<' escaped.
        dangerouslySetInnerHTML={{ __html: scriptJson(location) }}
      />
      {islandsEntry.imports.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      <script type="module" src={islandsEntry.module} />
    </>
  );
}
