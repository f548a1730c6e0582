/** The journal, companies and special offers: their API calls and their pages. */
import { env, SELF } from "cloudflare:test";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { companySortName } from "../../shared/companies";
import { CompaniesGridSchema, CompanySchema } from "../../shared/schemas/companies";
import {
  MediaCategoriesGridSchema,
  MediaCategorySchema,
  MediaPostSchema,
  MediaPostsGridSchema,
} from "../../shared/schemas/media";
import { SpecialOffersSchema } from "../../shared/schemas/special-offers";
import { cspNonce, GOOGLEBOT_UA, get, getJson, HUMAN_UA, mainOf, scriptNonces } from "./helpers";

const API = "/api/v1";

async function apiOk<S extends v.GenericSchema>(schema: S, path: string): Promise<v.InferOutput<S>> {
  const { status, body } = await getJson(`${API}${path}`);
  expect(status, path).toBe(200);
  return v.parse(schema, body);
}

async function apiError(path: string, status: number): Promise<string> {
  const res = await getJson<{ error: string }>(`${API}${path}`);
  expect(res.status, path).toBe(status);
  expect(res.body.error, path).toMatch(/[а-яё]/i);
  return res.body.error;
}

function postView(
  id: string | number,
  { ua = HUMAN_UA, ip = "203.0.113.1", method = "POST", cookie = "" } = {},
) {
  return SELF.fetch(`http://localhost${API}/media/posts/${id}/view`, {
    method,
    headers: { "User-Agent": ua, "CF-Connecting-IP": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

/** The visit's cookie a view answer sets, as the browser sends it back. */
const visitCookie = (res: Response) => (res.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";

async function viewsOf(id: number): Promise<number> {
  const row = await env.DB.prepare("SELECT views FROM media_posts WHERE id = ?1")
    .bind(id)
    .first<{ views: number }>();
  return row?.views ?? -1;
}

async function firstPost() {
  const row = await env.DB.prepare(
    `SELECT p.id, p.slug, p.title, p.category_id, c.slug AS category_slug FROM media_posts p
     JOIN media_categories c ON c.id = p.category_id ORDER BY p.id LIMIT 1`,
  ).first<{ id: number; slug: string; title: string; category_id: number; category_slug: string }>();
  if (!row) throw new Error("the seed has no articles");
  return row;
}

async function firstDeveloper() {
  const row = await env.DB.prepare(
    "SELECT id, slug, name FROM companies WHERE type = 'developer' AND complexes_total > 0 ORDER BY id LIMIT 1",
  ).first<{ id: number; slug: string; name: string }>();
  if (!row) throw new Error("the seed has no developers");
  return row;
}

describe("media/posts/grid", () => {
  it("pages all 48 articles newest first with the pagination fields", async () => {
    const first = await apiOk(MediaPostsGridSchema, "/media/posts/grid");
    expect(first).toMatchObject({ total: 48, per_page: 25, current_page: 1, last_page: 2 });
    expect(first.data).toHaveLength(25);
    const dates = first.data.map((p) => p.published_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const last = await apiOk(MediaPostsGridSchema, "/media/posts/grid?page=4&per_page=12");
    expect(last).toMatchObject({ total: 48, per_page: 12, current_page: 4, last_page: 4 });
    expect(last.data).toHaveLength(12);
    const oldest = await env.DB.prepare(
      "SELECT id FROM media_posts ORDER BY published_at, id LIMIT 1",
    ).first<{
      id: number;
    }>();
    expect(last.data.at(-1)?.id).toBe(oldest?.id);
  });

  it("caps per_page at 100 and answers 404 past the last page", async () => {
    const all = await apiOk(MediaPostsGridSchema, "/media/posts/grid?per_page=500");
    expect(all).toMatchObject({ per_page: 100, last_page: 1 });
    expect(all.data).toHaveLength(48);
    await apiError("/media/posts/grid?page=3", 404);
    await apiError("/media/posts/grid?page=5&per_page=12", 404);
  });

  it("filters by a category given by slug or by id", async () => {
    const category = await env.DB.prepare(
      "SELECT c.id, c.slug, count(p.id) AS n FROM media_categories c JOIN media_posts p ON p.category_id = c.id GROUP BY c.id ORDER BY c.id LIMIT 1",
    ).first<{ id: number; slug: string; n: number }>();
    const bySlug = await apiOk(MediaPostsGridSchema, `/media/posts/grid?search[category]=${category?.slug}`);
    const byId = await apiOk(MediaPostsGridSchema, `/media/posts/grid?search[category]=${category?.id}`);
    expect(bySlug.total).toBe(category?.n);
    expect(bySlug.data.every((p) => p.category.slug === category?.slug)).toBe(true);
    expect(byId).toEqual(bySlug);
    await apiError("/media/posts/grid?search[category]=net-takoy", 404);
  });

  it.each([
    ["page=0", "page"],
    ["page=abc", "page"],
    ["page=-1", "page"],
    ["per_page=0", "per_page"],
    ["per_page=1.5", "per_page"],
    ["search[category]=Ипотека", "search[category]"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const error = await apiError(`/media/posts/grid?${query}`, 400);
    expect(error.startsWith(`${field}: `)).toBe(true);
  });
});

describe("media/posts/{id}", () => {
  it("answers the article by slug or id with its body, tags and related articles", async () => {
    const row = await firstPost();
    const post = await apiOk(MediaPostSchema, `/media/posts/${row.slug}`);
    expect(await apiOk(MediaPostSchema, `/media/posts/${row.id}`)).toEqual(post);
    expect(post).toMatchObject({ id: row.id, title: row.title, category: { slug: row.category_slug } });
    expect(post.body.length).toBeGreaterThan(3);
    expect(post.body.some((b) => b.type === "h2")).toBe(true);
    expect(post.tags.length).toBeGreaterThan(0);
    expect(post.reading_minutes).toBeGreaterThan(0);
    expect(post.related).toHaveLength(3);
    for (const r of post.related) {
      expect(r.id).not.toBe(post.id);
      expect(r.category.id).toBe(post.category.id);
    }
  });

  it("answers 404 for an unknown article and 400 for a malformed id", async () => {
    await apiError("/media/posts/net-takoy-stati", 404);
    await apiError("/media/posts/999999", 404);
    expect(await apiError("/media/posts/Bad_Slug", 400)).toMatch(/^id: /);
  });
});

describe("media/posts/{id}/view", () => {
  it("adds one view per POST, by id or slug, and answers 204", async () => {
    const { id, slug } = await firstPost();
    const before = await viewsOf(id);
    const res = await postView(id);
    expect(res.status).toBe(204);
    expect(await viewsOf(id)).toBe(before + 1);
    expect((await postView(slug)).status).toBe(204);
    expect(await viewsOf(id)).toBe(before + 2);
  });

  it("never counts a bot", async () => {
    const { id } = await firstPost();
    const before = await viewsOf(id);
    const res = await postView(id, { ua: GOOGLEBOT_UA });
    expect(res.status).toBe(204);
    expect(await viewsOf(id)).toBe(before);
  });

  it("answers 404 for an unknown article, by POST and by GET", async () => {
    for (const method of ["POST", "GET"]) {
      const res = await postView(999999, { method });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: string }).error).toBe("Статья не найдена");
    }
  });

  it("counts a GET too, once per visit (the visit's cookie), never for a bot", async () => {
    const { id } = await firstPost();
    const before = await viewsOf(id);
    const first = await postView(id, { method: "GET", ip: "203.0.113.9" });
    expect(first.status).toBe(204);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(await viewsOf(id)).toBe(before + 1);
    const cookie = visitCookie(first);
    expect(cookie).toBe(`viewed_posts=${id}`);
    expect(first.headers.get("Set-Cookie")).toMatch(
      /Path=\/api\/v1\/media\/posts\/; HttpOnly; Secure; SameSite=Lax/,
    );
    // The same visit again, by GET or POST: not counted.
    for (const method of ["GET", "POST"]) {
      expect((await postView(id, { method, cookie, ip: "203.0.113.9" })).status).toBe(204);
    }
    expect(await viewsOf(id)).toBe(before + 1);
    // A bot's GET: never.
    const bot = await postView(id, { method: "GET", ua: GOOGLEBOT_UA, ip: "203.0.113.9" });
    expect(bot.status).toBe(204);
    expect(bot.headers.get("Set-Cookie")).toBeNull();
    expect(await viewsOf(id)).toBe(before + 1);
  });

  it("is rate-limited per IP", async () => {
    const { id } = await firstPost();
    // The limit is 60 a fixed window: 60 counted, then refused; a window that ends during the burst starts the
    // count again once, so the refusal comes within 121 tries (the run that crossed 18:00:00 got a 204 at the 61st).
    let counted = 0;
    let limited = await postView(id, { ip: "198.51.100.7" });
    for (; limited.status === 204 && counted < 121; counted++)
      limited = await postView(id, { ip: "198.51.100.7" });
    expect(counted).toBeGreaterThanOrEqual(60);
    const before = await viewsOf(id);
    limited = await postView(id, { ip: "198.51.100.7" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    expect(((await limited.json()) as { error: string }).error).toMatch(/^Слишком много запросов/);
    expect(await viewsOf(id)).toBe(before);
    expect((await postView(id, { ip: "198.51.100.8" })).status).toBe(204);
  });
});

describe("media/categories", () => {
  it("lists the six categories with their article counts", async () => {
    const grid = await apiOk(MediaCategoriesGridSchema, "/media/categories/grid");
    expect(grid).toMatchObject({ total: 6, current_page: 1, last_page: 1 });
    expect(grid.data.map((c) => c.slug)).toContain("ipoteka");
    expect(grid.data.reduce((sum, c) => sum + c.posts_count, 0)).toBe(48);
    const second = await apiOk(MediaCategoriesGridSchema, "/media/categories/grid?per_page=4&page=2");
    expect(second.data.map((c) => c.id)).toEqual(grid.data.slice(4).map((c) => c.id));
    await apiError("/media/categories/grid?page=2", 404);
    expect(await apiError("/media/categories/grid?per_page=x", 400)).toMatch(/^per_page: /);
  });

  it("answers one category by slug or id, 404 for an unknown one", async () => {
    const bySlug = await apiOk(MediaCategorySchema, "/media/categories/ipoteka");
    expect(await apiOk(MediaCategorySchema, `/media/categories/${bySlug.id}`)).toEqual(bySlug);
    expect(bySlug.name).toBe("Ипотека");
    await apiError("/media/categories/net-takoy", 404);
    await apiError("/media/categories/77", 404);
  });
});

describe("companies/grid", () => {
  it("sorts by name, 20 a page by default", async () => {
    const total = await env.DB.prepare("SELECT count(*) AS n FROM companies").first<{ n: number }>();
    const grid = await apiOk(CompaniesGridSchema, "/companies/grid?per_page=100");
    expect(grid.total).toBe(total?.n);
    const names = grid.data.map((c) => companySortName(c.name));
    expect(names).toEqual([...names].sort(new Intl.Collator("ru-RU").compare));
    const first = await apiOk(CompaniesGridSchema, "/companies/grid");
    expect(first).toMatchObject({ per_page: 20, current_page: 1 });
    expect(first.data.map((c) => c.id)).toEqual(grid.data.slice(0, 20).map((c) => c.id));
  });

  it("filters by type", async () => {
    const developers = await apiOk(
      CompaniesGridSchema,
      "/companies/grid?search[type]=developer&per_page=100",
    );
    const agencies = await apiOk(CompaniesGridSchema, "/companies/grid?search[type]=agency&per_page=100");
    const all = await apiOk(CompaniesGridSchema, "/companies/grid?per_page=1");
    expect(developers.total).toBeGreaterThan(0);
    expect(agencies.total).toBeGreaterThan(0);
    expect(developers.data.every((c) => c.type === "developer")).toBe(true);
    expect(agencies.data.every((c) => c.type === "agency")).toBe(true);
    expect(developers.total + agencies.total).toBe(all.total);
    expect(all).toMatchObject({ per_page: 1, last_page: all.total });
  });

  it("searches Cyrillic names regardless of case, «ё» and quotes", async () => {
    const dev = await firstDeveloper();
    const word = companySortName(dev.name).split(" ")[0] ?? "";
    for (const needle of [word.toLocaleUpperCase("ru-RU"), word.toLocaleLowerCase("ru-RU"), dev.name]) {
      const grid = await apiOk(
        CompaniesGridSchema,
        `/companies/grid?search[name]=${encodeURIComponent(needle)}&per_page=100`,
      );
      expect(
        grid.data.map((c) => c.id),
        needle,
      ).toContain(dev.id);
      for (const c of grid.data)
        expect(c.name.toLocaleLowerCase("ru-RU")).toContain(word.toLocaleLowerCase("ru-RU"));
    }
    const agency = await apiOk(
      CompaniesGridSchema,
      "/companies/grid?search[name]=%D0%9D%D0%9E%D0%92%D0%AB%D0%99%20%D0%90%D0%94%D0%A0%D0%95%D0%A1",
    );
    expect(agency.data.map((c) => c.name)).toEqual(["Агентство недвижимости «Новый адрес»"]);
    const yo = await apiOk(
      CompaniesGridSchema,
      `/companies/grid?search[name]=${encodeURIComponent("агентство недвижимости «новый адрёс»")}`,
    );
    expect(yo.total).toBe(1);
    const none = await apiOk(
      CompaniesGridSchema,
      `/companies/grid?search[name]=${encodeURIComponent("Щщщ")}`,
    );
    expect(none).toMatchObject({ total: 0, data: [], current_page: 1, last_page: 1 });
    await apiError(`/companies/grid?search[name]=${encodeURIComponent("Щщщ")}&page=2`, 404);
  });

  it.each([
    ["search[type]=builder", "search[type]"],
    [`search[name]=${"я".repeat(101)}`, "search[name]"],
    ["per_page=-5", "per_page"],
    ["page=1e3", "page"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const error = await apiError(`/companies/grid?${encodeURI(query)}`, 400);
    expect(error.startsWith(`${field}: `)).toBe(true);
  });

  it("caps per_page at 100", async () => {
    const grid = await apiOk(CompaniesGridSchema, "/companies/grid?per_page=1000");
    expect(grid.per_page).toBe(100);
  });
});

describe("companies/{id}", () => {
  it("answers a developer by slug or id with its counts and complexes", async () => {
    const dev = await firstDeveloper();
    const company = await apiOk(CompanySchema, `/companies/${dev.slug}`);
    expect(await apiOk(CompanySchema, `/companies/${dev.id}?type=developer`)).toEqual(company);
    const { results } = await env.DB.prepare(
      "SELECT id, is_finished FROM residential_complexes WHERE developer_id = ?1 AND is_published = 1",
    )
      .bind(dev.id)
      .all<{ id: number; is_finished: number }>();
    expect(company.residential_complexes.map((c) => c.id).sort()).toEqual(results.map((r) => r.id).sort());
    expect(company.complexes_total).toBe(results.length);
    expect(company.complexes_finished).toBe(results.filter((r) => r.is_finished).length);
    expect(company.complexes_building).toBe(results.filter((r) => !r.is_finished).length);
    expect(company.residential_complexes[0]?.slug).toMatch(/-\d+$/);
  });

  it("answers 404 for an unknown company or one of the other type, 400 for a bad type", async () => {
    const dev = await firstDeveloper();
    await apiError(`/companies/${dev.slug}?type=agency`, 404);
    await apiError("/companies/net-takoy-kompanii-1", 404);
    await apiError("/companies/999999", 404);
    expect(await apiError(`/companies/${dev.slug}?type=bank`, 400)).toMatch(/^type: /);
  });
});

describe("special-offers", () => {
  it("lists the offers with their complexes", async () => {
    const { data } = await apiOk(SpecialOffersSchema, "/special-offers");
    expect(data).toHaveLength(25);
    const complexes = await env.DB.prepare("SELECT id, slug FROM residential_complexes").all<{
      id: number;
      slug: string;
    }>();
    const slugs = new Map(complexes.results.map((c) => [c.id, c.slug]));
    for (const offer of data) {
      expect(slugs.get(offer.complex.id)).toBe(offer.complex.slug);
      expect(offer.valid_until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(offer.complex.min_price).toBeGreaterThan(0);
    }
    expect(data.some((o) => o.sub_title)).toBe(true);
  });
});

describe("journal pages", () => {
  it("lists 12 articles a page with category tabs and page links", async () => {
    const res = await get("/journal/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Журнал</h1>");
    expect(html).toContain('aria-label="Рубрики журнала"');
    expect(html.match(/class="article-card"/g)).toHaveLength(12);
    expect(html).toContain('href="/journal/?page=2"');
    expect(html).toContain('href="/journal/ipoteka/"');
    expect(html).toMatch(
      /<img src="\/img\/\?src=%2Fskyline%2F[^"]+" alt="" width="640" height="360" class="skyline-art article-card__cover"/,
    );

    const second = await get("/journal/?page=4");
    expect(second.status).toBe(200);
    expect((await second.text()).match(/class="article-card"/g)).toHaveLength(12);
  });

  it("lists a category", async () => {
    const res = await get("/journal/ipoteka/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<h1>Ипотека</h1>");
    expect(html).toMatch(/aria-current="page"[^>]*>Ипотека</);
  });

  it.each(["/journal/net-takoy-rubriki/", "/journal/?page=5", "/journal/ipoteka/?page=2"])(
    "%s is a 404",
    async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );

  it("renders an article with its blocks, related articles and Article JSON-LD carrying the nonce", async () => {
    const row = await firstPost();
    const res = await get(`/journal/${row.category_slug}/${row.slug}/`, { bot: true });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${row.title}</h1>`);
    expect(html).toContain("Читайте также");
    expect(html).toMatch(/<h2>[^<]+<\/h2>/);
    expect(html).toContain('"@type":"Article"');
    const nonce = cspNonce(res);
    const { nonces } = scriptNonces(html);
    expect(nonces.every((n) => n === nonce)).toBe(true);
    expect(html).toContain(
      `<link rel="canonical" href="https://novostroyki.example/journal/${row.category_slug}/${row.slug}/"`,
    );
  });

  it("moves an article under the wrong category, or as a category, to its canonical URL", async () => {
    const row = await firstPost();
    const canonical = `/journal/${row.category_slug}/${row.slug}/`;
    const other = row.category_slug === "ipoteka" ? "obzory-rynka" : "ipoteka";
    for (const path of [
      `/journal/${other}/${row.slug}/`,
      `/journal/${row.slug}/`,
      `/journal/chto-ugodno/${row.slug}/`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("Location"), path).toBe(canonical);
    }
    const withQuery = await get(`/journal/${other}/${row.slug}/?utm_source=mail`);
    expect(withQuery.headers.get("Location")).toBe(`${canonical}?utm_source=mail`);
  });

  it("moves every article named by its id, under any category, and a category named by its id, to its canonical URL", async () => {
    const { results: posts } = await env.DB.prepare(
      `SELECT p.id, p.slug, c.slug AS category_slug FROM media_posts p
       JOIN media_categories c ON c.id = p.category_id ORDER BY p.id`,
    ).all<{ id: number; slug: string; category_slug: string }>();
    const { results: categories } = await env.DB.prepare("SELECT id, slug FROM media_categories").all<{
      id: number;
      slug: string;
    }>();
    expect(posts.length).toBeGreaterThan(10);
    for (const post of posts) {
      const canonical = `/journal/${post.category_slug}/${post.slug}/`;
      const other = categories.find((c) => c.slug !== post.category_slug)?.slug;
      for (const path of [`/journal/${other}/${post.id}/`, `/journal/${post.category_slug}/${post.id}/`]) {
        const res = await get(path);
        expect(res.status, path).toBe(301);
        expect(res.headers.get("Location"), path).toBe(canonical);
      }
    }
    for (const category of categories) {
      const res = await get(`/journal/${category.id}/?utm_source=mail`);
      expect(res.status, category.slug).toBe(301);
      expect(res.headers.get("Location"), category.slug).toBe(`/journal/${category.slug}/?utm_source=mail`);
    }
  }, 60_000);

  it("answers 404 for an unknown article, by slug or by id, under any category", async () => {
    const { n } = (await env.DB.prepare("SELECT max(id) AS n FROM media_posts").first<{ n: number }>()) ?? {
      n: 0,
    };
    for (const path of [
      "/journal/ipoteka/net-takoy-stati/",
      `/journal/ipoteka/${n + 1}/`,
      `/journal/obzory-rynka/${n + 1000}/`,
      `/journal/${n + 1000}/`,
      "/journal/ipoteka/0/",
    ]) {
      for (const bot of [false, true]) {
        const res = await get(path, { bot });
        expect(res.status, path).toBe(404);
        const html = await res.text();
        expect(html, path).toMatch(/<title>[^<]+<\/title>/);
        expect(mainOf(html), path).toMatch(/<h1[\s>]/);
      }
    }
  });
});

describe("company pages", () => {
  it("shows the two types with counts", async () => {
    const res = await get("/companies/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/companies/developers/"');
    expect(html).toContain('href="/companies/agencies/"');
    expect(html).toMatch(/\d+\u00a0(застройщик|застройщика|застройщиков) в каталоге/);
    expect(html).toMatch(/\d+\u00a0(агентство|агентства|агентств) в каталоге/);
  });

  it("lists developers and searches them with a GET form", async () => {
    const dev = await firstDeveloper();
    const res = await get("/companies/developers/");
    expect(res.status).toBe(200);
    const html = await res.text();
    const form = /<form[^>]*>/.exec(mainOf(html))?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/companies/developers/"');
    expect(html).toMatch(/<input[^>]*name="q"/);
    expect(html).toContain(`href="/companies/developers/${dev.slug}/"`);
    expect(html).not.toMatch(/href="\/companies\/agencies\/[a-z0-9-]+\/"/);

    const word = companySortName(dev.name).split(" ")[0]?.toLocaleLowerCase("ru-RU") ?? "";
    const found = await (await get(`/companies/developers/?q=${encodeURIComponent(word)}`)).text();
    expect(found).toContain(`href="/companies/developers/${dev.slug}/"`);
    expect(found).toContain(`По запросу «${word}» найдено`);
    const none = await get(`/companies/developers/?q=${encodeURIComponent("Щщщ")}`);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain("ничего не нашлось");
  });

  it("lists agencies", async () => {
    const res = await get("/companies/agencies/");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Агентство недвижимости «");
  });

  it("shows a developer with its facts and complexes", async () => {
    const dev = await firstDeveloper();
    const res = await get(`/companies/developers/${dev.slug}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    for (const label of ["Год основания", "Телефон", "ИНН", "Строится", "Сдано"])
      expect(html).toContain(label);
    // The seed's developers are fictional and have no site: none is shown, never a placeholder address.
    expect(html).not.toContain("<dt>Сайт</dt>");
    const complex = await env.DB.prepare(
      "SELECT slug FROM residential_complexes WHERE developer_id = ?1 AND is_published = 1 LIMIT 1",
    )
      .bind(dev.id)
      .first<{ slug: string }>();
    expect(html).toContain(`href="/novostroyki/${complex?.slug}/"`);
  });

  it("shows a developer's own site when it has one (from its feed)", async () => {
    const dev = await firstDeveloper();
    await env.DB.prepare("UPDATE companies SET site = 'https://stroy.ru/' WHERE id = ?1").bind(dev.id).run();
    const html = await (await get(`/companies/developers/${dev.slug}/`)).text();
    expect(html).toContain("<dt>Сайт</dt>");
    expect(html).toContain('href="https://stroy.ru/"');
  });

  it.each([
    "/companies/developers/net-takoy-kompanii-1/",
    "/companies/developers/?page=9",
    "/companies/builders/",
  ])("%s is a 404", async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it("is a 404 for a company under the other type", async () => {
    const dev = await firstDeveloper();
    expect((await get(`/companies/agencies/${dev.slug}/`)).status).toBe(404);
  });
});

describe("special offers page", () => {
  it.each([
    "/special/",
    "/special/?utm_source=yandex&utm_medium=cpc&utm_campaign=a&utm_content=b&utm_term=c&fp=1",
  ])("%s shows the offers with links to their complexes", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/class="offer-card"/g)).toHaveLength(25);
    expect(html.match(/Смотреть ЖК/g)).toHaveLength(25);
    expect(html).toMatch(/href="\/novostroyki\/[a-z0-9-]+-\d+\/"/);
    expect(html).toContain('<link rel="canonical" href="https://novostroyki.example/special/"');
  });
});

describe("site search page", () => {
  it("shows what the header's search finds, as links, never indexed", async () => {
    const res = await get(`/poisk/?q=${encodeURIComponent("  сокол ")}`);
    expect(res.status).toBe(200);
    const html = mainOf(await res.text());
    expect(html).toContain("Поиск: «сокол»");
    expect(html).toContain('href="/po-metro/sokol/"');
    expect(html).toContain('href="/po-rajonam/sokol/"');
    expect(html).toMatch(/<form[^>]*action="\/poisk\/"[^>]*method="get"/);
    expect(html).toContain('value="сокол"');
  });

  it.each([
    ["", "Введите хотя бы две буквы"],
    ["?q=%D1%81", "Введите хотя бы две буквы"],
    ["?q=qqqzzzxx", "ничего не нашлось"],
    [`?q=${"я".repeat(300)}`, "ничего не нашлось"],
    ["?q=%E0%A4%A", "ничего не нашлось"],
    ["?q=%00%27%22%3Cscript%3E", "ничего не нашлось"],
  ])("/poisk/%s answers 200 with a page that says so", async (query, text) => {
    const res = await get(`/poisk/${query}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<meta name="robots" content="noindex');
    expect(mainOf(page)).toContain(text);
  });
});
