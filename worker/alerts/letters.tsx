/**
 * The letters: Russian, HTML (React rendered once, styles inline, no image the text needs: readable with
 * images blocked and at 390 px) with a plain-text part of the same content. Each letter but the confirmation
 * carries «Мои подписки» (signed), a visible one-click unsubscribe and the List-Unsubscribe headers (RFC 8058).
 */
import type { ReactNode } from "react";
import {
  countOf,
  formatArea,
  formatDate,
  formatDeadline,
  formatPrice,
  formatRooms,
} from "../../shared/format";

const CHANGES = ["изменение", "изменения", "изменений"] as const;

import type { PendingChangeRow } from "../db/queries/alerts";
import { staticDocument } from "../ssr/static";
import { PlanTable } from "./plan-table";

export interface Letter {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const SITE = "Новостройки";

function Frame({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  return (
    <html lang="ru">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: "#f2f5f8" }}>
        <table
          role="presentation"
          width="100%"
          cellPadding={0}
          cellSpacing={0}
          style={{ background: "#f2f5f8" }}
        >
          <tbody>
            <tr>
              <td align="center" style={{ padding: "16px 8px" }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: 600, background: "#ffffff", borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{ padding: "20px 20px 8px", color: "#1d2733", fontSize: 15, lineHeight: 1.5 }}
                      >
                        <p style={{ margin: "0 0 12px", fontWeight: 700, color: "#0a5bd3", fontSize: 17 }}>
                          {SITE}
                        </p>
                        <h1 style={{ margin: "0 0 16px", fontSize: 20, lineHeight: 1.3 }}>{title}</h1>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{ padding: "12px 20px 20px", color: "#5b6775", fontSize: 13, lineHeight: 1.5 }}
                      >
                        {footer}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

const html = (page: React.ReactElement) => staticDocument(page).replace("<!doctype html>", "<!DOCTYPE html>");
const link = { color: "#0a5bd3" };

function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      style={{
        display: "inline-block",
        padding: "12px 20px",
        background: "#0a5bd3",
        color: "#ffffff",
        borderRadius: 6,
        textDecoration: "none",
        fontWeight: 700,
      }}
    >
      {children}
    </a>
  );
}

export function confirmLetter(p: { confirmUrl: string; what: string; origin: string }): Letter {
  const subject = "Подтвердите подписку на новостройки";
  const text = [
    subject,
    "",
    `Вы (или кто-то за вас) подписали этот адрес на письма «${SITE}»: ${p.what}.`,
    "Чтобы получать их, откройте ссылку (она действует двое суток):",
    p.confirmUrl,
    "",
    "Если вы не подписывались, ничего не делайте: без подтверждения писем не будет, а адрес мы удалим.",
    p.origin,
  ].join("\n");
  return {
    subject,
    text,
    html: html(
      <Frame
        title={subject}
        footer={
          <>
            Если вы не подписывались, ничего не делайте: без подтверждения писем не будет, а адрес мы удалим.
          </>
        }
      >
        <p style={{ margin: "0 0 16px" }}>
          Вы (или кто-то за вас) подписали этот адрес на письма «{SITE}»: {p.what}.
        </p>
        <p style={{ margin: "0 0 20px" }}>
          <Button href={p.confirmUrl}>Подтвердить подписку</Button>
        </p>
        <p style={{ margin: "0 0 8px", fontSize: 13, color: "#5b6775" }}>
          Кнопка не работает? Откройте ссылку:{" "}
          <a href={p.confirmUrl} style={link}>
            {p.confirmUrl}
          </a>
          . Она действует двое суток.
        </p>
      </Frame>,
    ),
    headers: {},
  };
}

export interface LetterLinks {
  origin: string;
  manageUrl: string;
  unsubscribeUrl: string;
}

const quarter = (value: number | null) =>
  value === null ? "—" : formatDeadline(Math.floor(value / 4), (value % 4) + 1);

/**
 * One change as a buyer reads it: what happened, to what (`title`), the price now and before (`price`), where
 * and when (`details`), and its link.
 */
export function describeChange(
  c: PendingChangeRow,
  origin: string,
): { title: string; price: string | null; details: string; url: string } {
  const apartment =
    c.living_object_id !== null
      ? [
          c.rooms !== null ? formatRooms(c.rooms) : null,
          c.area_total !== null ? formatArea(c.area_total) : null,
          c.floor !== null ? `${c.floor} этаж` : null,
        ]
          .filter(Boolean)
          .join(", ")
      : "";
  const where = [c.complex_name ? `ЖК «${c.complex_name}»` : null, c.house_name].filter(Boolean).join(", ");
  const url =
    c.living_object_id !== null
      ? `${origin}/kvartiry/kvartira-${c.living_object_id}/`
      : `${origin}/novostroyki/${c.complex_slug ?? ""}/`;
  const price = (v: number | null) => (v === null ? "—" : formatPrice(v));
  const title = (() => {
    switch (c.event_kind) {
      case "on_sale":
        return `В продаже: ${apartment}`;
      case "price":
        return `${(c.new_value ?? 0) < (c.old_value ?? 0) ? "Цена снижена" : "Цена выросла"}: ${apartment}`;
      case "reserved":
        return `Забронирована: ${apartment}`;
      case "sold":
        return `Продана: ${apartment}`;
      case "sales_start":
        return `Старт продаж: ${c.house_name ?? "новый корпус"}, срок сдачи ${quarter(c.new_value)}`;
      case "deadline":
        return `Срок сдачи перенесён: ${quarter(c.new_value)} вместо ${quarter(c.old_value)}`;
      default:
        return "Новый жилой комплекс в каталоге";
    }
  })();
  const priceLine =
    c.event_kind === "price"
      ? `${price(c.new_value)} (было ${price(c.old_value)})`
      : c.event_kind === "on_sale"
        ? price(c.new_value)
        : null;
  return { title, price: priceLine, details: `${where} · ${formatDate(c.at)}`, url };
}

