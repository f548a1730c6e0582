/** The built client's files, from the manifest that scripts/build-client.mjs writes. */
import type { PageId } from "../../shared/routes";
import manifest from "./manifest.generated.json";

export interface ClientManifest {
  entry: string;
  css: string[];
  preload: string[];
  pages: Partial<Record<PageId, { js: string; css: string[]; preload: string[] }>>;
  /** The entry's loader, built from client/entry-loader.ts: a function's body of `__modules` (EntryModules). */
  loader: string;
}

const m: ClientManifest = manifest;

/**
 * The build's name, for what must not outlive it (the edge cache's keys): the entry's and the stylesheets' hashed
 * names. A page chunk's change renames the entry too (the entry imports it by name); a stylesheet's does not, so
 * the entry's name alone kept pages pointing to a stylesheet the new build no longer has.
 */
export const BUILD = [m.entry, ...m.css].map((f) => f.replace(/^\/assets\/|\.(js|css)$/g, "")).join("+");

export const ENTRY_LOADER = m.loader;

/**
 * `preload`: the entry's imports (the app's shell) and the page's, each module after the ones it imports, the
 * page's chunk last: the order the entry's loader runs them in.
 */
export function pageAssets(page: PageId | null): {
  entry: string;
  css: string[];
  preload: string[];
} {
  const p = page ? m.pages[page] : undefined;
  return {
    entry: m.entry,
    css: [...m.css, ...(p?.css ?? [])],
    preload: [...new Set([...m.preload, ...(p ? [...p.preload, p.js] : [])])],
  };
}
