/** How to reach the organization: its own contact details and social accounts. */

export const contactInfo = {
  phone: "(713) 555-0142",
  email: "info@houstonhome.org",
} as const;

export const socialLinks = [
  { label: "Facebook", href: "#" },
  { label: "Instagram", href: "#" },
  { label: "X (Twitter)", href: "#" },
  { label: "LinkedIn", href: "#" },
] as const;
