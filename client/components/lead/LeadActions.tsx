/**
 * How a buyer reaches the seller from a complex or apartment page: the site's phone, and «Перезвоните мне»,
 * «Записаться на просмотр», «Узнать о скидках» (on a phone also as a bar at the bottom of the screen). Each
 * button is a link to the request page, which works without JavaScript; with it, the button opens the request
 * form in a dialog, whose code loads only then. Bots get the phone and no form.
 */
import { type MouseEvent, Suspense, useState } from "react";
import {
  formatPhone,
  LEAD_KIND_IDS,
  LEAD_KINDS,
  type LeadKind,
  type LeadTarget,
  leadQuery,
} from "../../../shared/leads";
import { href } from "../../../shared/routes";
import { useBoot } from "../../hooks/use-boot";
import { LEAD_DIALOG } from "../../pages";
import "./lead-actions.css";

export function LeadActions({ complex, apartment, subject }: Omit<LeadTarget, "kind"> & { subject: string }) {
  const { isBot, phone } = useBoot();
  const [target, setTarget] = useState<LeadTarget | null>(null);
  const [open, setOpen] = useState(false);
  const place = { complex, ...(apartment ? { apartment } : {}) };
  const press = (kind: LeadKind) => (e: MouseEvent) => {
    e.preventDefault();
    setTarget({ ...place, kind });
    setOpen(true);
  };
  const warm = () => {
    LEAD_DIALOG.preload().catch(() => undefined);
  };
  const buttons = (className: string) =>
    LEAD_KIND_IDS.map((kind) => (
      <a
        key={kind}
        className={className}
        href={href("lead", {}, leadQuery({ ...place, kind }))}
        onClick={press(kind)}
        onPointerEnter={warm}
        onFocus={warm}
        rel="nofollow"
      >
        {LEAD_KINDS[kind]}
      </a>
    ));
  return (
    <div className="lead-actions">
      <p className="lead-actions__phone">
        <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
        <span>Отдел продаж</span>
      </p>
      {!isBot && (
        <>
          <div className="lead-actions__buttons">{buttons("button button--ghost")}</div>
          <nav className="lead-bar" aria-label="Связаться с отделом продаж">
            {buttons("lead-bar__button")}
          </nav>
          {target && (
            <Suspense fallback={null}>
              <LEAD_DIALOG.Component
                open={open}
                target={target}
                subject={subject}
                onClose={() => setOpen(false)}
              />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
