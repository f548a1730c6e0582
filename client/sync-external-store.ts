/**
 * SWR imports `use-sync-external-store/shim`, the stand-in for React 18's hook on React 16 and 17, which on
 * React 18 and later hands back React's own hook. The client build sends that import here (`alias` in
 * scripts/build-client.mjs), so the shell does not carry the stand-in: 0.3 KB gzip.
 */
export { useSyncExternalStore } from "react";
