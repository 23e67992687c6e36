/** Site-wide constants shared by server and browser. */

export const mainNav = [
  { label: "nav.home", to: "/home" },
  { label: "nav.findHelp", to: "/find-help" },
  { label: "nav.about", to: "/about" },
  { label: "nav.resources", to: "/resources" },
  { label: "nav.contact", to: "/contact" },
  { label: "nav.volunteer", to: "/volunteer" },
] as const;

export const footerColumns = [
  {
    heading: "footer.takeAction",
    links: [
      { label: "footer.give", to: "/give" },
      { label: "footer.joinTheSpring", to: "/join-the-spring" },
      { label: "footer.giveToFundraiser", to: "/give-to-fundraiser" },
      { label: "footer.honorGiving", to: "/honor-giving" },
      { label: "footer.sponsorCommunity", to: "/sponsor-community" },
      { label: "footer.legacyGiving", to: "/legacy-giving" },
    ],
  },
  {
    heading: "footer.getInvolved",
    links: [
      { label: "footer.createAccount", to: "/create-account" },
      { label: "footer.fundraise", to: "/fundraise" },
      { label: "footer.tinyHeroes", to: "/tiny-heroes" },
      { label: "footer.studentsTeachers", to: "/students-teachers" },
      { label: "footer.stream", to: "/stream" },
      { label: "footer.experienceLab", to: "/experience-lab" },
    ],
  },
  {
    heading: "footer.getToKnowUs",
    links: [
      { label: "footer.ourWork", to: "/our-work" },
      { label: "footer.model", to: "/100-percent-model" },
      { label: "footer.financials", to: "/financials" },
      { label: "footer.founder", to: "/founder" },
      { label: "footer.careers", to: "/careers" },
    ],
  },
  {
    heading: "footer.connect",
    links: [
      { label: "footer.findHelp", to: "/find-help" },
      { label: "footer.help", to: "/help" },
      { label: "footer.requestSpeaker", to: "/request-speaker" },
      { label: "footer.store", to: "/store" },
      { label: "footer.partnerships", to: "/partnerships" },
      { label: "footer.contact", to: "/contact" },
    ],
  },
] as const;

/**
 * The organization's social accounts, linked from the footer and the pre-launch page. Kept with the
 * site's links rather than app/lib/organization.ts: that module is shared with pages the layout does
 * not load, and the build then put these links in a chunk of dashboard code every page loaded.
 */
export const socialLinks = [
  { label: "Facebook", href: "#" },
  { label: "Instagram", href: "#" },
  { label: "X (Twitter)", href: "#" },
  { label: "LinkedIn", href: "#" },
] as const;
