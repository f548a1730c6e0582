/**
 * The complex page's sections below the first screen, each in a chunk of its own (lazyPart in client/pages.ts):
 * rendered in a `<Suspense>`, so the server's HTML of each stays as it is while the page hydrates and the
 * browser loads its code after the first paint. The apartments' pages import the same components directly:
 * there they are the first screen.
 */
import type { ComponentProps } from "react";
import { lazyPart } from "../../pages";
import type { ApartmentFilters } from "../apartment/ApartmentFilters";
import type { ApartmentList } from "../apartment/ApartmentList";
import type MortgageSnippet from "../apartment/MortgageSnippet";
import type { RoomGroups } from "../apartment/RoomGroups";
import type ComplexCards from "./ComplexCard";
import type ComplexJsonLd from "./ComplexJsonLd";
import type { Facts } from "./Facts";
import type Houses from "./Houses";
import type LocationMap from "./LocationMap";
import type PopularLinks from "./PopularLinks";
import type { Trust } from "./Trust";

export const MORTGAGE_SNIPPET = lazyPart<ComponentProps<typeof MortgageSnippet>>(
  () => import("../apartment/MortgageSnippet"),
);
export const HOUSES = lazyPart<ComponentProps<typeof Houses>>(() => import("./Houses"));
export const LOCATION_MAP = lazyPart<ComponentProps<typeof LocationMap>>(() => import("./LocationMap"));
export const COMPLEX_CARDS = lazyPart<ComponentProps<typeof ComplexCards>>(() => import("./ComplexCard"));
export const POPULAR_LINKS = lazyPart<ComponentProps<typeof PopularLinks>>(() => import("./PopularLinks"));
export const FACTS = lazyPart<ComponentProps<typeof Facts>>(() =>
  import("./Facts").then((m) => ({ default: m.Facts })),
);
export const TRUST = lazyPart<ComponentProps<typeof Trust>>(() =>
  import("./Trust").then((m) => ({ default: m.Trust })),
);
export const ROOM_GROUPS = lazyPart<ComponentProps<typeof RoomGroups>>(() =>
  import("../apartment/RoomGroups").then((m) => ({ default: m.RoomGroups })),
);
export const APARTMENT_FILTERS = lazyPart<ComponentProps<typeof ApartmentFilters>>(() =>
  import("../apartment/ApartmentFilters").then((m) => ({ default: m.ApartmentFilters })),
);
export const APARTMENT_LIST = lazyPart<ComponentProps<typeof ApartmentList>>(() =>
  import("../apartment/ApartmentList").then((m) => ({ default: m.ApartmentList })),
);
/** The page's schema.org data: only its server HTML is read. */
export const JSON_LD = lazyPart<ComponentProps<typeof ComplexJsonLd>>(() => import("./ComplexJsonLd"));
