/**
 * The home page's list of complexes (client/routes/home.tsx `LIST`): the catalogue's list without its form,
 * its page links leading to the listing. A lazy part: its root carries `data-part` for client/lazy-press.ts.
 */
import type { ApiKey } from "../../../shared/api-keys";
import type { CatalogueFilter, ListQuery } from "../../../shared/filters/catalogue";
import type { ComplexList } from "../../../shared/schemas/catalogue";
import { Listing } from "../catalogue/Listing";

export interface HomeListProps {
  list: ApiKey<ComplexList>;
  query: ListQuery;
}

const NO_FILTER: CatalogueFilter = {};

export default function HomeList({ list, query }: HomeListProps) {
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
    </div>
  );
}
