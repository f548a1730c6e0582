/**
 * The page's web-analytics loader (SPEC §1): a Yandex Metrica counter whose id is configuration
 * (`ANALYTICS_COUNTER_ID` in wrangler.toml vars). Without an id nothing is loaded and the CSP allows nothing
 * more; a bot never gets it. The counter's script is fetched once the page is idle, after its own scripts,
 * so it never competes with the first view; its inline loader carries the request's nonce.
 */

export const ANALYTICS_ORIGIN = "https://mc.yandex.ru";

/** The configured counter id for this visit: digits only, none for a bot. */
export function analyticsCounter(env: Pick<Env, "ANALYTICS_COUNTER_ID">, isBot: boolean): string | null {
  const id = env.ANALYTICS_COUNTER_ID?.trim() ?? "";
  return !isBot && /^\d{1,12}$/.test(id) ? id : null;
}

/** The inline loader: after `load`, when the browser is idle, it adds the counter's script with the nonce. */
export function analyticsLoader(id: string, nonce: string): string {
  return `(function(){var w=window,d=document;function load(){w.ym=w.ym||function(){(w.ym.a=w.ym.a||[]).push(arguments)};w.ym.l=Date.now();var s=d.createElement("script");s.async=true;s.nonce=${JSON.stringify(nonce)};s.src="${ANALYTICS_ORIGIN}/metrika/tag.js";d.head.appendChild(s);w.ym(${id},"init",{clickmap:true,trackLinks:true,accurateTrackBounce:true})}function idle(){"requestIdleCallback" in w?w.requestIdleCallback(load,{timeout:5000}):setTimeout(load,2000)}d.readyState==="complete"?idle():w.addEventListener("load",idle,{once:true})})();`;
}
