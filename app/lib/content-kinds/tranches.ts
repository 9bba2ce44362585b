import { trancheDocument } from "~/content/facets-token";
import { TRANCHE_STATUSES, type TrancheDocument } from "~/content/tranche-figures";
import { MARKET_CAP_TEXT_MAX, TRANCHE_LABEL_MAX, trancheProblems } from "../tranche-rules";
import { defineKind } from "./kind";

/** The token's tranches (spec section 9): the figures a holder vote changes. */
export const tranchesKind = defineKind<TrancheDocument>({
  name: "tranches",
  title: "Token tranches",
  paths: ["/facets-token"],
  fields: {
    maxSupply: { type: "integer", label: "Maximum supply" },
    tranches: {
      type: "list",
      label: "Tranches",
      itemLabel: "Tranche",
      min: 1,
      max: 20,
      item: {
        label: { type: "text", label: "Label", max: TRANCHE_LABEL_MAX },
        tokens: { type: "integer", label: "Tokens" },
        price: { type: "number", label: "Price (USD)" },
        marketCap: { type: "text", label: "Market cap", max: MARKET_CAP_TEXT_MAX },
        status: { type: "choice", label: "Status", options: TRANCHE_STATUSES },
      },
    },
  },
  rules: trancheProblems,
  seed: trancheDocument,
});
