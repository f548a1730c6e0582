/** The static special offers (SPEC §3): our call special-offers. */
import * as v from "valibot";

export const SpecialOfferSchema = v.object({
  id: v.number(),
  title: v.string(),
  sub_title: v.nullable(v.string()),
  text: v.string(),
  /** Banner colour for the drawn art. */
  color: v.string(),
  /** ISO date (YYYY-MM-DD), the last day of the offer. */
  valid_until: v.string(),
  complex: v.object({
    id: v.number(),
    slug: v.string(),
    name: v.string(),
    address: v.string(),
    min_price: v.number(),
  }),
});
export type SpecialOffer = v.InferOutput<typeof SpecialOfferSchema>;

export const SpecialOffersSchema = v.object({ data: v.array(SpecialOfferSchema) });
export type SpecialOffers = v.InferOutput<typeof SpecialOffersSchema>;
