import type { ReactNode } from "react";
import { apiKeys } from "../../shared/api-keys";
import { DEFAULT_SORT } from "../../shared/constants";
import { filterKeys } from "../../shared/filter-keys";
import { IDS_MAX } from "../../shared/filters/keys";
import { countOf, WORDS } from "../../shared/format";
import type { ComplexCard } from "../../shared/schemas/catalogue";
import { AppLink } from "../components/AppLink";
import { ApartmentCard } from "../components/apartment/ApartmentCard";
import { CompareBar } from "../components/apartment/CompareBar";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { CardGrid } from "../components/catalogue/ListingCard";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { useFavoriteApartments, useFavorites } from "../hooks/use-favorites";
import { useInBrowser } from "../hooks/use-in-browser";

/**
 * «Избранное»: the complexes and apartments hearted in this browser (localStorage), the latest first. The server sends the
 * shell; the browser asks for the cards by id. Unhearting a card takes it off the list at once.
 */
export default function FavoritesPage() {
  const inBrowser = useInBrowser();
  const { ids } = useFavorites();
  const apartmentIds = useFavoriteApartments().ids.slice(-IDS_MAX);
  const apartments = useApi(
    inBrowser && apartmentIds.length ? apiKeys.apartmentsByIds([...apartmentIds].reverse()) : null,
    { keepPreviousData: true },
  );
  const flats = (apartments.data?.data ?? []).filter((a) => apartmentIds.includes(a.id));
  const latest = ids.slice(-IDS_MAX);
  const key =
    inBrowser && latest.length
      ? filterKeys.complexes({ filter: { ids: latest }, page: 1, perPage: IDS_MAX, sort: DEFAULT_SORT })
      : null;
  const { data, error } = useApi(key, { keepPreviousData: true });
  const byId = new Map(data?.data.map((c) => [c.id, c]));
  const cards = [...latest]
    .reverse()
    .map((id) => byId.get(id))
    .filter((c): c is ComplexCard => c !== undefined);

  let body: ReactNode;
  if (!inBrowser) {
    body = (
      <noscript>
        <p>Избранное хранится в вашем браузере: чтобы увидеть его, включите JavaScript.</p>
      </noscript>
    );
  } else if ((key && !data && !error) || (apartmentIds.length && !apartments.data && !apartments.error)) {
    body = (
      <p className="listing__count" role="status">
        Загружаем избранное…
      </p>
    );
  } else if ((error && !data) || (apartments.error && !apartments.data)) {
    body = (
      <p className="listing__error" role="alert">
        Не удалось загрузить избранное. Проверьте соединение и попробуйте ещё раз.
      </p>
    );
  } else if (cards.length === 0 && flats.length === 0) {
    body = (
      <div className="listing__empty">
        <h2>В избранном пока ничего нет</h2>
        <p>
          Нажмите ♡ на карточке ЖК или квартиры, и она появится здесь. Избранное хранится в этом браузере,
          регистрация не нужна.
        </p>
        <AppLink to="/novostroyki/" className="button">
          Перейти в каталог новостроек
        </AppLink>
      </div>
    );
  } else {
    body = (
      <>
        {cards.length > 0 && (
          <section aria-labelledby="favorites-list">
            <h2 id="favorites-list">Жилые комплексы</h2>
            <p className="listing__count" aria-live="polite">
              В избранном {countOf(cards.length, WORDS.complex)}
            </p>
            <CardGrid list={cards} />
          </section>
        )}
        {flats.length > 0 && (
          <section aria-labelledby="favorites-apartments">
            <h2 id="favorites-apartments">Квартиры</h2>
            <p className="listing__count" aria-live="polite">
              В избранном {countOf(flats.length, WORDS.apartment)}
            </p>
            <ul className="apt-list">
              {flats.map((a) => (
                <li key={a.id}>
                  <ApartmentCard apartment={a} showComplex />
                </li>
              ))}
            </ul>
            <CompareBar />
          </section>
        )}
      </>
    );
  }

  return (
    <div className="page container">
      <PageHead
        title="Избранное"
        description="Новостройки и квартиры, которые вы отметили сердечком: хранятся в этом браузере."
        noindex
      />
      <Breadcrumbs items={[{ label: "Избранное" }]} />
      <h1>Избранное</h1>
      {body}
    </div>
  );
}
