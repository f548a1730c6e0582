/**
 * One apartment (`/kvartiry/kvartira-{id}/`): its plan, facts, mortgage and complex (ApartmentPage.tsx). A page
 * of its own, so the apartments' lists never load its code and it never loads theirs (their filter, cards).
 */
import { apiKeys } from "../../shared/api-keys";
import { pageData } from "../../shared/page-data";
import { apartmentIdOf } from "../../shared/page-keys";
import ApartmentPage from "../components/apartment/ApartmentPage";
import { PageLoading } from "../components/PageLoading";
import { useApi } from "../hooks/use-api";
import type { PageProps } from "../pages";

export const data = pageData({
  keys: (match) => ({ apartment: apiKeys.apartment(apartmentIdOf(match)) }),
  more: (_, { apartment }) => ({
    complex: apartment ? apiKeys.complex(apartment.data.complex.id) : undefined,
  }),
  canonical: (_, { apartment }) => apartment?.data.url ?? null,
});

export type ApartmentData = typeof data;

export default function ApartmentRoute({ match }: PageProps) {
  const apartment = useApi(data.keys(match).apartment);
  if (apartment.error) throw apartment.error;
  if (!apartment.data) return <PageLoading />;
  return <ApartmentPage match={match} data={data} answer={apartment.data} />;
}
