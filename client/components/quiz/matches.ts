/** The catalogue query for the complexes that match the quiz's answers (residential-complexes/grid). */
import { withQuery } from "../../../shared/api-keys";
import type { QuizAnswers } from "../../../shared/schemas/quizzes";

/** Catalogue region ids: 1 Москва, 2 Новая Москва, 3 Московская область. */
const REGION_IDS: Record<string, number | undefined> = {
  moskva: 1,
  "novaya-moskva": 2,
  "moskovskaya-oblast": 3,
};
/** The quiz's «4 и больше» is four rooms and the catalogue's five-plus. */
const ROOMS: Record<string, string> = { "4": "4,5" };
const LAST_YEAR = 2027;

/** Deadlines as catalogue years, 0 being «сдан»; «готов подождать» does not filter. */
function deadlineYears(answer: string, currentYear: number): string | undefined {
  if (answer === "ready") return "0";
  if (answer !== String(LAST_YEAR)) return undefined;
  const years = [0];
  for (let y = currentYear; y <= LAST_YEAR; y++) years.push(y);
  return years.join(",");
}

export function matchesKey(a: QuizAnswers, currentYear: number): string {
  const [min, max] = a.budget.split("-");
  return withQuery("/residential-complexes/grid", {
    per_page: 6,
    sort: "price asc",
    "search[price][min]": min === "0" ? undefined : min,
    "search[price][max]": max,
    "search[rooms]": a.rooms.map((r) => ROOMS[r] ?? r).join(","),
    "search[regions]": REGION_IDS[a.area],
    "search[deadline]": deadlineYears(a.deadline, currentYear),
    "search[otdelka]": a.otdelka === "any" ? undefined : a.otdelka,
  });
}
