/**
 * A streaming reader of YRL feeds (Yandex.Realty: `<realty-feed>` of `<offer internal-id="…">`). It takes the
 * feed as a stream of bytes or text, chunk by chunk, and yields the offers one by one: only the unread tail of
 * the text and the offer being read are held, so a feed of any size passes in little memory.
 *
 * The XML subset of feeds is tokenized by hand: elements, attributes, text, CDATA, comments, processing
 * instructions, the five named entities and character references. A document type with definitions is
 * refused (no entity expansion). Anything malformed throws FeedSyntaxError with the line and a Russian reason:
 * a broken file fails its run, while broken contents of a well-formed offer are the importer's to judge.
 */

/** A feed that cannot be imported, with the reason in Russian (the run fails, the catalogue is untouched). */
export class FeedError extends Error {}

export class FeedSyntaxError extends FeedError {
  constructor(
    reason: string,
    readonly line: number,
  ) {
    super(line ? `Ошибка в XML, строка ${line}: ${reason}` : `Ошибка в XML: ${reason}`);
  }
}

/** The texts of one offer as written in the feed (trimmed; absent fields are undefined). */
export type YrlOffer = { -readonly [K in keyof typeof FIELDS]?: string } & {
  line: number;
  internalId?: string;
  metro: { name?: string; timeOnFoot?: string; timeOnTransport?: string }[];
  images: { tag?: string; url: string }[];
  /** The banks accredited for mortgages: each <mortgage-bank> of the offer. */
  mortgageBanks: string[];
  /** The house's progress photos: each <construction-progress><image date="…"> (issue 31). */
  progressImages: { date?: string; url: string }[];
};

/** Offer fields by their path inside <offer>. */
const FIELDS = {
  type: "type",
  propertyType: "property-type",
  category: "category",
  region: "location/region",
  localityName: "location/locality-name",
  address: "location/address",
  latitude: "location/latitude",
  longitude: "location/longitude",
  organization: "sales-agent/organization",
  agentCategory: "sales-agent/category",
  agentPhone: "sales-agent/phone",
  agentUrl: "sales-agent/url",
  price: "price/value",
  currency: "price/currency",
  area: "area/value",
  areaUnit: "area/unit",
  livingSpace: "living-space/value",
  kitchenSpace: "kitchen-space/value",
  rooms: "rooms",
  studio: "studio",
  openPlan: "open-plan",
  floor: "floor",
  floorsTotal: "floors-total",
  buildingName: "building-name",
  yandexBuildingId: "yandex-building-id",
  yandexHouseId: "yandex-house-id",
  buildingSection: "building-section",
  buildingState: "building-state",
  builtYear: "built-year",
  readyQuarter: "ready-quarter",
  renovation: "renovation",
  newFlat: "new-flat",
  dealStatus: "deal-status",
  // The trust elements (not in Yandex's YRL; written by feeds that publish them, as наш.дом.рф names them).
  declaration: "project-declaration",
  declarationDate: "project-declaration-date",
  buildingPermit: "building-permit",
  escrowBank: "escrow-bank",
  // The construction's progress (issue 31; our dialect, README «Feed dialects»): <construction-progress> with
  // <readiness> (percent) and <stage> (котлован, каркас, фасад, благоустройство), and dated <image>s.
  readiness: "construction-progress/readiness",
  constructionStage: "construction-progress/stage",
} as const;

/** Limits that keep a hostile file from holding memory: one token, one offer. */
const MAX_TOKEN = 1 << 20;
const MAX_OFFER_NODES = 2000;

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
}

type Token =
  | { kind: "open"; name: string; attrs: Record<string, string>; selfClosing: boolean; line: number }
  | { kind: "close"; name: string; line: number }
  | { kind: "text"; text: string };

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-fA-F]{1,6})|(amp|lt|gt|quot|apos));|&/g;
const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

const localName = (name: string) => name.slice(name.indexOf(":") + 1);

