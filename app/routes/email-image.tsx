import { EmailSignatureSheet, signaturePageMeta } from "~/components/email-signature";
import type { Route } from "./+types/email-image";

export function meta({ matches }: Route.MetaArgs) {
  return signaturePageMeta("image", matches[0].loaderData.origin);
}

export default function EmailImage({ matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="image" origin={matches[0].loaderData.origin} />;
}
