import { createContext, useContext } from "react";
import type { BootData } from "../../shared/boot";

/**
 * The page's boot data. App (client/app.tsx) provides it around everything, on the server and in the browser,
 * so the context has no default of its own (it was a whole BootData in every page's first load).
 */
export const BootContext = createContext<BootData>(null as unknown as BootData);

export function useBoot(): BootData {
  return useContext(BootContext);
}

/** The site's public address (BootData.origin): «https://novostroyki.example». */
export function useSiteOrigin(): string {
  return useBoot().origin;
}
