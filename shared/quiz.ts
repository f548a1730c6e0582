/** The apartment-matching quiz: its steps (also stored in D1 for the quizzes call) and answer rules. */
import { REGIONS } from "./geo/regions";

export interface QuizOption {
  value: string;
  label: string;
}

export interface QuizStep {
  id: "budget" | "rooms" | "area" | "deadline" | "otdelka" | "mortgage" | "contact";
  title: string;
  type: "single" | "multi" | "contact";
  options: QuizOption[];
}

export const QUIZ_STEPS: QuizStep[] = [
  {
    id: "budget",
    title: "Какой бюджет на покупку?",
    type: "single",
    options: [
      { value: "0-8000000", label: "до 8 млн ₽" },
      { value: "8000000-14000000", label: "8–14 млн ₽" },
      { value: "14000000-25000000", label: "14–25 млн ₽" },
      { value: "25000000-", label: "больше 25 млн ₽" },
    ],
  },
  {
    id: "rooms",
    title: "Сколько комнат нужно?",
    type: "multi",
    options: [
      { value: "0", label: "Студия" },
      { value: "1", label: "1 комната" },
      { value: "2", label: "2 комнаты" },
      { value: "3", label: "3 комнаты" },
      { value: "4", label: "4 и больше" },
    ],
  },
  {
    id: "area",
    title: "Где хотите жить?",
    type: "single",
    options: [
      ...REGIONS.map((r) => ({ value: r.slug, label: r.label })),
      { value: "any", label: "Не важно" },
    ],
  },
  {
    id: "deadline",
    title: "Когда планируете переезд?",
    type: "single",
    options: [
      { value: "ready", label: "Дом уже сдан" },
      { value: "2027", label: "До конца 2027 года" },
      { value: "later", label: "Готов подождать" },
    ],
  },
  {
    id: "otdelka",
    title: "Нужна ли отделка?",
    type: "single",
    options: [
      { value: "3", label: "С отделкой — сразу заехать" },
      { value: "2", label: "Без отделки — сделаю сам" },
      { value: "any", label: "Не важно" },
    ],
  },
  {
    id: "mortgage",
    title: "Планируете ипотеку?",
    type: "single",
    options: [
      { value: "family", label: "Да, семейную" },
      { value: "market", label: "Да, обычную" },
      { value: "no", label: "Нет, оплачу сам" },
    ],
  },
  { id: "contact", title: "Куда прислать подборку?", type: "contact", options: [] },
];
