import { ContactForm } from "~/components/contact-form";
import { defineIsland } from "./runtime";

defineIsland("contact", ContactForm);
