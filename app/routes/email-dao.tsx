import { EmailSignatureSheet, signaturePageMeta } from "~/components/email-signature";
import { signatureHtml } from "~/components/email-signature.server";
import { cloudflareContext } from "~/server/http/request-context.server";
import type { Route } from "./+types/email-dao";

export function loader({ context }: Route.LoaderArgs) {
  return { html: signatureHtml("dao", context.get(cloudflareContext).env.SITE_ORIGIN) };
}

export function meta({ matches }: Route.MetaArgs) {
  return signaturePageMeta("dao", matches[0].loaderData.origin);
}

export default function EmailDao({ loaderData, matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="dao" origin={matches[0].loaderData.origin} html={loaderData.html} />;
}
