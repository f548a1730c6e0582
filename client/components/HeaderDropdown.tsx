/**
 * The «Новостройки» menu's content: a lazy part of the header (client/pages.ts HEADER_DROPDOWN), hidden until
 * the menu opens, so the shell does not carry it, the amounts' API key, their formatting or the menu's banner
 * slot. The server renders it; the phone's menu shows it too, without the banner.
 */
import type { ReactNode } from "react";
import { apiKeys } from "../../shared/api-keys";
import { formatNumber } from "../../shared/format";
import { href } from "../../shared/routes";
import { useApi } from "../hooks/use-api";
import { useBoot } from "../hooks/use-boot";
import { AppLink } from "./AppLink";
import { MenuAd } from "./ads/MenuAd";

/** A link's amount beside its label (SPEC §3); nothing while the amounts are unknown. */
function Amount({ of }: { of: number | undefined }) {
  return of === undefined ? null : <span className="dropdown__amount">{formatNumber(of)}</span>;
}

/** The Новостройки menu's links with their amounts; the desktop dropdown has its banner beside the footer link. */
export function DropdownContent({ ad }: { ad?: ReactNode }) {
  const amounts = useApi(apiKeys.menuAmounts()).data?.data ?? {};
  const { dropdown, prices } = useBoot().menus;
  return (
    <>
      <div className="dropdown__columns">
        {dropdown.map((col) => (
          <div key={col.title} className="dropdown__column">
            <p className="dropdown__title">{col.title}</p>
            <ul>
              {col.links.map((l) => (
                <li key={l.to}>
                  <AppLink to={l.to}>
                    {l.label} <Amount of={amounts[l.to]} />
                  </AppLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="dropdown__column">
          <p className="dropdown__title">По цене</p>
          <ul>
            {prices.map((l) => (
              <li key={l.to}>
                <AppLink to={l.to} className="chip">
                  {l.label} <Amount of={amounts[l.to]} />
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="dropdown__footer">
        <AppLink to={href("ad")}>Реклама на сайте</AppLink>
        {ad}
      </div>
    </>
  );
}

/** The desktop dropdown: the links and, beside the footer link, the menu's banner once it is open. */
export default function HeaderDropdown({ open }: { open: boolean }) {
  return <DropdownContent ad={<MenuAd open={open} />} />;
}
