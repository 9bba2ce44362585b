import { MEDIA_CATEGORIES, type MediaArticle, mediaArticles } from "~/content/media";
import { CONTENT_URL_MAX } from "./fields";
import { defineKind, duplicatesIn } from "./kind";

/** The media page's articles (spec section 2), in the order the page shows them. */
export const mediaKind = defineKind<{ articles: readonly MediaArticle[] }>({
  name: "media",
  title: "Media articles",
  paths: ["/media"],
  fields: {
    articles: {
      type: "list",
      label: "Articles",
      itemLabel: "Article",
      min: 1,
      max: 24,
      item: {
        title: { type: "text", label: "Title", max: 160 },
        source: { type: "text", label: "Source", max: 80 },
        date: { type: "date", label: "Date" },
        category: { type: "choice", label: "Category", options: MEDIA_CATEGORIES },
        summary: { type: "text", label: "Summary", max: 400, multiline: true },
        url: { type: "url", label: "Address", max: CONTENT_URL_MAX },
        imageAlt: { type: "text", label: "Illustration's text", max: 160 },
      },
    },
  },
  rules: ({ articles }) =>
    duplicatesIn(
      articles,
      (article) => article.url,
      (index) => `articles.${index}.url`,
      "Another article has this address.",
    ),
  seed: { articles: mediaArticles },
});
