import type { ReactNode } from "react";
import type { ArticleBlock } from "../../../shared/schemas/media";
import "./journal.css";

/** A stable key from the block's own content (blocks have no ids). */
const keyOf = (b: ArticleBlock) =>
  `${b.type}:${"text" in b ? b.text : "items" in b ? b.items[0] : b.head.join("|")}`.slice(0, 80);

function Block({ block }: { block: ArticleBlock }) {
  switch (block.type) {
    case "h2":
      return <h2>{block.text}</h2>;
    case "p":
      return <p>{block.text}</p>;
    case "ul":
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "ol":
      return (
        <ol>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case "quote":
      return (
        <blockquote>
          <p>{block.text}</p>
        </blockquote>
      );
    case "table":
      return (
        // A wide table scrolls sideways on a phone; the region can be scrolled with the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable
        <section className="article-body__table" aria-label={block.head.join(", ")} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {block.head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row.join("|")}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={cell} scope="row">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the column is the cell's identity
                      <td key={i}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      );
  }
}

/** The content banner waits for this many blocks of text (paragraphs, lists, tables, quotes)… */
const AD_AFTER_BLOCKS = 2;

/** …and then for the end of their section: before the next heading, or after the body. */
function adIndex(blocks: ArticleBlock[]): number {
  let text = 0;
  const at = blocks.findIndex((b) => {
    if (b.type !== "h2") text += 1;
    return b.type === "h2" && text >= AD_AFTER_BLOCKS;
  });
  return at < 0 ? blocks.length : at;
}

/** The article's body blocks as semantic HTML, with the content banner between two sections. */
export function ArticleBody({ blocks, ad }: { blocks: ArticleBlock[]; ad?: ReactNode }) {
  const at = adIndex(blocks);
  const render = (list: ArticleBlock[]) => list.map((b) => <Block key={keyOf(b)} block={b} />);
  return (
    <div className="article-body">
      {render(blocks.slice(0, at))}
      {ad}
      {render(blocks.slice(at))}
    </div>
  );
}
