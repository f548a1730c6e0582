/**
 * The JSON API under /api/v1 (and /api-dev/v1, the production-api flag's rewrite). Resource sub-apps are
 * thin: validate the input, call the screen's loader, answer JSON. Errors are JSON with a Russian message.
 */
import { Hono } from "hono";
import { alertsApi } from "../alerts/routes";
import type { AppEnv } from "../env";
import { onApiError, onApiNotFound } from "../errors";
import { adverts } from "./adverts";
import { commute } from "./commute";
import { companies } from "./companies";
import { complexes } from "./complexes";
import { leads } from "./leads";
import { livingObjects } from "./living-objects";
import { locations } from "./locations";
import { main, search } from "./main";
import { media } from "./media";
import { pages } from "./pages";
import { quizzes } from "./quizzes";
import { specialOffers } from "./special-offers";

export const api = new Hono<AppEnv>();

api.notFound(onApiNotFound);
api.onError(onApiError);

export interface KeyResult {
  key: string;
  status: number;
  data: unknown;
}

api.route("/pages", pages);
api.route("/quizzes", quizzes);
api.route("/leads", leads);
api.route("/alerts", alertsApi);
api.route("/main", main);
api.route("/adverts", adverts);
api.route("/search", search);
api.route("/residential-complexes", complexes);
api.route("/living-objects", livingObjects);
api.route("/locations", locations);
api.route("/media", media);
api.route("/companies", companies);
api.route("/commute", commute);
api.route("/special-offers", specialOffers);
