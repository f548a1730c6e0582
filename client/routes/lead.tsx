/**
 * The request page (`/zayavka/?complex=…[&kvartira=…]&kind=…`): where the request buttons lead without
 * JavaScript, and what a POST of its form answers with (worker/leads/form.ts): the form again with the
 * messages, or the request received. Not for search engines; a bot gets the phone and no form.
 */
import { apiKeys } from "../../shared/api-keys";
import { formatPhone, leadPlaceOf } from "../../shared/leads";
import { pageData } from "../../shared/page-data";
import { apartmentTitle } from "../components/apartment/text";
import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs";
import { complexTitle } from "../components/complex/text";
import { LeadForm } from "../components/lead/LeadForm";
import { PageHead } from "../components/PageHead";
import { PageLoading } from "../components/PageLoading";
import { useApi } from "../hooks/use-api";
import { useBoot } from "../hooks/use-boot";
import type { PageProps } from "../pages";

/** The apartment the request is about (and then its complex), or the complex. */
export const data = pageData({
  keys(match) {
    const place = leadPlaceOf(match.search);
    return {
      apartment: "apartment" in place ? apiKeys.apartment(place.apartment) : undefined,
      complex: "complex" in place ? apiKeys.complex(place.complex) : undefined,
    };
  },
  more: (_, { apartment }) => ({
    complex: apartment ? apiKeys.complex(apartment.data.complex.id) : undefined,
  }),
  // The form carries an idempotency key of its own, so a form sent twice is one request.
  visit: () => ({ lead: { key: crypto.randomUUID() } }),
});

export default function LeadPage({ match }: PageProps) {
  const place = leadPlaceOf(match.search);
  const keys = data.keys(match);
  const apartment = useApi(keys.apartment);
  const a = apartment.data?.data;
  const complex = useApi(keys.complex ?? data.more(match, { apartment: apartment.data }).complex);
  const { isBot, phone, lead } = useBoot();
  if (complex.error) throw complex.error;
  if (apartment.error) throw apartment.error;
  const c = complex.data;
  if (!c) return <PageLoading />;
  const target = { complex: c.id, ...(a ? { apartment: a.id } : {}), kind: place.kind };
  const inComplex = complexTitle(c.name);
  const subject = a ? `${apartmentTitle(a)} в ${inComplex}` : inComplex;
  const crumbs: Crumb[] = [
    { label: "Новостройки", to: "/novostroyki/" },
    { label: inComplex, to: c.url },
    ...(a ? [{ label: apartmentTitle(a), to: a.url }] : []),
    { label: "Заявка" },
  ];
  return (
    <div className="page container lead-page">
      <PageHead title={`Заявка в отдел продаж: ${subject}`} noindex />
      <Breadcrumbs items={crumbs} />
      <h1>Заявка в отдел продаж</h1>
      <p className="lead-page__subject">
        {subject}, застройщик {c.developer.name}
      </p>
      <p>
        Позвоните нам: <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
        {isBot ? "." : " — или оставьте заявку, и отдел продаж перезвонит сам."}
      </p>
      {!isBot && <LeadForm target={target} initial={lead} backTo={a?.url ?? c.url} />}
    </div>
  );
}
