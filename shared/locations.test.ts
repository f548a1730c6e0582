import { describe, expect, it } from "vitest";
import type { LocationType } from "./constants";
import { CITIES, DISTRICTS, HIGHWAYS, LINES, MO_DISTRICTS, OKRUGS, RAILWAYS } from "./geo";
import {
  CITY_CASES,
  DISTRICT_CASES,
  HIGHWAY_CASES,
  MO_DISTRICT_CASES,
  OKRUG_CASES,
  type PlaceCases,
  RAILWAY_CASES,
} from "./geo/cases";
import { REGIONS } from "./geo/regions";
import { LOCATION_TYPE_DEFS } from "./location-types";
import { locationHeading, type PlaceNames, placeIn, placeNewBuilds } from "./locations";

/** Every place of a type as the API gives it (name, kind, name_in, name_of as the seed writes them to D1). */
function placesOf(type: LocationType): PlaceNames[] {
  const cased = (name: string, kind: string | null, c: PlaceCases | undefined): PlaceNames => ({
    name,
    kind,
    name_in: c?.in ?? null,
    name_of: c?.of ?? null,
  });
  switch (type) {
    case "po-metro":
    case "mck":
    case "mcd": {
      const kind = LOCATION_TYPE_DEFS[type].kind;
      return LINES.filter((l) => l.kind === kind).flatMap((l) =>
        l.stations.map((s) => cased(s.name, kind ?? null, undefined)),
      );
    }
    case "po-rajonam":
      return DISTRICTS.map((d) => cased(d.name, d.kind, DISTRICT_CASES[d.name]));
    case "po-okrugam":
      return OKRUGS.map((o) => cased(o.name, o.abbrev, OKRUG_CASES[o.name]));
    case "po-rajonam-mo":
      return MO_DISTRICTS.map((m) => cased(m.name, m.kind, MO_DISTRICT_CASES[m.name]));
    case "po-gorodam":
      return CITIES.map((c) => cased(c.name, c.kind, CITY_CASES[c.name]));
    case "po-shosse":
      return HIGHWAYS.map((h) => cased(h.name, null, HIGHWAY_CASES[h.name]));
    case "po-zhd":
      return RAILWAYS.map((r) => cased(r.name, null, RAILWAY_CASES[r.name]));
    case "po-regionam":
      return REGIONS.map((r) => cased(r.name, null, { in: r.nameIn, of: r.nameOf }));
  }
}

const TYPES = Object.keys(LOCATION_TYPE_DEFS) as LocationType[];
const STATION_TYPES = new Set<LocationType>(["po-metro", "mck", "mcd"]);

describe("every phrase that names a place, for every place of every type", () => {
  it.each(TYPES)("%s", (type) => {
    const places = placesOf(type);
    expect(places.length).toBeGreaterThan(0);
    for (const place of places) {
      const phrases = [locationHeading(type, place), placeIn(type, place), placeNewBuilds(type, place)];
      if (STATION_TYPES.has(type)) {
        // A station stays in the nominative, after «метро» or «станции».
        for (const p of phrases)
          expect(p, p).toMatch(new RegExp(`(метро|станции МЦК|станции МЦД) ${place.name}$`));
        continue;
      }
      // The locative and the genitive are our geography's, never the name put after «в» as it is.
      expect(place.name_in, place.name).toBeTruthy();
      expect(locationHeading(type, place)).toBe(`Новостройки ${place.name_in}`);
      expect(placeIn(type, place)).toBe(place.name_in);
      expect(placeNewBuilds(type, place)).toBe(`Новостройки ${place.name_of}`);
    }
  });

  it("reads as the issue asks", () => {
    const place = (type: LocationType, name: string) => {
      const found = placesOf(type).find((p) => p.name === name);
      if (!found) throw new Error(name);
      return found;
    };
    expect(locationHeading("po-rajonam", place("po-rajonam", "Покровское-Стрешнево"))).toBe(
      "Новостройки в Покровском-Стрешневе",
    );
    expect(placeNewBuilds("po-rajonam", place("po-rajonam", "Покровское-Стрешнево"))).toBe(
      "Новостройки Покровского-Стрешнева",
    );
    expect(locationHeading("po-metro", place("po-metro", "Сокольники"))).toBe(
      "Новостройки у метро Сокольники",
    );
    expect(locationHeading("po-shosse", place("po-shosse", "Каширское шоссе"))).toBe(
      "Новостройки на Каширском шоссе",
    );
    expect(locationHeading("po-rajonam", place("po-rajonam", "Сосенское"))).toBe(
      "Новостройки в поселении Сосенское",
    );
    expect(locationHeading("po-rajonam", place("po-rajonam", "Арбат"))).toBe("Новостройки на Арбате");
    expect(locationHeading("po-gorodam", place("po-gorodam", "Клин"))).toBe("Новостройки в Клину");
    expect(locationHeading("po-regionam", place("po-regionam", "Москва"))).toBe("Новостройки в Москве");
  });

  it("names a place without cases in apposition, never declining it by rule", () => {
    expect(locationHeading("po-rajonam", { name: "Новый район", kind: "район" })).toBe(
      "Новостройки в районе Новый район",
    );
    expect(locationHeading("po-gorodam", { name: "Новое", kind: "деревня" })).toBe(
      "Новостройки в населённом пункте Новое",
    );
  });
});
