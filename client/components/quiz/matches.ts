/** The catalogue query for the complexes that match the quiz's answers (residential-complexes/grid). */
import { filterKeys } from "../../../shared/filter-keys";
import { type CatalogueFilter, REGION_IDS } from "../../../shared/filters/catalogue";
import type { QuizAnswers } from "../../../shared/schemas/quizzes";

/** The quiz's «4 и больше» is four rooms and the catalogue's five-plus. */
const ROOMS: Record<string, number[]> = { "4": [4, 5] };
const LAST_YEAR = 2027;

/** Deadlines as catalogue years, 0 being «сдан»; «готов подождать» does not filter. */
function deadlineYears(answer: string, currentYear: number): number[] | undefined {
  if (answer === "ready") return [0];
  if (answer !== String(LAST_YEAR)) return undefined;
  const years = [0];
  for (let y = currentYear; y <= LAST_YEAR; y++) years.push(y);
  return years;
}

/** The answers as the catalogue's filter: what the visitor left open is not in it. */
function filterOf(a: QuizAnswers, currentYear: number): CatalogueFilter {
  const [min, max] = a.budget.split("-").map((s) => (s && s !== "0" ? Number(s) : undefined));
  const region = REGION_IDS[a.area as keyof typeof REGION_IDS];
  const deadline = deadlineYears(a.deadline, currentYear);
  const rooms = a.rooms.flatMap((r) => ROOMS[r] ?? [Number(r)]);
  return {
    ...(min !== undefined || max !== undefined ? { price: { min, max } } : {}),
    ...(rooms.length ? { rooms } : {}),
    ...(region ? { regions: [region] } : {}),
    ...(deadline ? { deadline } : {}),
    ...(a.otdelka === "any" ? {} : { otdelka: [Number(a.otdelka)] }),
  };
}

export function matchesKey(a: QuizAnswers, currentYear: number): string {
  return filterKeys.complexes({ filter: filterOf(a, currentYear), page: 1, perPage: 6, sort: "price asc" });
}
