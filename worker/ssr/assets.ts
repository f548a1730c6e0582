/** The built client's files, from the manifest that scripts/build-client.mjs writes. */
import type { PageId } from "../../shared/routes";
import manifest from "./manifest.generated.json";

export interface ClientManifest {
  entry: string;
  css: string[];
  preload: string[];
  pages: Partial<Record<PageId, { js: string; css: string[]; preload: string[] }>>;
}

const m: ClientManifest = manifest;

/** `shell`: the entry's own imports (the app's shell chunk), in `preload` too. */
export function pageAssets(page: PageId | null): {
  entry: string;
  shell: string[];
  css: string[];
  preload: string[];
} {
  const p = page ? m.pages[page] : undefined;
  return {
    entry: m.entry,
    shell: m.preload,
    css: [...m.css, ...(p?.css ?? [])],
    preload: [...new Set([...m.preload, ...(p ? [p.js, ...p.preload] : [])])],
  };
}
