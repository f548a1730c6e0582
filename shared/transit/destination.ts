/**
 * A commute's destination named as a place of our geography (issue 32): a station, a district of Moscow or a
 * town of the region, found by its name. The times are kept station to station (station_trips), so a place
 * stands for the station nearest its centre, with the walk from that station at the catalogue's pace; a place
 * further than a walk from every station, or a name that is no place of Moscow and its region, is said so in
 * Russian, never answered with an empty list.
 */
import * as v from "valibot";
import { type LatLng, pointText, readPoint } from "../filters/commute";
import { formatDecimal } from "../format";
import { haversineKm, walkMinutes } from "../geo/distance";
import type { CommuteDestination } from "../schemas/catalogue";

/** Beyond this walk from the nearest station the place is out of the rail network's reach. */
export const DESTINATION_WALK_MAX = 30;

export const DestinationQuerySchema = v.object({
  place: v.pipe(
    v.string("ожидается название станции, района Москвы или города области"),
    v.trim(),
    v.minLength(2, "не короче 2 букв"),
    v.maxLength(60, "не длиннее 60 символов"),
    v.regex(/^[\p{L}\d .,()«»"'-]+$/u, "ожидается название: буквы, цифры, пробелы, точки и дефисы"),
  ),
});

/** A place the destination may be, as the geography has it. */
export interface DestinationPlace {
  kind: "station" | "district" | "locality";
  id: number;
  name: string;
  /** «Арбата», «города Химки»: the place after «до центра». */
  name_of: string | null;
  lat: number;
  lng: number;
}

/** What a place name comes to: its station and the walk from it, or why there is none. */
export interface DestinationAnswer {
  place: Pick<DestinationPlace, "kind" | "name" | "name_of">;
  station: CommuteDestination;
  /** Minutes on foot from the station to the place's centre (0 for a station). */
  walk: number;
  /**
   * The place's centre as the filter's point (`commute_at`, «55.7539,37.6208»), so that the list counts its
   * walk; null for a station, which is its own destination (`commute_to`).
   */
  at: string | null;
}

/** A station with its place: the nearest to a point is one of them. */
export type StationPlace = CommuteDestination & LatLng;

/** Why a name has no destination, in Russian: the API's 400, the method page's message. */
export class DestinationProblem extends Error {}

/** Words that say what a name is, left out of the match («м. Арбатская», «район Арбат», «г. Химки»). */
const KIND_WORDS = new Set(["м", "метро", "ст", "станция", "мцк", "мцд", "р-н", "рн", "район", "г", "город"]);

/** A name as compared: lower case, ё as е, no kind words, no punctuation at the ends, single spaces. */
export function placeKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/ё/g, "е")
    .replace(/[«»"'().,]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !KIND_WORDS.has(w))
    .join(" ");
}

/** The order among places of the same name: the station (what the cards count to), the district, the town. */
const KIND_ORDER: readonly DestinationPlace["kind"][] = ["station", "district", "locality"];

/**
 * The place a name means, and the station that stands for it: the nearest to its centre and the walk from it.
 * A DestinationProblem when the name is no place we know or the place is beyond a walk from every station.
 */
export function chooseDestination(
  text: string,
  places: readonly DestinationPlace[],
  stations: readonly StationPlace[],
): DestinationAnswer {
  const key = placeKey(text);
  const found = places
    .filter((p) => placeKey(p.name) === key)
    .sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind))[0];
  if (!found)
    throw new DestinationProblem(
      `«${text}» нет среди станций, районов Москвы и городов Подмосковья: время в пути мы считаем только по Москве и области, на метро, МЦК и МЦД.`,
    );
  const place = { kind: found.kind, name: found.name, name_of: found.name_of };
  if (found.kind === "station") {
    const station = stations.find((s) => s.id === found.id);
    if (station) {
      const { id, name, kind, color } = station;
      return { place, station: { id, name, kind, color }, walk: 0, at: null };
    }
  }
  const at = readPoint(pointText(found));
  if (!at) throw new DestinationProblem(`«${found.name}» — не в Москве и не в Подмосковье`);
  const near = nearestStation(at, stations);
  if (near.walk > DESTINATION_WALK_MAX)
    throw new DestinationProblem(
      `От центра ${found.name_of ?? `«${found.name}»`} до ближайшей станции, ${near.station.name}, ${formatDecimal(near.km, 1)} км — ${TOO_FAR}`,
    );
  return { place, station: near.station, walk: near.walk, at: pointText(at) };
}

/** Why a place or point beyond a walk has no time. */
const TOO_FAR = `дальше, чем ${DESTINATION_WALK_MAX} минут пешком. Время в пути мы считаем только на метро, МЦК и МЦД, без автобусов и электричек.`;

/** The station nearest a point on foot (the straight line at the catalogue's pace), and the walk from it. */
export function nearestStation(
  at: LatLng,
  stations: readonly StationPlace[],
): { station: CommuteDestination; km: number; walk: number } {
  let nearest: { station: StationPlace; km: number } | null = null;
  for (const s of stations) {
    const km = haversineKm(at.lat, at.lng, s.lat, s.lng);
    if (!nearest || km < nearest.km) nearest = { station: s, km };
  }
  if (!nearest) throw new DestinationProblem("Станций метро, МЦК и МЦД в каталоге пока нет");
  const { id, name, kind, color } = nearest.station;
  return { station: { id, name, kind, color }, km: nearest.km, walk: walkMinutes(nearest.km) };
}

/**
 * A point as a destination (`commute_at`, already read: in the region, 4 decimals): the station nearest on foot
 * and the walk from it; a DestinationProblem when every station is beyond a walk.
 */
export function choosePoint(
  at: LatLng,
  stations: readonly StationPlace[],
): { station: CommuteDestination; walk: number } {
  const near = nearestStation(at, stations);
  if (near.walk > DESTINATION_WALK_MAX)
    throw new DestinationProblem(
      `От этой точки до ближайшей станции, ${near.station.name}, ${formatDecimal(near.km, 1)} км — ${TOO_FAR}`,
    );
  return { station: near.station, walk: near.walk };
}
