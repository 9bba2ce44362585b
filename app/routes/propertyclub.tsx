import { ClubPage } from "~/components/club-page";
import { propertyClub as club } from "~/content/clubs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/propertyclub";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: club.eyebrow,
    description: club.description,
    path: club.path,
    origin: matches[0].loaderData.origin,
  });
}

export default function PropertyClub() {
  return <ClubPage club={club} />;
}
