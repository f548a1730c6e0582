/**
 * The payment schedule, below the calculator's result: the chart of the years and the table that opens into
 * months. Its own chunk (MortgageCalculator's `SCHEDULE`): the server renders it, the browser hydrates it
 * once the chunk is there. It groups the months into years itself: a fiber of its own, not the result's (issue 34).
 */
import { useMemo } from "react";
import { type Payment, yearlySchedule } from "../../../shared/mortgage";
import { PaymentChart } from "./PaymentChart";
import { ScheduleTable } from "./ScheduleTable";

export default function Schedule({ schedule }: { schedule: readonly Payment[] }) {
  const years = useMemo(() => yearlySchedule(schedule), [schedule]);
  return (
    <>
      <PaymentChart years={years} />
      <ScheduleTable years={years} />
    </>
  );
}