/** Splits text into tokens as it arrives; a token cut by a chunk boundary waits for the next chunk. */
class Tokenizer {
  private buf = "";
  private line = 1;
  /** How far into `buf` the line count has got. */
  private counted = 0;

  private lineAt(pos: number): number {
    for (
      let i = this.buf.indexOf("\n", this.counted);
      i !== -1 && i < pos;
      i = this.buf.indexOf("\n", i + 1)
    ) {
      this.line += 1;
    }
    this.counted = Math.max(this.counted, pos);
    return this.line;
  }

  private fail(reason: string, pos: number): never {
    throw new FeedSyntaxError(reason, this.lineAt(pos));
  }

  private decode(text: string, pos: number): string {
    if (!text.includes("&")) return text;
    return text.replace(ENTITY, (whole, dec?: string, hex?: string, named?: string) => {
      if (named) return NAMED[named] ?? whole;
      const code = dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : Number.NaN;
      if (!(code > 0 && code <= 0x10ffff)) this.fail("символ «&» не экранирован (пишите &amp;)", pos);
      return String.fromCodePoint(code);
    });
  }

  /** The end of a start tag: the first «>» outside quotes, or -1 while it has not arrived. */
  private tagEnd(from: number): number {
    let quote = "";
    for (let i = from; i < this.buf.length; i++) {
      const ch = this.buf[i];
      if (quote) {
        if (ch === quote) quote = "";
      } else if (ch === '"' || ch === "'") quote = ch;
      else if (ch === ">") return i;
    }
    return -1;
  }

  private startTag(body: string, pos: number): Token {
    const selfClosing = body.endsWith("/");
    const inner = selfClosing ? body.slice(0, -1) : body;
    const name = inner.slice(0, inner.search(/\s|$/));
    if (!NAME.test(name)) this.fail(`неверное имя элемента «<${name.slice(0, 40)}»`, pos);
    const attrs: Record<string, string> = {};
    let at = name.length;
    for (;;) {
      ATTRIBUTE.lastIndex = at;
      const m = ATTRIBUTE.exec(inner);
      if (!m) break;
      const attr = localName(m[1] ?? "");
      if (attr in attrs) this.fail(`атрибут ${attr} повторяется в <${name}>`, pos);
      attrs[attr] = this.decode(m[2] ?? m[3] ?? "", pos);
      at = ATTRIBUTE.lastIndex;
    }
    if (inner.slice(at).trim()) this.fail(`неверные атрибуты в <${name}>: значения пишутся в кавычках`, pos);
    return { kind: "open", name: localName(name), attrs, selfClosing, line: this.lineAt(pos) };
  }

  /** The tokens complete in what has arrived; `final` says nothing more will come. */
  *push(chunk: string, final: boolean): Generator<Token> {
    this.buf += chunk;
    let pos = 0;
    /** A token is cut by the end of the chunk: wait for the next one (true), unless there is none. */
    const wait = (reason: string): true => {
      if (final) this.fail(reason, pos);
      if (this.buf.length - pos > MAX_TOKEN) this.fail("слишком длинный фрагмент (больше 1 МБ)", pos);
      return true;
    };
    while (pos < this.buf.length) {
      if (this.buf[pos] !== "<") {
        const lt = this.buf.indexOf("<", pos);
        // Text after the last tag: what it belongs to is for the element checks to say.
        if (lt === -1 && (final || wait(""))) break;
        yield { kind: "text", text: this.decode(this.buf.slice(pos, lt), pos) };
        pos = lt;
        continue;
      }
      const head = this.buf.slice(pos, pos + 9);
      if (head.length < 9 && !final && "<![CDATA[".startsWith(head)) break;
      let end: number;
      if (head.startsWith("<?")) {
        end = this.buf.indexOf("?>", pos);
        if (end === -1 && wait("не закрыта инструкция <?…?>")) break;
        pos = end + 2;
      } else if (head.startsWith("<!--")) {
        end = this.buf.indexOf("-->", pos);
        if (end === -1 && wait("не закрыт комментарий <!--…-->")) break;
        pos = end + 3;
      } else if (head.startsWith("<![CDATA[")) {
        end = this.buf.indexOf("]]>", pos);
        if (end === -1 && wait("не закрыт блок CDATA")) break;
        yield { kind: "text", text: this.buf.slice(pos + 9, end) };
        pos = end + 3;
      } else if (head.startsWith("<!")) {
        end = this.buf.indexOf(">", pos);
        if (end === -1 && wait("не закрыто объявление <!…>")) break;
        if (this.buf.slice(pos, end).includes("["))
          this.fail("DOCTYPE с определениями не поддерживается", pos);
        pos = end + 1;
      } else if (head.startsWith("</")) {
        end = this.buf.indexOf(">", pos);
        if (end === -1 && wait("не закрыт тег")) break;
        const name = this.buf.slice(pos + 2, end).trim();
        if (!NAME.test(name)) this.fail(`неверный закрывающий тег «</${name.slice(0, 40)}>»`, pos);
        yield { kind: "close", name: localName(name), line: this.lineAt(pos) };
        pos = end + 1;
      } else {
        end = this.tagEnd(pos + 1);
        if (end === -1 && wait("не закрыт тег")) break;
        yield this.startTag(this.buf.slice(pos + 1, end), pos);
        pos = end + 1;
      }
    }
    this.lineAt(pos);
    this.buf = this.buf.slice(pos);
    this.counted -= pos;
  }
}

