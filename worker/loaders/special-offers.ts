import type { SpecialOffers } from "../../shared/schemas/special-offers";
import { listSpecialOffers } from "../db/queries/special-offers";
import type { Deps } from "./deps";

export async function loadSpecialOffers(deps: Deps): Promise<SpecialOffers> {
  const rows = await listSpecialOffers(deps.db);
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      sub_title: r.sub_title,
      text: r.text,
      color: r.color,
      valid_until: r.valid_until,
      complex: {
        id: r.complex_id,
        slug: r.complex_slug,
        name: r.complex_name,
        address: r.complex_address,
        min_price: r.complex_min_price,
      },
    })),
  };
}
