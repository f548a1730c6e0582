import { createContext, useContext } from "react";
import type { BootData } from "../boot";

export const BootContext = createContext<BootData>({ fallback: {}, status: 200, isBot: false, nonce: "" });

export function useBoot(): BootData {
  return useContext(BootContext);
}
