/** SPEC §3 "Alphabet list item" (name, link_title, slug, rc_count, hex_color) with what our pages add. */
export interface LocationItem {
  id: number;
  name: string;
  slug: string;
  link_title: string;
  rc_count: number;
  hex_color: string | null;
  kind: string | null;
  line: string | null;
  line_name: string | null;
  parent_id: number | null;
  /** «в Покровском-Стрешневе»: the locative with its preposition (shared/geo/cases.ts); null for stations. */
  name_in: string | null;
  /** «Покровского-Стрешнева»: the genitive. */
  name_of: string | null;
  lat: number | null;
  lng: number | null;
}