export interface LetterGroup {
  name: string;
  /** The saved search's page, or null for a followed apartment or complex. */
  searchUrl: string | null;
  /** Its newest changes (the letter shows SHOWN_PER_GROUP of them). */
  changes: PendingChangeRow[];
  /** How many changes the letter tells of (more than `changes` holds when only the newest were read). */
  total?: number;
}

/** A long group shows its newest changes and says how many more there are. */
export const SHOWN_PER_GROUP = 20;
const totalOf = (g: LetterGroup) => Math.max(g.total ?? 0, g.changes.length);
const moreLine = (g: LetterGroup) => {
  const rest = totalOf(g) - SHOWN_PER_GROUP;
  return rest > 0
    ? `И ещё ${countOf(rest, CHANGES)}${g.searchUrl ? ` — все в поиске на сайте: ${g.searchUrl}` : ""}`
    : "";
};

export function changesLetter(p: { digest: boolean; groups: LetterGroup[]; links: LetterLinks }): Letter {
  const count = p.groups.reduce((n, g) => n + totalOf(g), 0);
  const first = p.groups[0];
  const subject = p.digest
    ? `Подборка: ${countOf(count, CHANGES)} по вашим подпискам`
    : first && p.groups.length === 1
      ? `«${first.name}»: ${countOf(count, CHANGES)}`
      : `${countOf(count, CHANGES)} по вашим подпискам`;
  const footerText = [
    "Вы получили это письмо, потому что подписались на изменения на сайте.",
    `Мои подписки (частота писем, переименовать, удалить все данные): ${p.links.manageUrl}`,
    `Отписаться от всех писем в один клик: ${p.links.unsubscribeUrl}`,
  ];
  const text = [
    subject,
    "",
    ...p.groups.flatMap((g) => [
      `== ${g.name} ==`,
      ...(g.searchUrl ? [`Поиск: ${g.searchUrl}`] : []),
      ...g.changes.slice(0, SHOWN_PER_GROUP).flatMap((c) => {
        const d = describeChange(c, p.links.origin);
        return [`- ${d.title}`, ...(d.price ? [`  ${d.price}`] : []), `  ${d.details}`, `  ${d.url}`];
      }),
      ...(moreLine(g) ? [moreLine(g)] : []),
      "",
    ]),
    ...footerText,
  ].join("\n");
  const body = (
    <Frame
      title={subject}
      footer={
        <>
          <p style={{ margin: "0 0 8px" }}>
            Вы получили это письмо, потому что подписались на изменения на сайте.
          </p>
          <p style={{ margin: "0 0 8px" }}>
            <a href={p.links.manageUrl} style={link}>
              Мои подписки
            </a>{" "}
            — частота писем, названия, удаление всех данных.
          </p>
          <p style={{ margin: 0 }}>
            <a href={p.links.unsubscribeUrl} style={link}>
              Отписаться от всех писем
            </a>{" "}
            — в один клик.
          </p>
        </>
      }
    >
      {p.groups.map((g, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one letter, rendered once
        <div key={i} style={{ margin: "0 0 20px" }}>
          <h2 style={{ margin: "0 0 8px", fontSize: 17 }}>
            {g.searchUrl ? (
              <a href={g.searchUrl} style={link}>
                {g.name}
              </a>
            ) : (
              g.name
            )}
          </h2>
          {g.changes.slice(0, SHOWN_PER_GROUP).map((c) => {
            const d = describeChange(c, p.links.origin);
            return (
              <div key={c.event_id} style={{ padding: "10px 0", borderTop: "1px solid #e3e8ee" }}>
                <a href={d.url} style={{ ...link, fontWeight: 700, textDecoration: "none" }}>
                  {d.title}
                </a>
                {c.plan && (c.event_kind === "on_sale" || c.event_kind === "price") && (
                  <div>
                    <a href={d.url} style={{ display: "inline-block" }}>
                      <PlanTable plan={c.plan} label={`Планировка: ${d.title}`} />
                    </a>
                  </div>
                )}
                {d.price && <div style={{ fontSize: 16, fontWeight: 700, color: "#0f7a3d" }}>{d.price}</div>}
                <div style={{ color: "#5b6775", fontSize: 13 }}>{d.details}</div>
              </div>
            );
          })}
          {moreLine(g) && <p style={{ margin: "8px 0 0", color: "#5b6775" }}>{moreLine(g)}</p>}
        </div>
      ))}
    </Frame>
  );
  return {
    subject,
    text,
    html: html(body),
    headers: {
      "List-Unsubscribe": `<${p.links.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The letter with the link to «Мои подписки», asked for from the site. */
export function manageLetter(links: LetterLinks): Letter {
  const subject = "Ссылка на ваши подписки";
  return {
    subject,
    text: [subject, "", "Ваши подписки — по этой ссылке:", links.manageUrl, "", links.origin].join("\n"),
    html: html(
      <Frame
        title={subject}
        footer={<>Вы не просили ссылку? Ничего не делайте: без неё подписки не изменить.</>}
      >
        <p style={{ margin: "0 0 20px" }}>
          <Button href={links.manageUrl}>Открыть «Мои подписки»</Button>
        </p>
      </Frame>,
    ),
    headers: {},
  };
}
