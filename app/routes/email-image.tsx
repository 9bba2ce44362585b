import { EmailSignatureSheet, signaturePageMeta } from "~/components/email-signature";
import { signatureHtml } from "~/components/email-signature.server";
import { cloudflareContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/email-image";

export function loader({ context }: Route.LoaderArgs) {
  return { html: signatureHtml("image", context.get(cloudflareContext).env.SITE_ORIGIN) };
}

export function meta({ matches }: Route.MetaArgs) {
  return signaturePageMeta("image", matches[0].loaderData.origin);
}

export default function EmailImage({ loaderData, matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="image" origin={matches[0].loaderData.origin} html={loaderData.html} />;
}
