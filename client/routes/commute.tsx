/**
 * «Время в пути»: how the catalogue estimates door-to-door times (issue 32), from the model's own numbers
 * (shared/transit/graph.ts), and a plain form of every station — the way to choose a destination without
 * script.
 */
import { apiKeys } from "../../shared/api-keys";
import { CATALOGUE_FIELDS, filterToUrlQuery } from "../../shared/filters/catalogue";
import { COMMUTE_HORIZON } from "../../shared/filters/commute";
import { compareRu, formatDecimal } from "../../shared/format";
import { WALK_DETOUR, WALK_KMH } from "../../shared/geo/distance";
import { isAskedProblem, pageData } from "../../shared/page-data";
import type { LocationItem } from "../../shared/schemas/locations";
import { DESTINATION_WALK_MAX, type DestinationAnswer } from "../../shared/transit/destination";
import { MODEL, TRACK_DETOUR, TRANSFER_KM, TRANSFER_MINUTES, WAIT_OF_LINE } from "../../shared/transit/graph";
import { approxMinutes } from "../../shared/transit/text";
import { CommuteLimitOptions } from "../components/catalogue/filter-form/controls";
import { stationName } from "../components/complex/text";
import { StaticPage } from "../components/legal/StaticPage";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";
import "./commute.css";

/** The method page's second plain form: a destination named as a place (shared/transit/destination.ts). */
const PLACE = "mesto";
const placeOf = (match: PageProps["match"]) => match.search.get(PLACE)?.trim() || undefined;

const placeKey = (match: PageProps["match"]) => {
  const place = placeOf(match);
  return place === undefined ? undefined : apiKeys.commuteDestination(place);
};

export const data = pageData({
  keys: () => ({ stations: apiKeys.locations("subways") }),
  asked: placeKey,
});

const F = CATALOGUE_FIELDS;
const KINDS = [
  ["metro", "Метро"],
  ["mcc", "МЦК"],
  ["mcd", "МЦД"],
] as const;
const n = (x: number) => formatDecimal(x, 2);

/** The model's rules, each number read from the model itself (shared/transit/graph.ts). */
const RULES = [
  `Пешком до станции — минуты из карточки ЖК: от застройщика или оценка по расстоянию (прямая × ${n(WALK_DETOUR)} при скорости ${WALK_KMH} км/ч). Станции, до которых из ЖК нужно ехать на транспорте, не учитываем.`,
  `Поезд между соседними станциями идёт по прямой между ними × ${n(TRACK_DETOUR)}: в метро со скоростью ${MODEL.metro.speed} км/ч, на МЦК — ${MODEL.mcc.speed} км/ч, на МЦД — ${MODEL.mcd.speed} км/ч; стоянка на станции — ${n(MODEL.metro.dwell)}, ${n(MODEL.mcc.dwell)} и ${n(MODEL.mcd.dwell)} мин.`,
  `Ожидание поезда — половина интервала в час пик: в метро ${n(MODEL.metro.wait)} мин, на МЦК ${n(MODEL.mcc.wait)} мин, на МЦД ${n(MODEL.mcd.wait)} мин (МЦД-3 и МЦД-4 — ${n(WAIT_OF_LINE.D3 ?? 0)} мин). Ждём при посадке и после каждой пересадки.`,
  `Пересадка внутри одной станции — ${TRANSFER_MINUTES} мин пешком. Переход между разными станциями ближе ${n(TRANSFER_KM * 1000)} м — пешком по расстоянию между ними, но не меньше 2 мин.`,
  `Точка на карте, центр района или города — это ближайшая к ней станция и путь от неё пешком по тем же правилам (не дальше ${DESTINATION_WALK_MAX} минут). Указать точку можно на карте новостроек: кнопка «Указать точку на карте».`,
  `Автобусы, трамваи, электрички вне МЦД, такси и пробки не учитываем, как и расписание, толпу и закрытые входы. Поездки дольше ${COMMUTE_HORIZON} минут не показываем.`,
];

/** Stations by line, in the lines' order of the answer, for the form's groups. */
function byLine(stations: readonly LocationItem[]) {
  const groups = new Map<string, { label: string; items: LocationItem[] }>();
  for (const [kind, kindName] of KINDS) {
    for (const s of stations.filter((x) => x.kind === kind)) {
      const key = `${kind}:${s.line ?? ""}`;
      const label = kind === "mcc" ? kindName : `${kindName}: ${s.line_name ?? s.line ?? ""}`;
      const group = groups.get(key) ?? { label, items: [] };
      group.items.push(s);
      groups.set(key, group);
    }
  }
  return [...groups.values()].map((g) => ({
    ...g,
    items: g.items.sort((a, b) => compareRu(a.name, b.name)),
  }));
}

/** The limit the place's form carries to the list: one of the offered, 45 by default. */
function limitOf(match: PageProps["match"]): number {
  const asked = Number(match.search.get(F.commute_max.url[0]));
  return asked in F.commute_max.options ? asked : 45;
}

