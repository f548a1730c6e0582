/**
 * The data of each page, as the API URLs it reads (shared/api-keys.ts). The worker resolves them in-process
 * for SSR and embeds the answers as the SWR fallback; the client reads the same keys with useSWR.
 */
import { apiKeys } from "./api-keys";
import type { RouteMatch } from "./routes";

export function pageKeys(match: RouteMatch): string[] {
  switch (match.route.page) {
    case "home":
      return [apiKeys.page("/")];
    default:
      return [];
  }
}
