/**
 * /banners/top/: the page in the top banner's frame (SPEC §2). Self-contained: its styles inline, its picture
 * drawn inline, no scripts, so it works in a frame sandboxed without scripts and under the site's CSP (the
 * security middleware sends the same header as everywhere). Its «Реклама» label opens the disclaimer with
 * <details>, in place of the creative: a popup could not leave the frame.
 */
import type { Context } from "hono";
import { FacadeArt } from "../client/components/art/FacadeArt";
import { adHref } from "../shared/ads";
import type { Banner } from "../shared/schemas/ads";
import type { AppEnv } from "./env";
import { loadAdInventory } from "./loaders/adverts";
import { depsOf } from "./loaders/deps";
import { StaticPage, staticDocument } from "./ssr/static";

const CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;overflow:hidden}
body{font:14px/1.3 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#fff}
.tb{position:relative;height:100%;max-width:1280px;margin:0 auto;padding:0 24px}
.tb__link{display:flex;align-items:center;gap:12px;height:100%;padding-right:96px;color:inherit;text-decoration:none}
.tb__link:focus-visible{outline:3px solid #f59e0b;outline-offset:-3px}
.tb__art{flex:none;height:100%;aspect-ratio:16/9;background:#eef1f5}
.tb__art svg{display:block;width:100%;height:100%}
.tb__text{min-width:0}
.tb__title{display:block;font-weight:700;font-size:16px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.tb__lead{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden;color:#4b5563}
.tb__cta{flex:none;margin-left:auto;padding:8px 16px;border-radius:8px;background:#1d5bd8;color:#fff;font-weight:600}
.tb__about{position:absolute;top:6px;right:24px}
.tb__about summary{display:flex;align-items:center;gap:4px;list-style:none;cursor:pointer;padding:3px 8px;border:1px solid #e2e6ec;border-radius:999px;background:#fff;color:#374151;font-size:12px;line-height:1}
.tb__about summary svg{display:block}
.tb__about summary::-webkit-details-marker{display:none}
.tb__about summary:focus-visible{outline:3px solid #f59e0b}
.tb__about[open] summary{position:relative;z-index:1}
.tb__about[open] .tb__info,.tb__about:not([open]) .tb__x{display:none}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.tb__panel{position:fixed;inset:0;overflow:auto;padding:6px 112px 6px 24px;background:#fff;font-size:12px;color:#374151}
.tb__panel p{margin:0 0 2px}
.tb__panel b{color:#111827}
.tb__panel a{color:#1d5bd8}
@media (max-width:767px){
 .tb{padding:0 16px 0 0}
 .tb__about{right:8px}
 .tb__panel{padding:6px 96px 6px 12px}
}
@media (max-width:639px){
 .tb__link{gap:8px;padding-right:76px}
 .tb__cta{display:none}
 .tb__title{font-size:14px}
 .tb__lead{font-size:12px;line-height:1.25}
}
@media (max-width:479px){
 .tb{padding-left:12px}
 .tb__art{display:none}
}
`;

function TopBannerPage({ banner }: { banner: Banner }) {
  const { title, text, images } = banner.properties;
  const image = images[0];
  const d = banner.disclaimer;
  return (
    <StaticPage title={`Реклама: ${title}`} css={CSS}>
      <div className="tb">
        <a className="tb__link" href={adHref(banner)} target="_top">
          {image && (
            <span className="tb__art">
              <FacadeArt id={image.id} cls={image.cls} floors={image.floors} width={320} height={180} />
            </span>
          )}
          <span className="tb__text">
            <span className="tb__title">{title}</span>
            <span className="tb__lead">{text}</span>
          </span>
          <span className="tb__cta">Подробнее</span>
        </a>
        <details className="tb__about">
          <summary>
            Реклама<span className="vh"> — кто рекламодатель</span>
            <svg className="tb__info" width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
              <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <path d="M8 7v4.5M8 4.5v.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
            <svg className="tb__x" width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
              <path d="m3 3 10 10M13 3 3 13" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="tb__panel">
            <p>
              Рекламодатель: {d.advertiser}, ИНН&nbsp;{d.inn}. erid: {d.erid}
            </p>
            <p>
              Застройщик: {d.developer}.{" "}
              <a href="/ad/" target="_top">
                Подробнее о рекламе на сайте
              </a>
            </p>
            <p>
              <b>{d.title}.</b> {d.text}
            </p>
          </div>
        </details>
      </div>
    </StaticPage>
  );
}

export async function handleTopBanner(c: Context<AppEnv>): Promise<Response> {
  const { top } = (await loadAdInventory(depsOf(c.env))).banners;
  c.header("X-Robots-Tag", "noindex");
  // No active top banner: an empty frame (its box is kept by the page).
  if (!top) return c.body(null, 204);
  c.header("Cache-Control", "public, max-age=300");
  return c.html(staticDocument(<TopBannerPage banner={top} />));
}
