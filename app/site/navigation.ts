/** Site-wide constants shared by server and browser. */

export const mainNav = [
  { label: "nav.home", to: "/home" },
  { label: "nav.findHelp", to: "/find-help" },
  { label: "nav.about", to: "/about" },
  { label: "nav.resources", to: "/resources" },
  { label: "nav.contact", to: "/contact" },
  { label: "nav.volunteer", to: "/volunteer" },
] as const;

/** Placeholder pages: a heading and one sentence each, served by one route module. */
export const placeholderPages = {
  "/give": { title: "placeholder.give.title", sentence: "placeholder.give.sentence" },
  "/join-the-spring": {
    title: "placeholder.joinTheSpring.title",
    sentence: "placeholder.joinTheSpring.sentence",
  },
  "/give-to-fundraiser": {
    title: "placeholder.giveToFundraiser.title",
    sentence: "placeholder.giveToFundraiser.sentence",
  },
  "/honor-giving": {
    title: "placeholder.honorGiving.title",
    sentence: "placeholder.honorGiving.sentence",
  },
  "/sponsor-community": {
    title: "placeholder.sponsorCommunity.title",
    sentence: "placeholder.sponsorCommunity.sentence",
  },
  "/legacy-giving": {
    title: "placeholder.legacyGiving.title",
    sentence: "placeholder.legacyGiving.sentence",
  },
  "/create-account": {
    title: "placeholder.createAccount.title",
    sentence: "placeholder.createAccount.sentence",
  },
  "/fundraise": {
    title: "placeholder.fundraise.title",
    sentence: "placeholder.fundraise.sentence",
  },
  "/tiny-heroes": {
    title: "placeholder.tinyHeroes.title",
    sentence: "placeholder.tinyHeroes.sentence",
  },
  "/students-teachers": {
    title: "placeholder.studentsTeachers.title",
    sentence: "placeholder.studentsTeachers.sentence",
  },
  "/stream": { title: "placeholder.stream.title", sentence: "placeholder.stream.sentence" },
  "/experience-lab": {
    title: "placeholder.experienceLab.title",
    sentence: "placeholder.experienceLab.sentence",
  },
  "/our-work": { title: "placeholder.ourWork.title", sentence: "placeholder.ourWork.sentence" },
  "/100-percent-model": {
    title: "placeholder.model.title",
    sentence: "placeholder.model.sentence",
  },
  "/financials": {
    title: "placeholder.financials.title",
    sentence: "placeholder.financials.sentence",
  },
  "/founder": { title: "placeholder.founder.title", sentence: "placeholder.founder.sentence" },
  "/careers": { title: "placeholder.careers.title", sentence: "placeholder.careers.sentence" },
  "/help": { title: "placeholder.help.title", sentence: "placeholder.help.sentence" },
  "/request-speaker": {
    title: "placeholder.requestSpeaker.title",
    sentence: "placeholder.requestSpeaker.sentence",
  },
  "/store": { title: "placeholder.store.title", sentence: "placeholder.store.sentence" },
  "/newsletter": {
    title: "placeholder.newsletter.title",
    sentence: "placeholder.newsletter.sentence",
  },
} as const;

export type PlaceholderPath = keyof typeof placeholderPages;

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
