/** The worker-to-client contract: what the server hands the client for hydration. */
import type { Menus } from "./menu";
import type { AdState } from "./schemas/ads";
import type { LeadFormState } from "./schemas/leads";

/** What the server hands the client for hydration, in `<script id="__DATA__">` (SPEC §3's root state). */
export interface BootData {
  /** SWR fallback: API URL -> JSON answer. */
  fallback: Record<string, unknown>;
  /** HTTP status of the first page: 404 and 5xx render the error page in the empty layout. */
  status: number;
  /**
   * SPEC §3 root state: the visitor's address (SPEC §4: CF-Connecting-IP, else the first X-Forwarded-For
   * value) and every address the request names; a bot's visit has no server-side start, so none.
   */
  ip: string | null;
  all_ips: string[];
  isBot: boolean;
  /**
   * The server's guess that the screen is a phone's (Sec-CH-UA-Mobile, else «Mobi» in the User-Agent): what it
   * drew to a size (the map's first view) it drew for that screen, and hydration starts from the same guess.
   */
  narrow: boolean;
  /**
   * The visit's ad-UTM state (SPEC §4), worked out on the server from the landing URL; it lasts while the
   * document does, so client-side navigation keeps the reduced page of an advertising visit.
   */
  ad: AdState;
  /** The request's CSP nonce, for the JSON-LD data blocks that pages render. */
  nonce: string;
  /**
   * The site's public address (`SITE_ORIGIN` in wrangler.toml vars, else the request's own origin): canonical
   * links, JSON-LD and the addresses in the legal texts are written on it, so a deployment shows its own.
   */
  origin: string;
  /** The header's and the site map's links (shared/menu.ts). */
  menus: Menus;
  /** The site's phone number, E.164 (the worker's SITE_PHONE): the header's call link, the request cards. */
  phone: string;
  /** The request page's form (/zayavka/): its key, and what a POST without JavaScript came back with. */
  lead?: LeadFormState;
}

export const BOOT_ELEMENT_ID = "__DATA__";
