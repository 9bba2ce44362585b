import { EmailSignatureSheet, signaturePageMeta } from "~/components/email-signature";
import type { Route } from "./+types/email-dao";

export function meta({ matches }: Route.MetaArgs) {
  return signaturePageMeta("dao", matches[0].loaderData.origin);
}

export default function EmailDao({ matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="dao" origin={matches[0].loaderData.origin} />;
}
