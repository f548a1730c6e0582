import type { ReactNode } from "react";
import { OTDELKA, PARKING } from "../../../shared/codes";
import { countOf, formatDecimal, formatNumber, formatRange, WORDS } from "../../../shared/format";
import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { classLabel, deadlinesOf } from "./text";
import "./complex.css";

/** «Предчистовая, без отделки, с мебелью»: one sentence, capital letter first only. */
const list = (names: string[]) =>
  names.map((n, i) => (i === 0 ? n : n.charAt(0).toLowerCase() + n.slice(1))).join(", ");

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The key facts a buyer compares, as a definition list. */
export function Facts({ complex: c }: { complex: ComplexDetail }) {
  const facts: [string, ReactNode][] = [
    ["Класс", classLabel(c.class_name)],
    [
      "Застройщик",
      <AppLink key="d" to={`/companies/developers/${c.developer.slug}/`}>
        {c.developer.name}
      </AppLink>,
    ],
    ["Стадия", c.build_stage_name],
    ["Срок сдачи", capital(deadlinesOf(c.houses, c.deadline))],
    ["Тип дома", c.build_type_name],
    ["Этажность", `${formatRange(c.floors_min, c.floors_max)}\u00a0эт.`],
    ["Корпуса", countOf(c.houses.length, WORDS.house)],
    ["Отделка", list(c.otdelka.map((o) => OTDELKA[o as keyof typeof OTDELKA])) || "Уточняйте у застройщика"],
    ["Парковка", list(c.parking.map((p) => PARKING[p as keyof typeof PARKING])) || "Нет"],
    ["Высота потолков", `${formatDecimal(c.ceiling_height, 2)}\u00a0м`],
    ["Квартир в продаже", formatNumber(c.apartments_on_sale)],
    ["Цена за м²", `${formatRange(formatNumber(c.min_price_m2), formatNumber(c.max_price_m2))}\u00a0₽`],
    ["Район", c.district ? c.district.name : c.locality.name],
  ];
  return <FactList facts={facts} />;
}

/** Terms and values as the facts' definition list; `compact` in a price card. */
export function FactList({ facts, compact }: { facts: readonly [string, ReactNode][]; compact?: boolean }) {
  return (
    <dl className={compact ? "cx-facts cx-facts--compact" : "cx-facts"}>
      {facts.map(([term, value]) => (
        <div key={term} className="cx-facts__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
