/**
 * An apartment's plan and its ♡ and «Сравнить», as lazy parts (client/pages.ts lazyPart), for the cards of the
 * apartments' lists and one apartment's page: a list paints from the server's HTML and hydrates without their
 * code. The drawing never changes after the first paint; a press on a toggle made before its chunk has
 * arrived is made once it has (client/lazy-press.ts).
 */
import { pressablePart } from "../../lazy-press";
import { lazyPart } from "../../pages";
import type { TogglesProps } from "./ApartmentToggles";
import type { FloorPlanProps } from "./FloorPlan";

export const PLAN = lazyPart<FloorPlanProps>(() => import("./FloorPlan"));
export const TOGGLES = pressablePart<TogglesProps>("apartment-toggles", () => import("./ApartmentToggles"));
