import { ContactForm } from "~/components/contact-form";
import { islandEntry } from "./runtime";

export const hydrate = islandEntry(ContactForm);
