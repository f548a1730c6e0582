/**
 * The payment schedule, below the calculator's result: the chart of the years and the table that opens into
 * months. Its own chunk (MortgageCalculator's `SCHEDULE`): the server renders it, the browser hydrates it
 * once the chunk is there.
 */
import type { YearTotals } from "../../../shared/mortgage";
import { PaymentChart } from "./PaymentChart";
import { ScheduleTable } from "./ScheduleTable";

export default function Schedule({ years }: { years: readonly YearTotals[] }) {
  return (
    <>
      <PaymentChart years={years} />
      <ScheduleTable years={years} />
    </>
  );
}
