import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import type { ApiKey } from "../../shared/api-keys";
import type { ApiError } from "../http";

/**
 * Reads an API key, typed by the key; null or undefined reads nothing. A key the server resolved for the page
 * is in the cache already: the first render after hydration asks for nothing.
 */
export function useApi<T>(
  key: ApiKey<T> | null | undefined,
  config?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> {
  return useSWR<T, ApiError>(key ?? null, config ?? {});
}
