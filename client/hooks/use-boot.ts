import { createContext, useContext } from "react";
import { NO_AD_STATE } from "../../shared/schemas/ads";
import type { BootData } from "../boot";

export const BootContext = createContext<BootData>({
  fallback: {},
  status: 200,
  isBot: false,
  ad: NO_AD_STATE,
  nonce: "",
  phone: "",
});

export function useBoot(): BootData {
  return useContext(BootContext);
}
