import { AppLink } from "./AppLink";
import "./Pagination.css";

/** The page numbers to show: the first, the last and two around the current one; null is a gap. */
function pageNumbers(current: number, last: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= 2) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/** The one pagination of lists (catalogue, apartments, journal, companies): page links that work without
 * JavaScript; `hrefOf` keeps the rest of the query. */
export function Pagination({
  current,
  last,
  hrefOf,
}: {
  current: number;
  last: number;
  hrefOf: (page: number) => string;
}) {
  if (last <= 1) return null;
  return (
    <nav className="pagination" aria-label="Страницы">
      {current > 1 && (
        <AppLink to={hrefOf(current - 1)} className="pagination__step" rel="prev">
          ← Назад
        </AppLink>
      )}
      <ol>
        {pageNumbers(current, last).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity but its place
            <li key={`gap${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              {p === current ? (
                <span className="pagination__page" aria-current="page">
                  {p}
                </span>
              ) : (
                <AppLink to={hrefOf(p)} className="pagination__page" aria-label={`Страница ${p}`}>
                  {p}
                </AppLink>
              )}
            </li>
          ),
        )}
      </ol>
      {current < last && (
        <AppLink to={hrefOf(current + 1)} className="pagination__step" rel="next">
          Вперёд →
        </AppLink>
      )}
    </nav>
  );
}
