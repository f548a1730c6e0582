/**
 * What a visitor does on an apartment's page besides reading it: «Поделиться» (the Web Share API, else the
 * link copied) and the plan as an SVG file. ♡ and «Сравнить» are ApartmentToggles.tsx.
 */
import { useState } from "react";
import "./apartment.css";

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
