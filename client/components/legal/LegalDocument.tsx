import type { ReactNode } from "react";
import { COMPANY } from "../../../shared/company-info";
import { formatDate } from "../../../shared/format";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A numbered document with its contents and the date of the edition in force. */
export function LegalDocument({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <>
      <p className="legal__edition">Редакция от {formatDate(COMPANY.documentsEdition)} года</p>
      <nav className="legal__toc" aria-label="Содержание">
        <p className="legal__toc-title">Содержание</p>
        <ol>
          {sections.map((s) => (
            <li key={s.id} className="legal__toc-item">
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} className="legal__section" aria-labelledby={`${s.id}-title`}>
          <h2 id={`${s.id}-title`}>
            {i + 1}. {s.title}
          </h2>
          {s.body}
        </section>
      ))}
    </>
  );
}
