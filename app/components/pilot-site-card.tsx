import type { PilotSite } from "~/content/pilots-demos";
import { buttonClasses, ExternalLink } from "./ui/button-link";
import { Card } from "./ui/card";
import { Tag } from "./ui/tag";

/** One outbound pilot or demo site; its "Visit Site" link names the site for assistive technology. */
export function PilotSiteCard({ site, visitLabel }: { site: PilotSite; visitLabel: string }) {
  return (
    <Card
      title={site.name}
      footer={
        <ExternalLink href={site.url} className={buttonClasses("brand")}>
          {visitLabel}
          <span className="sr-only">: {site.name}</span>
        </ExternalLink>
      }
    >
      <p>
        <Tag tone={site.kind === "Pilot" ? "brand" : "gold"}>{site.kind}</Tag>
      </p>
      <p className="mt-3">{site.description}</p>
    </Card>
  );
}
