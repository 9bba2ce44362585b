import { ClubPage } from "~/components/club-page";
import { motorClub as club } from "~/content/clubs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/motorclub";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: club.eyebrow,
    description: club.description,
    path: club.path,
    origin: matches[0].loaderData.origin,
  });
}

export default function MotorClub() {
  return <ClubPage club={club} />;
}
