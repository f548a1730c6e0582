export { DISTRICTS, OKRUGS } from "./areas";
export { LINES, RING_LINE_NUMBERS } from "./metro";
export { CITIES, MO_DISTRICTS } from "./oblast";
export { BASEMAP, HIGHWAYS, RAILWAYS } from "./roads";
export type * from "./types";
