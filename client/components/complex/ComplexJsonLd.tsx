/**
 * The complex page's schema.org data (ApartmentComplex, and Product while it has flats on sale): a lazy part
 * (parts.ts JSON_LD), since it never changes after the first paint and only the server's HTML of it is read.
 */
import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { useSiteOrigin } from "../../hooks/use-boot";
import { JsonLd } from "../JsonLd";
import { complexPicture } from "./picture";
import { complexTitle } from "./text";

function complexJsonLd(c: ComplexDetail, origin: string) {
  // Google's Product results need an offer (or a review or a rating): a complex with nothing on sale is a place.
  const onSale = c.apartments_on_sale > 0 && c.min_price > 0;
  return {
    "@context": "https://schema.org",
    "@type": onSale ? ["ApartmentComplex", "Product"] : "ApartmentComplex",
    name: complexTitle(c.name),
    ...(c.description ? { description: c.description } : {}),
    url: `${origin}${c.url}`,
    image: [`${origin}${complexPicture(c)}`],
    address: {
      "@type": "PostalAddress",
      streetAddress: c.address,
      addressLocality: c.locality.name,
      addressRegion: c.region,
      addressCountry: "RU",
    },
    geo: { "@type": "GeoCoordinates", latitude: c.lat, longitude: c.lng },
    numberOfAvailableAccommodationUnits: c.apartments_on_sale,
    ...(onSale
      ? {
          brand: { "@type": "Brand", name: c.developer.name.replace(/[«»]/g, "") },
          offers: {
            "@type": "AggregateOffer",
            url: `${origin}${c.url}`,
            lowPrice: c.min_price,
            highPrice: Math.max(c.min_price, c.max_price),
            offerCount: c.apartments_on_sale,
            priceCurrency: "RUB",
            availability: "https://schema.org/InStock",
          },
        }
      : {}),
  };
}

export default function ComplexJsonLd({ complex }: { complex: ComplexDetail }) {
  return <JsonLd data={complexJsonLd(complex, useSiteOrigin())} />;
}
