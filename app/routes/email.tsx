import { EmailSignatureSheet, signaturePageMeta } from "~/components/email-signature";
import type { Route } from "./+types/email";

export function meta({ matches }: Route.MetaArgs) {
  return signaturePageMeta("personal", matches[0].loaderData.origin);
}

export default function EmailPersonal({ matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="personal" origin={matches[0].loaderData.origin} />;
}
