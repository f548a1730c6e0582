/**
 * «Сравнение квартир» (`/sravnenie/?ids=1,2`): up to four apartments side by side — plan, price, price per
 * metre, area, floor, finishing, deadline and the monthly payment. A link with ids is rendered by the server
 * (its `data`) and can be shared; without ids the page shows this browser's list, which the browser asks for.
 */
import type { ReactNode } from "react";
import { apiKeys } from "../../shared/api-keys";
import { formatArea, formatPrice } from "../../shared/format";
import { cardPayment } from "../../shared/mortgage-payment";
import { pageData } from "../../shared/page-data";
import { compareIdsOf } from "../../shared/page-keys";
import { href } from "../../shared/routes";
import type { LivingObject } from "../../shared/schemas/catalogue";
import { AppLink } from "../components/AppLink";
import { FloorPlan } from "../components/apartment/FloorPlan";
import { apartmentTitle, floorLabel, pricePerMeter } from "../components/apartment/text";
import { Breadcrumbs } from "../components/Breadcrumbs";
import { LightBoxProvider, useLightBox } from "../components/complex/LightBox";
import { complexTitle } from "../components/complex/text";
import { PaymentFrom } from "../components/mortgage/PaymentFrom";
import { PageHead } from "../components/PageHead";
import { useApi } from "../hooks/use-api";
import { useCompare } from "../hooks/use-favorites";
import { useInBrowser } from "../hooks/use-in-browser";

import type { PageProps } from "../pages";
import "../components/apartment/compare.css";

interface Row {
  label: string;
  cell: (a: LivingObject) => ReactNode;
  /** The number to find the best of the row by (the lowest is marked). */
  best?: (a: LivingObject) => number;
}

const ROWS: Row[] = [
  { label: "Цена", cell: (a) => formatPrice(a.price), best: (a) => a.price },
  { label: "Цена за м²", cell: (a) => pricePerMeter(a.price_m2), best: (a) => a.price_m2 },
  {
    label: "Платёж по ипотеке",
    cell: (a) => <PaymentFrom price={a.price} />,
    best: (a) => cardPayment(a.price),
  },
  { label: "Общая площадь", cell: (a) => formatArea(a.area_total) },
  { label: "Кухня", cell: (a) => formatArea(a.area_kitchen) },
  { label: "Этаж", cell: (a) => floorLabel(a.floor, a.floors) },
  { label: "Отделка", cell: (a) => a.otdelka_name },
  { label: "Срок сдачи", cell: (a) => a.deadline.label },
  { label: "ЖК", cell: (a) => <AppLink to={a.complex.url}>{complexTitle(a.complex.name)}</AppLink> },
  { label: "Статус", cell: (a) => a.status_name },
];

const planTitle = (a: LivingObject) => `Планировка: ${apartmentTitle(a).toLowerCase()}`;

/** An apartment's plan; a click shows every compared plan in the light box, this one first. */
function PlanButton({ list, index }: { list: readonly LivingObject[]; index: number }) {
  const { open } = useLightBox();
  const a = list[index];
  if (!a) return null;
  const slides = list.map((x) => ({
    key: String(x.id),
    caption: planTitle(x),
    content: <FloorPlan plan={x.plan} title={planTitle(x)} />,
  }));
  return (
    <button
      type="button"
      className="compare-table__plan"
      onClick={() => open(slides, index)}
      aria-label={`${planTitle(a)}: открыть крупно`}
    >
      <FloorPlan plan={a.plan} compact title={planTitle(a)} />
    </button>
  );
}

/** The apartments of the link's ids; none without ids (this browser's list is not the server's to know). */
export const data = pageData({
  keys(match) {
    const ids = compareIdsOf(match.search);
    return { list: ids.length ? apiKeys.apartmentsByIds(ids) : undefined };
  },
});

export default function ComparePage({ match }: PageProps) {
  const inBrowser = useInBrowser();
  const compare = useCompare();
  const fromUrl = compareIdsOf(match.search);
  const stored = inBrowser ? compare.ids : [];
  const ids = fromUrl.length ? fromUrl : stored;
  const { data: answer, error } = useApi(
    data.keys(match).list ?? (stored.length ? apiKeys.apartmentsByIds(stored) : undefined),
  );
  const list = answer?.data ?? [];

  /** The comparison without one apartment: a link, so that it works before the page's scripts and without them. */
  const without = (id: number) => href("compare", {}, { ids: ids.filter((x) => x !== id).join(",") });

  let body: ReactNode;
  if (error && !answer) {
    body = (
      <p className="cx-notice" role="alert">
        Не удалось загрузить квартиры. Проверьте соединение и попробуйте ещё раз.
      </p>
    );
  } else if (ids.length && !answer) {
    body = (
      <p className="cx-muted" role="status">
        Загружаем квартиры…
      </p>
    );
  } else if (list.length === 0) {
    body = inBrowser ? (
      <div className="listing__empty">
        <h2>Сравнивать пока нечего</h2>
        <p>
          Нажмите «Сравнить» у квартиры в списке или на её странице — здесь можно поставить рядом до четырёх
          квартир.
        </p>
        <AppLink to="/kvartiry/" className="button">
          Перейти к квартирам
        </AppLink>
      </div>
    ) : (
      <noscript>
        <p>Список для сравнения хранится в вашем браузере: чтобы увидеть его, включите JavaScript.</p>
      </noscript>
    );
  } else {
    const bests = new Map(
      ROWS.filter((r) => r.best && list.length > 1).map((r) => {
        const values = list.map((a) => r.best?.(a) ?? 0);
        return [r.label, Math.min(...values)];
      }),
    );
    body = (
      <div className="compare-scroll">
        <table className="compare-table">
          <caption className="visually-hidden">Квартиры рядом: цены, площади, этажи и сроки</caption>
          <thead>
            <tr>
              <td />
              {list.map((a, i) => (
                <th key={a.id} scope="col">
                  <PlanButton list={list} index={i} />
                  <AppLink to={a.url}>{apartmentTitle(a)}</AppLink>
                  <AppLink
                    to={without(a.id)}
                    replace
                    className="compare-table__remove"
                    aria-label={`Убрать ${apartmentTitle(a)} из сравнения`}
                    onClick={() => compare.has(a.id) && compare.toggle(a.id)}
                  >
                    Убрать
                  </AppLink>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                {list.map((a) => {
                  const best = bests.get(r.label);
                  const isBest = best !== undefined && r.best?.(a) === best;
                  return (
                    <td key={a.id} className={isBest ? "compare-table__best" : undefined}>
                      {r.cell(a)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <LightBoxProvider>
      <div className="page container">
        <PageHead
          title="Сравнение квартир"
          description="Квартиры в новостройках рядом: цена, цена за метр, площадь, этаж, отделка, срок сдачи и платёж по ипотеке."
          noindex
        />
        <Breadcrumbs items={[{ label: "Квартиры", to: "/kvartiry/" }, { label: "Сравнение" }]} />
        <h1>Сравнение квартир</h1>
        {body}
      </div>
    </LightBoxProvider>
  );
}
