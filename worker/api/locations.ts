import { Hono } from "hono";
import * as v from "valibot";
import { ID_LIST_MAX } from "../../shared/filters/keys";
import { LOCATION_APIS } from "../../shared/location-types";
import type { AppEnv } from "../env";
import { depsOf } from "../loaders/deps";
import { LOADERS } from "./answers";
import { json } from "./json";
import { notFound, parse, queryObject } from "./validate";

/**
 * One id, or several separated by commas (the filter's cascade asks for the places of all its choices): at
 * most as many as a filter's list holds (ID_LIST_MAX), so every filter a page takes has its cascade.
 */
const optionalIds = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}(,\d{1,9})*$/, "ожидаются целые положительные числа через запятую"),
    v.transform((s) => s.split(",").map(Number)),
    v.maxLength(ID_LIST_MAX, `слишком длинный список: не больше ${ID_LIST_MAX} значений`),
  ),
);

const ScopeSchema = v.object({
  kind: v.optional(v.picklist(["metro", "mcc", "mcd"], "одно из metro, mcc, mcd")),
  "search[kind]": v.optional(v.picklist(["metro", "mcc", "mcd"], "одно из metro, mcc, mcd")),
  "search[region_id]": optionalIds,
  "search[locality_id]": optionalIds,
  "search[city_area_id]": optionalIds,
});

function scope(c: { req: { url: string } }) {
  const raw = Object.fromEntries(
    [...new URL(c.req.url).searchParams].filter(([k]) =>
      ["kind", "search[kind]", "search[region_id]", "search[locality_id]", "search[city_area_id]"].includes(
        k,
      ),
    ),
  );
  const s = parse(ScopeSchema, raw);
  return {
    kind: s.kind ?? s["search[kind]"],
    parentId: s["search[region_id]"] ?? s["search[locality_id]"] ?? s["search[city_area_id]"],
  };
}

const IdOrSlug = v.object({
  id: v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,120}$/, "число или адрес из латинских букв, цифр и дефисов")),
});

export const locations = new Hono<AppEnv>();
for (const kind of LOCATION_APIS) {
  locations.get(`/${kind}/grid`, async (c) => {
    queryObject(c);
    return json(c, await LOADERS.locations(depsOf(c.env), kind, scope(c)));
  });
  locations.get(`/${kind}/:id`, async (c) => {
    const raw = parse(IdOrSlug, c.req.param()).id;
    const data = await LOADERS.location(depsOf(c.env), kind, /^\d+$/.test(raw) ? Number(raw) : raw, scope(c));
    return data ? json(c, data) : notFound("Такого места нет в каталоге");
  });
}
