import type { MediaArticle } from "~/content/media";
import { formatLongDate } from "~/lib/format";
import { MediaIllustration } from "./media-illustration";
import { ExternalLink } from "./ui/button-link";
import { Tag } from "./ui/tag";

/** One curated article: illustration, category, title (h3), source and date, summary and outbound link. */
export function MediaArticleCard({ article, readLabel }: { article: MediaArticle; readLabel: string }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
      <MediaIllustration category={article.category} alt={article.imageAlt} />
      <div className="flex grow flex-col p-6">
        <p>
          <Tag>{article.category}</Tag>
        </p>
        <h3 className="mt-3 text-xl font-semibold">{article.title}</h3>
        <p className="mt-2 text-sm text-ink-muted">
          {article.source} · <time dateTime={article.date}>{formatLongDate(article.date)}</time>
        </p>
        <p className="mt-3 grow text-ink-muted">{article.summary}</p>
        <p className="mt-4">
          <ExternalLink
            href={article.url}
            className="font-semibold text-brand underline hover:text-brand-strong"
          >
            {readLabel}
            <span className="sr-only">: {article.title}</span>
          </ExternalLink>
        </p>
      </div>
    </article>
  );
}