function path(node: XmlNode, steps: string): XmlNode | undefined {
  let at: XmlNode | undefined = node;
  for (const step of steps.split("/")) at = at?.children.find((c) => c.name === step);
  return at;
}

function textOf(node: XmlNode | undefined): string | undefined {
  const text = node?.text.trim();
  return text ? text : undefined;
}

function toOffer(node: XmlNode, line: number): YrlOffer {
  const offer: YrlOffer = {
    line,
    internalId: node.attrs["internal-id"]?.trim() || undefined,
    metro: (path(node, "location")?.children ?? [])
      .filter((c) => c.name === "metro")
      .map((m) => ({
        name: textOf(path(m, "name")),
        timeOnFoot: textOf(path(m, "time-on-foot")),
        timeOnTransport: textOf(path(m, "time-on-transport")),
      })),
    images: node.children.flatMap((c) => {
      const url = c.name === "image" ? textOf(c) : undefined;
      return url ? [{ tag: c.attrs.tag?.trim().toLowerCase() || undefined, url }] : [];
    }),
    mortgageBanks: node.children.flatMap((c) => {
      const bank = c.name === "mortgage-bank" ? textOf(c) : undefined;
      return bank ? [bank] : [];
    }),
    progressImages: (path(node, "construction-progress")?.children ?? []).flatMap((c) => {
      const url = c.name === "image" ? textOf(c) : undefined;
      return url ? [{ date: c.attrs.date?.trim() || undefined, url }] : [];
    }),
  };
  for (const [key, at] of Object.entries(FIELDS) as [keyof typeof FIELDS, string][]) {
    offer[key] = textOf(path(node, at));
  }
  return offer;
}

/** Elements, checked for nesting; the subtree of each <offer> is built and handed out when it closes. */
class OfferReader {
  private open: string[] = [];
  private rootClosed = false;
  /** The offer being read: its root, the path of open elements inside it, where it began, its size. */
  private offer: { root: XmlNode; nodes: XmlNode[]; line: number; size: number } | null = null;

