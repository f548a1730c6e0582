import type { ReactNode } from "react";
import { countOf, formatDate, WORDS } from "../../../shared/format";
import type { MediaPostCard } from "../../../shared/schemas/media";

const VIEWS = ["просмотр", "просмотра", "просмотров"] as const;

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** «18 ноября 2026 · 🕑 4 минуты», and the views when asked; items wrap whole, with no stray separators. */
export function ArticleMeta({
  post,
  views = false,
  className,
}: {
  post: MediaPostCard;
  views?: boolean;
  className?: string;
}) {
  return (
    <p className={`article-meta ${className ?? ""}`}>
      <time dateTime={post.published_at}>{formatDate(post.published_at)}</time>
      <span>
        <Icon>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v5l3 2" />
        </Icon>
        <span className="visually-hidden">Время чтения: </span>
        {countOf(post.reading_minutes, WORDS.minute)}
      </span>
      {views && (
        <span>
          <Icon>
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
          </Icon>
          {countOf(post.views, VIEWS)}
        </span>
      )}
    </p>
  );
}
