/**
 * The «Новостройки» menu's links: a lazy part of the header (client/pages.ts HEADER_DROPDOWN), hidden until
 * the menu opens, so the shell does not carry them, the amounts' API key or their formatting. The server
 * renders them; the phone's menu shows them too.
 */
import { apiKeys } from "../../shared/api-keys";
import { formatNumber } from "../../shared/format";
import { useApi } from "../hooks/use-api";
import { useBoot } from "../hooks/use-boot";
import { AppLink } from "./AppLink";
import { DropdownFooter } from "./Header";

/** A link's amount beside its label (SPEC §3); nothing while the amounts are unknown. */
function Amount({ of }: { of: number | undefined }) {
  return of === undefined ? null : <span className="dropdown__amount">{formatNumber(of)}</span>;
}

/** The Новостройки menu's links with their amounts, by column. */
export default function DropdownColumns() {
  const amounts = useApi(apiKeys.menuAmounts()).data?.data ?? {};
  const { dropdown, prices } = useBoot().menus;
  return (
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
  );
}

/** The menu as the phone's menu shows it: the links and the footer link, without the banner. */
export function DropdownContent() {
  return (
    <>
      <DropdownColumns />
      <DropdownFooter />
    </>
  );
}