  take(token: Token): YrlOffer | null {
    if (token.kind === "text") {
      const node = this.offer?.nodes.at(-1);
      if (node) node.text += token.text;
      return null;
    }
    if (token.kind === "open") {
      if (this.rootClosed) throw new FeedSyntaxError("после </realty-feed> ещё есть элементы", token.line);
      if (!this.open.length && token.name !== "realty-feed") {
        throw new FeedSyntaxError(
          `это не фид YRL: корневой элемент <${token.name}>, а не <realty-feed>`,
          token.line,
        );
      }
      const node: XmlNode = { name: token.name, attrs: token.attrs, text: "", children: [] };
      if (this.offer) {
        if (++this.offer.size > MAX_OFFER_NODES) {
          throw new FeedSyntaxError(`в предложении больше ${MAX_OFFER_NODES} элементов`, token.line);
        }
        this.offer.nodes.at(-1)?.children.push(node);
        if (!token.selfClosing) this.offer.nodes.push(node);
      } else if (token.name === "offer" && this.open.length === 1) {
        this.offer = { root: node, nodes: [node], line: token.line, size: 1 };
        if (token.selfClosing) return this.finishOffer();
      }
      if (!token.selfClosing) this.open.push(token.name);
      return null;
    }
    const expected = this.open.pop();
    if (expected !== token.name) {
      throw new FeedSyntaxError(
        expected ? `ожидался </${expected}>, а встретился </${token.name}>` : `лишний </${token.name}>`,
        token.line,
      );
    }
    if (!this.open.length) this.rootClosed = true;
    if (!this.offer) return null;
    this.offer.nodes.pop();
    return this.offer.nodes.length ? null : this.finishOffer();
  }

  private finishOffer(): YrlOffer | null {
    const offer = this.offer;
    this.offer = null;
    return offer && toOffer(offer.root, offer.line);
  }

  end(line: number): void {
    const open = this.open.at(-1);
    if (open) throw new FeedSyntaxError(`файл оборван: не закрыт <${open}>`, line);
    if (!this.rootClosed) throw new FeedSyntaxError("в файле нет элемента <realty-feed>", line);
  }
}

/** The encoding named in the XML declaration (feeds are UTF-8, now and then windows-1251). */
function sniffEncoding(first: Uint8Array): string {
  const head = String.fromCharCode(...first.subarray(0, 200));
  const named = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*encoding\s*=\s*["']([\w-]+)["']/i.exec(head)?.[1];
  return named && /^(windows-1251|cp1251)$/i.test(named) ? "windows-1251" : "utf-8";
}

/** Bytes enough to see the XML declaration before choosing the decoder. */
const DECLARATION_BYTES = 256;

async function* textChunks(stream: ReadableStream<Uint8Array | string>): AsyncGenerator<string> {
  const reader = stream.getReader();
  let decoder: TextDecoder | null = null;
  let head = new Uint8Array(0);
  const decode = (bytes?: Uint8Array) => {
    try {
      decoder ??= new TextDecoder(sniffEncoding(bytes ?? head), { fatal: true, ignoreBOM: false });
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new FeedSyntaxError("файл не в кодировке UTF-8 или windows-1251", 0);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (typeof value === "string") yield value;
      else if (decoder) yield decode(value);
      else {
        const joined = new Uint8Array(head.length + value.length);
        joined.set(head);
        joined.set(value, head.length);
        head = joined;
        if (head.length >= DECLARATION_BYTES) yield decode(head);
      }
    }
    if (!decoder && head.length) yield decode(head);
    if (decoder) yield decode();
  } finally {
    // Stops the download when the reading stops early (a broken file).
    await reader.cancel().catch(() => undefined);
  }
}

/**
 * The offers of a YRL feed, one by one, as the stream arrives. Text goes to the tokenizer in pieces of at least
 * `minChunk` characters, so that a long token cut into many small chunks is not scanned again for each.
 */
export async function* readYrl(
  stream: ReadableStream<Uint8Array | string>,
  { minChunk = 1 << 16 } = {},
): AsyncGenerator<YrlOffer> {
  const tokenizer = new Tokenizer();
  const reader = new OfferReader();
  let line = 1;
  function* offers(text: string, final: boolean): Generator<YrlOffer> {
    for (const token of tokenizer.push(text, final)) {
      if (token.kind !== "text") line = token.line;
      const offer = reader.take(token);
      if (offer) yield offer;
    }
  }
  let pending = "";
  for await (const chunk of textChunks(stream)) {
    pending += chunk;
    if (pending.length < minChunk) continue;
    yield* offers(pending, false);
    pending = "";
  }
  yield* offers(pending, true);
  reader.end(line);
}
