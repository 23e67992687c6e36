export { messagesTab, partnershipsTab, signupsTab, volunteersTab } from "./admin/tabs";
export { NewsletterForm } from "./components/newsletter-form";
