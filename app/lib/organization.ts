/** How to reach the organization: its own contact details (its social accounts: app/site/navigation.ts). */

export const contactInfo = {
  phone: "(713) 555-0142",
  email: "info@houstonhome.org",
} as const;
