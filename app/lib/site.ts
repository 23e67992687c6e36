/** Site-wide constants shared by server and browser. */

export const MOBILE_BREAKPOINT_PX = 768;

export const mainNav = [
  { label: "Home", to: "/home" },
  { label: "About", to: "/about" },
  { label: "Resources", to: "/resources" },
  { label: "Contact", to: "/contact" },
  { label: "Volunteer", to: "/volunteer" },
] as const;

/** Placeholder pages of the spec: a heading and one sentence each, served by one route module. */
export const placeholderPages: Record<string, { title: string; sentence: string }> = {
  "/give": { title: "Give", sentence: "Ways to give to our programs will be listed here soon." },
  "/join-the-spring": {
    title: "Join The Spring",
    sentence: "Our monthly giving community, The Spring, is opening soon.",
  },
  "/give-to-fundraiser": {
    title: "Give to a Fundraiser",
    sentence: "Soon you will be able to support a friend's fundraiser here.",
  },
  "/honor-giving": {
    title: "Honor Giving",
    sentence: "Give in honor or in memory of someone you love - this page is coming soon.",
  },
  "/sponsor-community": {
    title: "Sponsor a Community",
    sentence: "Community sponsorships are being prepared and will be announced here.",
  },
  "/legacy-giving": {
    title: "Legacy Giving",
    sentence: "Information about including us in your will is coming soon.",
  },
  "/create-account": {
    title: "Create an Account",
    sentence: "Supporter accounts are not available yet.",
  },
  "/fundraise": {
    title: "Fundraise",
    sentence: "Tools to start your own fundraiser for our work are coming soon.",
  },
  "/tiny-heroes": {
    title: "Tiny Heroes",
    sentence: "Our program for young supporters and their families is coming soon.",
  },
  "/students-teachers": {
    title: "Students & Teachers",
    sentence: "Classroom resources and service projects are being prepared.",
  },
  "/stream": { title: "Stream", sentence: "Stream-for-good fundraising is coming soon." },
  "/experience-lab": {
    title: "Experience Lab",
    sentence: "Our Experience Lab events will be announced on this page.",
  },
  "/our-work": {
    title: "Our Work",
    sentence:
      "Stories and reports from our housing, job and essential-services programs are coming soon.",
  },
  "/100-percent-model": {
    title: "The 100% Model",
    sentence: "100% of public donations go directly to our programs; details will follow here.",
  },
  "/financials": {
    title: "Financials",
    sentence: "Our annual reports and financial statements will be published here.",
  },
  "/founder": {
    title: "Our Founder",
    sentence: "The story of our founder and executive director is coming to this page soon.",
  },
  "/careers": { title: "Careers", sentence: "Open positions on our team will be listed here." },
  "/help": { title: "Help", sentence: "Answers to common questions will be gathered here soon." },
  "/request-speaker": {
    title: "Request a Speaker",
    sentence: "Soon you will be able to invite our team to speak at your event.",
  },
  "/store": {
    title: "Store",
    sentence: "Our store is coming soon; every purchase will fund our programs.",
  },
  "/newsletter": {
    title: "Get Our Emails",
    sentence: "Sign up on our home page to get news from our programs by e-mail.",
  },
};

export const footerColumns = [
  {
    heading: "Take Action",
    links: [
      { label: "Give", to: "/give" },
      { label: "Join The Spring", to: "/join-the-spring" },
      { label: "Give to a Fundraiser", to: "/give-to-fundraiser" },
      { label: "Honor Giving", to: "/honor-giving" },
      { label: "Sponsor a Community", to: "/sponsor-community" },
      { label: "Legacy Giving", to: "/legacy-giving" },
    ],
  },
  {
    heading: "Get Involved",
    links: [
      { label: "Create an Account", to: "/create-account" },
      { label: "Fundraise", to: "/fundraise" },
      { label: "Tiny Heroes", to: "/tiny-heroes" },
      { label: "Students & Teachers", to: "/students-teachers" },
      { label: "Stream", to: "/stream" },
      { label: "Experience Lab", to: "/experience-lab" },
    ],
  },
  {
    heading: "Get to Know Us",
    links: [
      { label: "Our Work", to: "/our-work" },
      { label: "100% Model", to: "/100-percent-model" },
      { label: "Financials", to: "/financials" },
      { label: "Our Founder", to: "/founder" },
      { label: "Careers", to: "/careers" },
    ],
  },
  {
    heading: "Connect",
    links: [
      { label: "Help", to: "/help" },
      { label: "Request a Speaker", to: "/request-speaker" },
      { label: "Store", to: "/store" },
      { label: "Partnerships", to: "/partnerships" },
      { label: "Contact", to: "/contact" },
    ],
  },
] as const;

export const volunteerOpportunities = [
  {
    slug: "meal-service",
    title: "Meal Service",
    hours: "2-4 hours per week",
    description: "Prepare and serve hot meals to guests at our daily meal program.",
  },
  {
    slug: "resource-center",
    title: "Resource Center",
    hours: "4-6 hours per week",
    description: "Help guests with job searches, benefit applications and housing paperwork.",
  },
  {
    slug: "medical-clinic",
    title: "Medical Clinic",
    hours: "4-8 hours per week",
    description: "Support our clinic team with intake, scheduling and patient comfort.",
  },
] as const;

export type VolunteerOpportunitySlug = (typeof volunteerOpportunities)[number]["slug"];

export const volunteerRequirements = [
  "Be 18 years of age or older",
  "Commit to at least 3 months of service",
  "Attend an orientation and training session",
  "Pass a background check (for some positions)",
] as const;

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
