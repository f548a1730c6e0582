/**
 * «Можно ли доверять?»: the project's papers (declaration, permit, escrow and accredited banks) and the
 * developer's record of finished houses from our own data (issue 18).
 */
import type { ReactNode } from "react";
import { countOf, formatDate, plural, WORDS } from "../../../shared/format";
import type { ComplexTrust, DeveloperRecord } from "../../../shared/schemas/catalogue";
import { FactList } from "./Facts";

const UNKNOWN = "Нет данных";

/** «Сдано 12 корпусов: с опозданием больше квартала — 2 корпуса» (по нашим данным). */
export function recordText(r: DeveloperRecord): string {
  if (r.finished_houses === 0) return "В нашем каталоге сданных корпусов пока нет";
  const late =
    r.late_houses === 0
      ? "все в срок или с переносом не больше квартала"
      : `с опозданием больше квартала — ${countOf(r.late_houses, WORDS.house)}`;
  return `${plural(r.finished_houses, ["Сдан", "Сдано", "Сдано"])} ${countOf(r.finished_houses, WORDS.house)}: ${late}`;
}

export function Trust({
  trust,
  record,
  developer,
}: {
  trust: ComplexTrust;
  record: DeveloperRecord;
  developer: ReactNode;
}) {
  const d = trust.declaration;
  const facts: [string, ReactNode][] = [
    [
      "Проектная декларация",
      d ? (
        <>
          {`№ ${d.number}${d.date ? ` от ${formatDate(`${d.date}T12:00:00Z`)}` : ""}`}
          <br />
          <a href={d.url} rel="nofollow noopener" target="_blank">
            Проверить на наш.дом.рф
          </a>
        </>
      ) : (
        UNKNOWN
      ),
    ],
    ["Разрешение на строительство", trust.building_permit ? `№ ${trust.building_permit}` : UNKNOWN],
    ["Банк эскроу-счетов", trust.escrow_bank ?? UNKNOWN],
    ["Аккредитован в банках", trust.mortgage_banks.length ? trust.mortgage_banks.join(", ") : UNKNOWN],
    ["Застройщик", developer],
    ["Сданные корпуса застройщика", recordText(record)],
  ];
  return <FactList facts={facts} />;
}
