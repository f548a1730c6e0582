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

/** The article's body blocks as semantic HTML. */
export function ArticleBody({ blocks }: { blocks: ArticleBlock[] }) {
  return (
    <div className="article-body">
      {blocks.map((b) => (
        <Block key={keyOf(b)} block={b} />
      ))}
    </div>
  );
}
