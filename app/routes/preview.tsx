import { data } from "react-router";
import { PageHero } from "~/components/page-hero";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/preview";

// /preview?token=…: a live link is answered by the Worker with the draft's page (delivery/published-pages,
// decision 167). Whatever reaches this page is a link that shows nothing: expired, mistyped or never made;
// it says so as the site's other dead links do, with 200 and nothing to store or index.

const page = {
  title: "Preview not available",
  lead: "This preview link has expired or is not valid. Ask the person who sent it for a new one: a link shows its draft for 24 hours.",
};

export function loader({ request }: Route.LoaderArgs) {
  return data({ origin: new URL(request.url).origin }, { headers: { "Cache-Control": "no-store" } });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description: page.lead,
    path: "/preview",
    origin: loaderData.origin,
    noindex: true,
  });
}

export default function Preview() {
  return <PageHero eyebrow="Preview" title={page.title} lead={page.lead} />;
}
