import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import css from "../../app/app.css?raw";
import { ContactForm } from "../../app/components/contact-form";
import { isTokenEnquiry, publicUserTypes, TOKEN_ENQUIRY_USER_TYPE_ID } from "../../app/content/user-types";
import { PAYMENT_METHODS } from "../../app/lib/payment-methods";

// A token application's preferred payment method (docs/decisions/149): asked of the token enquiry alone.

describe("the payment method of a token application", () => {
  it("is asked of the spec's token enquiry, and of no other area", () => {
    expect(publicUserTypes.filter((type) => isTokenEnquiry(type.id))).toEqual([
      { id: TOKEN_ENQUIRY_USER_TYPE_ID, name: "token-curious", label: "FACETS token enquiry" },
    ]);
    expect(PAYMENT_METHODS).toEqual(["BTC", "SOL", "USDT"]);
  });

  it("steps aside by CSS for every other area, the token enquiry named by its id", () => {
    expect(css).toContain(
      `form:has(option:checked:not([value=""], [value="${TOKEN_ENQUIRY_USER_TYPE_ID}"])) .payment-method {`,
    );
  });

  it("is a fieldset with a legend and a radio button a method, each labelled", () => {
    const html = renderToStaticMarkup(createElement(ContactForm, {}));
    const fieldset = html.slice(html.indexOf("<fieldset"), html.indexOf("</fieldset>"));
    expect(fieldset).toMatch(/^<fieldset[^>]*class="payment-method/);
    expect(fieldset).toContain("<legend");
    expect(fieldset).toContain("Preferred payment method");
    for (const method of PAYMENT_METHODS) {
      expect(fieldset).toMatch(
        new RegExp(
          `<label[^>]*><input type="radio"[^>]* name="paymentMethod" value="${method}"/>${method}</label>`,
        ),
      );
    }
  });
});
