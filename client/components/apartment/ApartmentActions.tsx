/**
 * What a visitor does with an apartment besides reading it: ♡ (favourites), «Сравнить» (up to four, side by
 * side at /sravnenie/), and on its page «Поделиться» (the Web Share API, else the link copied) and the plan
 * as an SVG file. The lists live in this browser (hooks/use-favorites.ts).
 */
import { useState } from "react";
import { COMPARE_MAX } from "../../../shared/constants";
import { countOf, WORDS } from "../../../shared/format";
import { href } from "../../../shared/routes";
import { useCompare, useFavoriteApartments } from "../../hooks/use-favorites";
import { AppLink } from "../AppLink";
import { HeartIcon } from "../icons";
import "./apartment.css";

/** ♡ and «Сравнить» for one apartment; `title` names it for screen readers. */
export function ApartmentToggles({ id, title }: { id: number; title: string }) {
  const favorites = useFavoriteApartments();
  const compare = useCompare();
  const [full, setFull] = useState(false);
  const liked = favorites.has(id);
  const compared = compare.has(id);
  return (
    <span className="apt-toggles">
      <button
        type="button"
        className={`apt-toggle apt-toggle--like${liked ? " apt-toggle--on" : ""}`}
        aria-pressed={liked}
        aria-label={liked ? `Убрать из избранного: ${title}` : `В избранное: ${title}`}
        title={liked ? "Убрать из избранного" : "В избранное"}
        onClick={() => favorites.toggle(id)}
      >
        <HeartIcon width={20} height={20} />
      </button>
      <button
        type="button"
        className={`apt-toggle${compared ? " apt-toggle--on" : ""}`}
        aria-pressed={compared}
        aria-label={compared ? `Убрать из сравнения: ${title}` : `Добавить к сравнению: ${title}`}
        onClick={() => setFull(!compare.toggle(id))}
      >
        {compared ? "В сравнении" : "Сравнить"}
      </button>
      {full && (
        <span className="apt-toggles__note" role="alert">
          {`Сравнить можно не больше ${COMPARE_MAX}\u00a0квартир: уберите одну в `}
          <AppLink to={href("compare", {}, { ids: compare.ids.join(",") })}>сравнении</AppLink>.
        </span>
      )}
    </span>
  );
}

/** The comparison link, once something is to be compared: «Сравнить 2 квартиры». */
export function CompareBar() {
  const { ids } = useCompare();
  if (ids.length === 0) return null;
  return (
    <p className="compare-bar">
      <AppLink className="button" to={href("compare", {}, { ids: ids.join(",") })}>
        Сравнить {countOf(ids.length, WORDS.apartment)}
      </AppLink>
    </p>
  );
}

type ShareState = "idle" | "copied" | "manual";

/** «Поделиться»: the system share sheet where there is one, else the link copied to the clipboard. */
export function ShareButton({ title }: { title: string }) {
  const [state, setState] = useState<ShareState>("idle");
  const share = async () => {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch (e) {
        if (e instanceof DOMException && e.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("manual");
    }
  };
  return (
    <span className="apt-share">
      <button type="button" className="button button--ghost" onClick={share}>
        Поделиться
      </button>
      {state === "copied" && (
        <span role="status" className="apt-share__note">
          Ссылка скопирована
        </span>
      )}
      {state === "manual" && (
        <input
          className="apt-share__url"
          readOnly
          value={window.location.href}
          aria-label="Ссылка на квартиру: скопируйте её"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </span>
  );
}

/** The plan drawn on the page (the first SVG inside `selector`), saved as a standalone SVG file. */
export function PlanDownload({ selector, fileName }: { selector: string; fileName: string }) {
  const download = () => {
    const svg = document.querySelector(`${selector} svg`);
    if (!svg) return;
    const copy = svg.cloneNode(true) as SVGElement;
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    if (!copy.getAttribute("font-family")) copy.setAttribute("font-family", "Arial, sans-serif");
    const xml = new XMLSerializer().serializeToString(copy);
    const blob = new Blob([`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`], {
      type: "image/svg+xml",
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = fileName;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
  return (
    <button type="button" className="button button--ghost" onClick={download}>
      Скачать планировку (SVG)
    </button>
  );
}
