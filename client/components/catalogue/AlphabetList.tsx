import { useState } from "react";
import { ruSortKey } from "../../../shared/format";
import type { LocationItem } from "../../../shared/schemas/locations";
import { AppLink } from "../AppLink";
import "./catalogue.css";

/** Items grouped by the first letter of the name (SPEC §2). «ё» goes with «е». */
export function groupByLetter(items: readonly LocationItem[]): [string, LocationItem[]][] {
  const groups = new Map<string, LocationItem[]>();
  const keyed = items.map((item) => ({ item, key: ruSortKey(item.name) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const { item } of keyed) {
    const letter = (item.name[0] ?? "#").toUpperCase().replace("Ё", "Е");
    groups.set(letter, [...(groups.get(letter) ?? []), item]);
  }
  return [...groups];
}

/**
 * The alphabet list of SPEC §2: letter groups, each item a link with its count of complexes (stations with
 * their line colour); a place with none is its name without a link. With `moreHref`, only the first two groups show and «Посмотреть все» leads to the rest.
 * The letters are headings one level below the section the list is in: h2 right under a page's h1, else h3.
 */
export function AlphabetList({
  items,
  hrefOf,
  moreHref,
  limitGroups,
  letterLevel = 3,
}: {
  items: readonly LocationItem[];
  letterLevel?: 2 | 3;
  hrefOf(item: LocationItem): string;
  moreHref?: string;
  limitGroups?: number;
}) {
  const [expanded, setExpanded] = useState(false);
  const groups = groupByLetter(items);
  const shown = limitGroups && !expanded ? groups.slice(0, limitGroups) : groups;
  const Letter = letterLevel === 2 ? "h2" : "h3";
  return (
    <div className="alphabet">
      <div className="alphabet__columns">
        {shown.map(([letter, list]) => (
          <section key={letter} className="alphabet__group" aria-label={`На букву ${letter}`}>
            <Letter className="alphabet__letter">{letter}</Letter>
            <ul>
              {list.map((item) => {
                const name = (
                  <>
                    {item.hex_color && (
                      <span className="line-dot" style={{ background: item.hex_color }} aria-hidden="true" />
                    )}
                    {item.name}
                  </>
                );
                // A place with no complex in the catalogue has no page worth opening: its name, not a link.
                return item.rc_count > 0 ? (
                  <li key={item.id}>
                    <AppLink to={hrefOf(item)} title={item.link_title}>
                      {name}
                    </AppLink>
                    <span className="alphabet__count">{item.rc_count}</span>
                  </li>
                ) : (
                  <li key={item.id} className="alphabet__empty">
                    <span>{name}</span>
                    <span className="alphabet__count">нет ЖК</span>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
      {limitGroups && groups.length > limitGroups && !expanded && (
        <p>
          {moreHref ? (
            <AppLink to={moreHref} className="button button--ghost">
              Посмотреть все
            </AppLink>
          ) : (
            <button type="button" className="button button--ghost" onClick={() => setExpanded(true)}>
              Посмотреть все
            </button>
          )}
        </p>
      )}
    </div>
  );
}
