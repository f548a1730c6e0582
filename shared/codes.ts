/** Codes of the catalogue (stored in D1, used in filters and URLs) and their Russian names. */

export const CLASSES = { 1: "Эконом", 2: "Комфорт", 3: "Бизнес", 4: "Премиум", 5: "Элит" } as const;
export const BUILD_TYPES = {
  1: "Монолитный",
  2: "Панельный",
  3: "Кирпичный",
  4: "Кирпично-монолитный",
  5: "Монолитно-каркасный",
} as const;
export const BUILD_STAGES = { 1: "Старт продаж", 2: "Строится", 3: "Сдан" } as const;
/** SPEC §2: «с отделкой» is otdelka=3, «без отделки» otdelka=2. */
export const OTDELKA = {
  1: "Предчистовая",
  2: "Без отделки",
  3: "Чистовая",
  4: "С мебелью",
} as const;
export const PARKING = {
  1: "Подземный паркинг",
  2: "Наземная парковка",
  3: "Многоуровневый паркинг",
} as const;
export const STATUSES = { 1: "В продаже", 2: "Бронь", 3: "Продана" } as const;
export const DISTANCE_TYPES = { 1: "пешком", 2: "на транспорте" } as const;
/** Room filter values: -1 free plan, 0 studio, 1…4, 5 = five and more. */
export const ROOMS = [0, 1, 2, 3, 4, 5, -1] as const;
export const ROOM_LABELS: Record<number, string> = {
  0: "Студия",
  1: "1-комн.",
  2: "2-комн.",
  3: "3-комн.",
  4: "4-комн.",
  5: "5+ комн.",
  [-1]: "Своб. планировка",
};

export type ClassCode = keyof typeof CLASSES;
export type OtdelkaCode = keyof typeof OTDELKA;

export const hasBit = (mask: number, code: number) => (mask & (1 << code)) !== 0;
export const bitsOf = (mask: number, codes: readonly number[]) => codes.filter((c) => hasBit(mask, c));
