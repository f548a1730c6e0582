/**
 * A developer's houses on time, late (by how many quarters) and being built (issue 31), as a small table with
 * a bar for each row's share: what «Риск переноса» reads of the developer's own record, shown whole.
 */
import { countOf, WORDS } from "../../../shared/format";
import type { Company } from "../../../shared/schemas/companies";
import "./companies.css";

const QUARTERS = ["квартал", "квартала", "кварталов"] as const;

/** A row's words: «Сданы в срок», «Сданы с опозданием на 2 квартала», «Строятся, срок переносили на 1 квартал». */
function rowLabel(r: Company["houses"][number]): string {
  if (r.finished)
    return r.late_quarters === 0
      ? "Сданы в срок"
      : `Сданы с опозданием на ${countOf(r.late_quarters, QUARTERS)}`;
  if (!r.moved) return "Строятся, срок не переносили";
  return r.late_quarters > 0
    ? `Строятся, срок перенесён на ${countOf(r.late_quarters, QUARTERS)}`
    : "Строятся, срок переносили";
}

export function HouseRecord({ houses }: { houses: Company["houses"] }) {
  const total = houses.reduce((n, r) => n + r.houses, 0);
  if (!total) return null;
  return (
    <table className="house-record">
      <caption>Корпуса застройщика в нашем каталоге: {countOf(total, WORDS.house)}</caption>
      <thead>
        <tr>
          <th scope="col">Что с корпусом</th>
          <th scope="col">Корпусов</th>
        </tr>
      </thead>
      <tbody>
        {houses.map((r) => (
          <tr
            key={`${r.finished}-${r.late_quarters}-${r.moved}`}
            className={
              r.finished && r.late_quarters > 1
                ? "house-record--late"
                : !r.finished && r.moved
                  ? "house-record--moved"
                  : ""
            }
          >
            <th scope="row">{rowLabel(r)}</th>
            <td>
              <span
                className="house-record__bar"
                style={{ width: `${Math.max(4, (r.houses / total) * 100)}%` }}
              />
              {r.houses}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
