/** The page's ads (apart from the slots of Ads.tsx, so that a page whose slots are lazy parts loads only this). */
import { useLocation } from "react-router";
import { AD_PAGES } from "../../../shared/ads";
import { apiKeys } from "../../../shared/api-keys";
import { matchRoute } from "../../../shared/routes";
import type { AdsData } from "../../../shared/schemas/ads";
import { useApi } from "../../hooks/use-api";
import { useBoot } from "../../hooks/use-boot";

/**
 * The page's ads: undefined while they load; null (no slots) for a bot, on a page without ads (the server
 * loads them for AD_PAGES only) or when they failed.
 */
export function useAds(): AdsData | null | undefined {
  const { isBot, ad } = useBoot();
  const { pathname, search } = useLocation();
  const page = matchRoute(pathname, search)?.route.page;
  const shown = !isBot && page !== undefined && AD_PAGES.has(page);
  const { data, error } = useApi<AdsData>(shown ? apiKeys.adverts(ad.has_adv_utm) : null);
  return shown && !error ? data : null;
}
