// The deploy path's check (wrangler.toml: [env.staging.build] and [env.production.build] run it before every
// `wrangler deploy --env …`, the dry run included): a deployed site must name its real public address in
// SITE_ORIGIN (canonical links, sitemaps, robots.txt, JSON-LD, the legal texts' mailboxes). A placeholder
// («https://novostroyki.example»), an empty value or a local address stops the deploy with a Russian message
// naming the variable. Local runs (`npm start`, `npm run dev`, the tests) use the top level, which keeps its
// placeholder and is never checked.
//
// The address is the environment's `SITE_ORIGIN` in wrangler.toml, or the shell's SITE_ORIGIN when set (then
// pass the same value to wrangler: `--var SITE_ORIGIN:$SITE_ORIGIN`, as `npm test`'s dry run does).
import { pathToFileURL } from "node:url";

/** Domains that name no real site: RFC 2606 and RFC 6761 names, local names, and addresses by number. */
const PLACEHOLDER_HOST =
  /(^|\.)(example|test|invalid|localhost|local|internal)$|(^|\.)example\.(com|net|org)$|^localhost$|^[\d.]+$|^\[/i;

/** What is wrong with a deployed site's SITE_ORIGIN (in Russian), or null when it is a real public address. */
export function originProblem(value) {
  if (!value) return "не задан";
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url) return `«${value}» — не адрес`;
  if (url.protocol !== "https:") return `«${value}»: нужен адрес https://`;
  if (`${url.origin}` !== value.replace(/\/$/, "") || url.pathname !== "/" || url.search || url.hash)
    return `«${value}»: нужен только адрес сайта, без пути и параметров, например https://novostroyki-moskvy.ru`;
  if (PLACEHOLDER_HOST.test(url.hostname) || !url.hostname.includes("."))
    return `«${value}» — адрес-заглушка, а не адрес сайта`;
  return null;
}

async function main() {
  const env = process.argv[2];
  if (!env) {
    console.error("✖ scripts/check-deploy.mjs: укажите окружение (staging или production)");
    process.exit(1);
  }
  const { unstable_readConfig } = await import("wrangler");
  const config = unstable_readConfig({ config: "wrangler.toml", env }, { hideWarnings: true });
  const value = process.env.SITE_ORIGIN || String(config.vars?.SITE_ORIGIN ?? "");
  const problem = originProblem(value);
  if (problem) {
    console.error(
      `✖ Деплой в ${env} остановлен: SITE_ORIGIN ${problem}.\n` +
        `  SITE_ORIGIN — публичный адрес сайта: на нём канонические ссылки, sitemap, robots.txt, JSON-LD и почта в текстах.\n` +
        `  Впишите его в [env.${env}.vars] файла wrangler.toml (SITE_ORIGIN = "https://ваш-домен.ru")\n` +
        `  или задайте при деплое: SITE_ORIGIN=https://ваш-домен.ru npx wrangler deploy --env ${env} --var SITE_ORIGIN:https://ваш-домен.ru`,
    );
    process.exit(1);
  }
  console.log(`SITE_ORIGIN для ${env}: ${value}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
