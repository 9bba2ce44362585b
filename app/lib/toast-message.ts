/** A notice to show a person: a toast with JavaScript, a status box in the page without it. */
export interface ToastMessage {
  title: string;
  description: string;
  variant?: "default" | "destructive";
}
