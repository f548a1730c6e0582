/**
 * The home page below its first view (client/routes/home.tsx `LIST`), its one lazy part: the catalogue's list
 * without its form (its page links lead to the listing) and what follows it (HomeMore.tsx). Its root carries
 * `data-part` for client/lazy-press.ts: at 1440 px the first cards' ♡ are on the first screen. The list's body
 * is the catalogue's own part (Listing.tsx), which keeps the page's first load free of the filter tables.
 */
import type { ApiKey } from "../../../shared/api-keys";
import type { CatalogueFilter, ListQuery } from "../../../shared/filters/catalogue";
import type { ComplexList } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { Listing } from "../catalogue/Listing";
import HomeMore, { type HomeMoreProps } from "./HomeMore";

export interface HomeListProps extends HomeMoreProps {
  list: ApiKey<ComplexList>;
  query: ListQuery;
}

const NO_FILTER: CatalogueFilter = {};

export default function HomeList({ list, query, main, offers }: HomeListProps) {
  return (
    <div data-part="home-list">
      <Listing
        path="/novostroyki/"
        query={query}
        list={list}
        base={NO_FILTER}
        own={NO_FILTER}
        galleryAd={false}
      />
      <p>
        <AppLink to="/novostroyki/" className="button">
          Смотреть все новостройки
        </AppLink>
      </p>
      <HomeMore main={main} offers={offers} />
    </div>
  );
}
