/**
 * «Сохранить поиск» on a catalogue list, «Следить за ценой» on an apartment, «Следить за ЖК» on a complex: a link to the subscription form
 * without JavaScript (/podpiski/novaya/), which with JavaScript opens the same form in a dialog and sends it to
 * the API. The answer asks the buyer to open the confirmation letter (double opt-in).
 */
import { Suspense, useEffect, useState } from "react";
import { NEW_SINCE_CAP } from "../../../shared/constants";
import { ALERTS_PATH, type RouteMatch } from "../../../shared/routes";
import { FOLLOW_DIALOG } from "../../pages";
import { askNew, readSaved, writeSeen } from "./saved-searches";
import "./alerts.css";

export type Follow = { kind: "search"; url: string } | { kind: "apartment" | "complex"; id: number };

/** A list page's own address as a saved search (the worker reads its filter: worker/alerts/saved-search.ts). */
export const searchOf = (match: RouteMatch): Follow => ({
  kind: "search",
  url: `${match.pathname}${match.search.size ? `?${match.search}` : ""}`,
});

const formPath = (f: Follow) =>
  `${ALERTS_PATH}novaya/?${f.kind === "search" ? `url=${encodeURIComponent(f.url)}` : `${f.kind === "apartment" ? "kvartira" : "zhk"}=${f.id}`}`;

/** The button; its dialog (the form, its schema and the consent's text) is a part of its own, loaded on a press or hover. */
export function FollowButton({ follow, label }: { follow: Follow; label: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const warm = () => {
    FOLLOW_DIALOG.preload().catch(() => undefined);
  };
  return (
    <>
      <a
        className="button button--ghost follow-button"
        href={formPath(follow)}
        rel="nofollow"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={(e) => {
          e.preventDefault();
          setOpened(true);
          setOpen(true);
        }}
      >
        {label}
      </a>
      {follow.kind === "search" && <NewSinceVisit url={follow.url} />}
      {opened && (
        <Suspense fallback={null}>
          <FOLLOW_DIALOG.Component follow={follow} label={label} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** «Новое с вашего прошлого визита: N» on a list this browser saved; the visit then counts as seen. */
function NewSinceVisit({ url }: { url: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    const after = readSaved()[url];
    if (typeof after !== "number") return;
    let live = true;
    askNew(url, after)
      .then((answer) => {
        if (!answer || !live) return;
        setCount(answer.count);
        writeSeen(url, answer.last);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  if (count === 0) return null;
  return (
    <span className="follow-new" role="status">
      Новое с вашего прошлого визита: {count >= NEW_SINCE_CAP ? `${NEW_SINCE_CAP}+` : count}
    </span>
  );
}
