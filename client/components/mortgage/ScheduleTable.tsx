import { Fragment, useState } from "react";
import { formatMoney, formatPrice } from "../../../shared/format";
import type { YearTotals } from "../../../shared/mortgage";

/** The payment schedule by year of the loan; a year opens into its twelve months. */
export function ScheduleTable({ years }: { years: readonly YearTotals[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (year: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(year)) next.delete(year);
      else next.add(year);
      return next;
    });
  return (
    <div className="mortgage-schedule">
      <table>
        <caption className="visually-hidden">
          График платежей по годам кредита, с раскрытием по месяцам
        </caption>
        <thead>
          <tr>
            <th scope="col">Период</th>
            <th scope="col">Платежи</th>
            <th scope="col">Основной долг</th>
            <th scope="col">Проценты</th>
            <th scope="col">Остаток долга</th>
          </tr>
        </thead>
        <tbody>
          {years.map((y) => {
            const expanded = open.has(y.year);
            const monthIds = y.months.map((m) => `schedule-month-${m.month}`).join(" ");
            return (
              <Fragment key={y.year}>
                <tr className="mortgage-schedule__year">
                  <th scope="row">
                    <button
                      type="button"
                      className="mortgage-schedule__toggle"
                      aria-expanded={expanded}
                      aria-controls={expanded ? monthIds : undefined}
                      onClick={() => toggle(y.year)}
                    >
                      {y.year}-й год
                    </button>
                  </th>
                  <td>{formatPrice(y.payment)}</td>
                  <td>{formatPrice(y.principal)}</td>
                  <td>{formatPrice(y.interest)}</td>
                  <td>{formatPrice(y.balance)}</td>
                </tr>
                {expanded &&
                  y.months.map((m) => (
                    <tr key={m.month} id={`schedule-month-${m.month}`} className="mortgage-schedule__month">
                      <th scope="row">{m.month}-й месяц</th>
                      <td>{formatMoney(m.payment)}</td>
                      <td>{formatMoney(m.principal)}</td>
                      <td>{formatMoney(m.interest)}</td>
                      <td>{formatMoney(m.balance)}</td>
                    </tr>
                  ))}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