/**
 * What the place's form came back with: its station and the list there, or why there is none. A district or a
 * town is its centre as the list's point (`commute_at`): the walk from its station counts in every time.
 */
function PlaceAnswer({ answer, limit }: { answer: DestinationAnswer; limit: number }) {
  const filter = answer.at === null ? { commute_to: answer.station.id } : { commute_at: answer.at };
  const list = `/novostroyki/${filterToUrlQuery({ ...filter, commute_max: limit })}`;
  const to = stationName(answer.station);
  const of = answer.place.name_of ?? `«${answer.place.name}»`;
  return (
    <div className="commute-form__answer" role="status">
      <p>
        {answer.at === null
          ? `Считаем время до станции ${to}.`
          : `Ближайшая к центру ${of} станция — ${to}, от неё ${approxMinutes(answer.walk)} пешком. Время в пути считаем до центра ${of}: до станции и пешком от неё.`}
      </p>
      <a className="button" href={list}>
        Показать новостройки {answer.at === null ? `до ${to}` : `до центра ${of}`}
      </a>
    </div>
  );
}

export default function CommutePage({ match }: PageProps) {
  const { data: stations } = useApi(data.keys(match).stations);
  const place = placeOf(match);
  const asked = useApi(placeKey(match));
  // Without script the server hands a refused place over as { error }; with it the fetch fails with it.
  // The API names its parameter («place: …»); the page names the field as its label does.
  const refusal = isAskedProblem(asked.data) ? asked.data.error : (asked.error?.message ?? null);
  const problem = refusal?.replace(/^place: /, "Место назначения: ") ?? null;
  const answer = asked.data && !isAskedProblem(asked.data) ? asked.data : null;
  const limit = limitOf(match);
  return (
    <StaticPage
      match={match}
      title="Время в пути: как мы его считаем"
      description="Как каталог оценивает время от дома до работы на метро, МЦК и МЦД: скорости линий, ожидание поезда, пересадки и пешие переходы."
      lead="Выберите станцию, куда вы ездите каждый день, — и каталог покажет у каждого ЖК, сколько примерно ехать от двери до двери."
    >
      <section className="static-page__section" aria-labelledby="commute-form">
        <h2 id="commute-form">Куда вы ездите</h2>
        <form className="commute-form" action="/novostroyki/" method="get">
          <label>
            <span>Станция</span>
            <select className="form-input" name={F.commute_to.url[0]} required defaultValue="">
              <option value="" disabled>
                Выберите станцию
              </option>
              {byLine(stations?.data ?? []).map((g) => (
                <optgroup key={g.label} label={g.label}>
                  {g.items.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </label>
          <label>
            <span>{F.commute_max.label}</span>
            <select className="form-input" name={F.commute_max.url[0]} defaultValue="45">
              <CommuteLimitOptions />
            </select>
          </label>
          <button type="submit" className="button">
            Показать новостройки
          </button>
        </form>
        <form className="commute-form" action="/vremya-v-puti/" method="get">
          <label>
            <span>Или место назначения</span>
            <input
              className="form-input"
              type="text"
              name={PLACE}
              defaultValue={place}
              placeholder="Район, город, станция"
              required
              minLength={2}
              maxLength={60}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? "commute-place-problem" : undefined}
            />
          </label>
          <label>
            <span>{F.commute_max.label}</span>
            <select className="form-input" name={F.commute_max.url[0]} defaultValue={String(limit)}>
              <CommuteLimitOptions />
            </select>
          </label>
          <button type="submit" className="button">
            Найти станцию
          </button>
        </form>
        {problem && (
          <p id="commute-place-problem" className="commute-form__problem" role="alert">
            {problem}
          </p>
        )}
        {answer && <PlaceAnswer answer={answer} limit={limit} />}
      </section>

      <section className="static-page__section" aria-labelledby="commute-method">
        <h2 id="commute-method">Как считается время</h2>
        <p>
          Время «от двери до двери» — это путь пешком от ЖК до одной из его станций и поездка от неё до
          выбранной станции. Из всех станций ЖК берём ту, с которой получается быстрее. Поэтому у времени
          всегда стоит «≈»: это оценка по модели, а не расписание.
        </p>
        <ul className="static-page__list">
          {RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p>
          Если у ЖК нет станции в пешей доступности, время в пути для него неизвестно: в списке с ограничением
          по времени такой ЖК не показываем, а не угадываем.
        </p>
        <p>
          На карте с выбранной станцией закрашены и сами места: карта поделена на клетки, и для середины
          каждой клетки время считается так же — пешком до станции со скоростью {WALK_KMH} км/ч (прямая ×{" "}
          {n(WALK_DETOUR)}), но не больше {DESTINATION_WALK_MAX} минут, плюс поездка от неё. Клетки, откуда до
          станции дольше {DESTINATION_WALK_MAX} минут пешком или дорога занимает больше {COMMUTE_HORIZON}{" "}
          минут, не закрашены. Поездки заранее посчитаны от станций, к которым ходят пешком из ЖК каталога,
          поэтому и клетки считаем только от них.
        </p>
      </section>
    </StaticPage>
  );
}
