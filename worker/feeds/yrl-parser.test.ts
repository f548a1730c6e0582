import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FeedSyntaxError, readYrl, type YrlOffer } from "./yrl-parser";

const LADOGA = readFileSync(new URL("../../tests/fixtures/feeds/ladoga.xml", import.meta.url));

/** The bytes in chunks of `size`: multi-byte letters and tags are cut anywhere. */
function chunked(bytes: Uint8Array, size: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

/** The offers of the bytes streamed in chunks of `size`, each handed to the tokenizer as it comes. */
async function offersOf(input: string | Uint8Array, size = 1 << 16): Promise<YrlOffer[]> {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const out: YrlOffer[] = [];
  for await (const o of readYrl(chunked(bytes, size), { minChunk: 1 })) out.push(o);
  return out;
}

async function failure(xml: string): Promise<FeedSyntaxError> {
  try {
    await offersOf(xml, 5);
  } catch (e) {
    if (e instanceof FeedSyntaxError) return e;
    throw e;
  }
  throw new Error("the feed was accepted");
}

const feed = (offers: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<realty-feed>\n${offers}\n</realty-feed>\n`;

describe("readYrl", () => {
  it("reads every offer of a feed with its fields", async () => {
    const offers = await offersOf(LADOGA);
    expect(offers).toHaveLength(150);
    expect(offers[0]).toMatchObject({
      internalId: "lad-p1-001",
      line: 4,
      localityName: "Москва",
      organization: "ГК «Ладога»",
      buildingName: "Ладожский парк",
      yandexBuildingId: "100101",
      yandexHouseId: "200201",
      studio: "да",
      floor: "2",
      areaUnit: "кв. м",
      currency: "RUB",
      metro: [
        { name: "Семеновская", timeOnFoot: "7", timeOnTransport: undefined },
        { name: "Электрозаводская", timeOnFoot: undefined, timeOnTransport: "12" },
      ],
      images: [
        { tag: "plan", url: "https://img.novostroyki.example/feeds/lad-p1/lad-p1-001.png" },
        { tag: undefined, url: "https://img.novostroyki.example/feeds/facade.jpg" },
      ],
    });
  });

  it("gives the same offers however the stream is cut", async () => {
    const whole = await offersOf(LADOGA, LADOGA.length);
    for (const size of [1, 3, 64, 1000]) expect(await offersOf(LADOGA, size)).toEqual(whole);
    const gathered: YrlOffer[] = [];
    for await (const o of readYrl(chunked(LADOGA, 5))) gathered.push(o);
    expect(gathered).toEqual(whole);
  });

  it("reads entities, character references, CDATA, comments and self-closing elements", async () => {
    const [offer] = await offersOf(
      feed(`<!-- a comment with <offer> inside --><?pi ignored?>
<offer internal-id='a&amp;b'><building-name>ЖК &#171;Дом&#x20;&quot;1&quot;&#187; <![CDATA[<&>]]></building-name></offer>`),
      5,
    );
    expect(offer?.internalId).toBe("a&b");
    expect(offer?.buildingName).toBe('ЖК «Дом "1"» <&>');
    const [empty] = await offersOf(feed(`<offer internal-id="e"><studio/><rooms>2</rooms></offer>`));
    expect(empty).toMatchObject({ internalId: "e", studio: undefined, rooms: "2" });
  });

  it("decodes windows-1251 when the declaration says so", async () => {
    const head = new TextEncoder().encode(
      '<?xml version="1.0" encoding="windows-1251"?><realty-feed><offer internal-id="w"><building-name>',
    );
    const tail = new TextEncoder().encode("</building-name></offer></realty-feed>");
    const bytes = new Uint8Array([...head, 0xcf, 0xf0, 0xe8, ...tail]);
    expect((await offersOf(bytes, 7))[0]?.buildingName).toBe("При");
  });

  it("fails a broken file with the line and a Russian reason", async () => {
    const mismatched = await failure(
      feed(`<offer internal-id="1">\n<price><value>1</value></area>\n</offer>`),
    );
    expect(mismatched.line).toBe(4);
    expect(mismatched.message).toBe("Ошибка в XML, строка 4: ожидался </price>, а встретился </area>");
    expect((await failure(feed(`<offer internal-id="1"><floor>1</floor>`).slice(0, -16))).message).toMatch(
      /файл оборван: не закрыт <offer>/,
    );
    expect((await failure("<html><body>Not found</body></html>")).message).toMatch(
      /это не фид YRL: корневой элемент <html>/,
    );
    expect((await failure(`<!DOCTYPE x [<!ENTITY a "b">]><realty-feed/>`)).message).toMatch(/DOCTYPE/);
    expect((await failure(feed(`<offer internal-id="1"><address>A & B</address></offer>`))).message).toMatch(
      /&amp;/,
    );
    expect((await failure(feed(`<offer internal-id=1></offer>`))).message).toMatch(/в кавычках/);
    expect((await failure(feed(`<offer internal-id="1"></offer><!-- unclosed`))).message).toMatch(
      /комментарий/,
    );
    expect((await failure(""))?.message).toMatch(/нет элемента <realty-feed>/);
    const invalid = new Uint8Array([...new TextEncoder().encode("<realty-feed><offer>"), 0xff, 0xfe]);
    await expect(offersOf(invalid)).rejects.toThrow(/не в кодировке UTF-8/);
  });
});
