import type { ComplexDetail } from "../../../shared/schemas/catalogue";
import { AppLink } from "../AppLink";
import { FacadeImage } from "../art/ArtImage";

/** The complex's drawing beside its name on the apartments' pages: a link to the complex, as its name is. */
export function ComplexArt({ complex: c }: { complex: ComplexDetail }) {
  return (
    <AppLink to={c.url} className="apt-complex__art" tabIndex={-1} aria-hidden="true">
      <FacadeImage
        id={c.id}
        cls={c.class}
        floors={c.floors_max}
        houses={c.houses.map((h) => h.floors)}
        width={320}
        height={200}
      />
    </AppLink>
  );
}
