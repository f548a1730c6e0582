/**
 * «Поиск по сайту» (`/poisk/?q=…`): what the header's search finds (search/entities-by-word), as a page. The
 * header's box is a GET form to this address, so a search works without JavaScript and when Enter is pressed
 * before anything was found; with JavaScript the box picks an option itself. Never indexed: a page per typed text.
 */
import { apiKeys } from "../../shared/api-keys";
import { KEYWORD_MAX, KEYWORD_MIN } from "../../shared/constants";
import { pageData } from "../../shared/page-data";
import type { RouteMatch } from "../../shared/routes";
import type { SearchResult } from "../../shared/schemas/main";
import { AppLink } from "../components/AppLink";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";
import "../components/search-page.css";

/** The text searched for: trimmed, spaces collapsed, cut to the API's longest keyword. */
export const searchTextOf = (match: RouteMatch): string =>
  (match.search.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, KEYWORD_MAX);

export const data = pageData({
  keys(match) {
    const text = searchTextOf(match);
    return { found: text.length >= KEYWORD_MIN ? apiKeys.search(text) : undefined };
  },
});

interface Group {
  title: string;
  items: { url: string; label: string; hint?: string; color?: string }[];
}

function groupsOf(r: SearchResult): Group[] {
  return [
    {
      title: "Жилые комплексы",
      items: r.residential_complexes.map((c) => ({ url: c.url, label: `ЖК «${c.name}»`, hint: c.address })),
    },
    {
      title: "Станции метро",
      items: r.subway_stations.map((s) => ({ url: s.url, label: s.name, color: s.color })),
    },
    { title: "Районы", items: r.districts.map((d) => ({ url: d.url, label: d.name })) },
    { title: "Застройщики", items: r.developers.map((d) => ({ url: d.url, label: d.name })) },
  ].filter((g) => g.items.length > 0);
}

export default function SearchPage({ match }: PageProps) {
  const text = searchTextOf(match);
  const { found: key } = data.keys(match);
  const { data: found } = useApi(key);
  const groups = found ? groupsOf(found) : [];
  return (
    <div className="page container search-page">
      <PageHead
        title={text ? `Поиск: «${text}»` : "Поиск по сайту"}
        description="Поиск жилых комплексов, станций метро, районов и застройщиков."
        noindex
      />
      <Breadcrumbs items={[{ label: "Поиск" }]} />
      <h1>{text ? `Поиск: «${text}»` : "Поиск по сайту"}</h1>
      <form className="search-page__form" method="get" action="/poisk/">
        <label className="visually-hidden" htmlFor="search-page-q">
          ЖК, метро, район или застройщик
        </label>
        <input
          id="search-page-q"
          className="form-input"
          type="search"
          name="q"
          defaultValue={text}
          maxLength={KEYWORD_MAX}
          placeholder="ЖК, метро, район или застройщик"
          key={text}
        />
        <button type="submit" className="button">
          Найти
        </button>
      </form>
      {text.length < KEYWORD_MIN ? (
        <p className="search-page__note">
          Введите хотя бы две буквы названия ЖК, станции, района или застройщика.
        </p>
      ) : !found ? (
        <p className="search-page__note">Ищем…</p>
      ) : groups.length === 0 ? (
        <p className="search-page__note">
          По запросу «{text}» ничего не нашлось — проверьте написание или откройте{" "}
          <AppLink to="/novostroyki/">каталог новостроек</AppLink> с фильтрами.
        </p>
      ) : (
        groups.map((g) => (
          <section key={g.title} className="search-page__group" aria-label={g.title}>
            <h2>{g.title}</h2>
            <ul>
              {g.items.map((item) => (
                <li key={item.url}>
                  <AppLink to={item.url}>
                    {item.color && (
                      <span
                        className="search-page__line"
                        style={{ background: item.color }}
                        aria-hidden="true"
                      />
                    )}
                    {item.label}
                  </AppLink>
                  {item.hint && <span className="search-page__hint">{item.hint}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
