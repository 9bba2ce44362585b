import { EmailSignatureSheet } from "~/components/email-signature";
import { signaturePages } from "~/content/email-signatures";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/email-image";

const page = signaturePages.image;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: page.title,
    description: page.description,
    path: page.path,
    origin: matches[0].loaderData.origin,
    noindex: true,
  });
}

export default function EmailImage({ matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="image" origin={matches[0].loaderData.origin} />;
}
