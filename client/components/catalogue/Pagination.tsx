import { AppLink } from "../AppLink";

/** Page links that work without JavaScript; `hrefOf(page)` builds each page's URL. */
export function Pagination({
  current,
  last,
  hrefOf,
}: {
  current: number;
  last: number;
  hrefOf(page: number): string;
}) {
  if (last <= 1) return null;
  const pages = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const list = [...pages].filter((p) => p >= 1 && p <= last).sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label="Страницы">
      {current > 1 && (
        <AppLink to={hrefOf(current - 1)} className="pagination__step" rel="prev">
          ← Назад
        </AppLink>
      )}
      <ol>
        {list.map((p, i) => (
          <li key={p} className="pagination__item">
            {i > 0 && p - (list[i - 1] ?? p) > 1 && <span className="pagination__gap">…</span>}
            {p === current ? (
              <span aria-current="page" className="pagination__page pagination__page--current">
                {p}
              </span>
            ) : (
              <AppLink to={hrefOf(p)} className="pagination__page">
                {p}
              </AppLink>
            )}
          </li>
        ))}
      </ol>
      {current < last && (
        <AppLink to={hrefOf(current + 1)} className="pagination__step" rel="next">
          Дальше →
        </AppLink>
      )}
    </nav>
  );
}
