import { EmailSignatureSheet, signaturePageMeta } from "~/components/email-signature";
import type { Route } from "./+types/email-dao-simple";

export function meta({ matches }: Route.MetaArgs) {
  return signaturePageMeta("daoSimple", matches[0].loaderData.origin);
}

export default function EmailDaoSimple({ matches }: Route.ComponentProps) {
  return <EmailSignatureSheet variant="daoSimple" origin={matches[0].loaderData.origin} />;
}
