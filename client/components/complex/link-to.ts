/** The complex page's URL with some query parameters changed (null removes one) and a section to show. */
export function linkTo(
  path: string,
  search: URLSearchParams,
  changes: Record<string, string | null>,
  hash: string,
): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  const q = next.toString();
  return `${path}${q ? `?${q}` : ""}#${hash}`;
}
