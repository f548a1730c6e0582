import { createContext, useContext } from "react";
import type { BootData } from "../../shared/boot";
import { NO_AD_STATE } from "../../shared/schemas/ads";

export const BootContext = createContext<BootData>({
  fallback: {},
  status: 200,
  ip: null,
  all_ips: [],
  isBot: false,
  ad: NO_AD_STATE,
  nonce: "",
  origin: "",
  phone: "",
  menus: { dropdown: [], prices: [], main: [], siteMap: [] },
});

export function useBoot(): BootData {
  return useContext(BootContext);
}

/** The site's public address (BootData.origin): «https://novostroyki.example». */
export function useSiteOrigin(): string {
  return useBoot().origin;
}

/** The site's host name: «novostroyki.example» (the legal texts and the company's mailboxes). */
export function useSiteDomain(): string {
  return URL.parse(useSiteOrigin())?.hostname ?? "";
}
