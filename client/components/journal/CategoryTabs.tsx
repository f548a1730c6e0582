import { href } from "../../../shared/routes";
import type { MediaCategory } from "../../../shared/schemas/media";
import { AppLink } from "../AppLink";
import "./journal.css";

/** The journal's categories as tabs (links: each category has its own URL). */
export function CategoryTabs({ categories, current }: { categories: MediaCategory[]; current?: string }) {
  const tabs = [{ slug: undefined, name: "Все статьи" }, ...categories];
  return (
    <nav className="category-tabs" aria-label="Рубрики журнала">
      <ul>
        {tabs.map((c) => (
          <li key={c.slug ?? ""}>
            <AppLink
              to={href("journal", { category: c.slug })}
              className="category-tabs__tab"
              aria-current={c.slug === current ? "page" : undefined}
            >
              {c.name}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
