import useSWR, { type SWRResponse } from "swr";
import type { ApiError } from "../http";

/** Reads an API key; on the first render the SSR fallback answers without a request. */
export function useApi<T>(key: string | null): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(key);
}
