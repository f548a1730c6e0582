/**
 * The complex page's schema.org data (ApartmentComplex and Product): a lazy part (parts.ts JSON_LD), since it
 * never changes after the first paint and only the server's HTML of it is read.
 */
import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { useSiteOrigin } from "../../hooks/use-boot";
import { JsonLd } from "../JsonLd";
import { complexTitle } from "./text";

function complexJsonLd(c: ComplexDetail, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": ["ApartmentComplex", "Product"],
    name: complexTitle(c.name),
    description: c.description,
    url: `${origin}${c.url}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: c.address,
      addressLocality: c.locality.name,
      addressRegion: c.region,
      addressCountry: "RU",
    },
    geo: { "@type": "GeoCoordinates", latitude: c.lat, longitude: c.lng },
    numberOfAvailableAccommodationUnits: c.apartments_on_sale,
    brand: { "@type": "Organization", name: c.developer.name.replace(/[«»]/g, "") },
    offers: {
      "@type": "AggregateOffer",
      lowPrice: c.min_price,
      highPrice: c.max_price,
      offerCount: c.apartments_on_sale,
      priceCurrency: "RUB",
    },
  };
}

export default function ComplexJsonLd({ complex }: { complex: ComplexDetail }) {
  return <JsonLd data={complexJsonLd(complex, useSiteOrigin())} />;
}
