import type { PlaceholderAddress } from "#app/features/pages/index";

/**
 * Placeholder pages: a heading and one sentence each, served by one route module
 * (app/site/routes/placeholder.tsx) until staff publish a page at the address (app/features/pages,
 * which lists the addresses). Apart from the navigation, so that the layout drawing the menu
 * and the footer does not carry these texts to every page.
 */
export const placeholderPages = {
  "/give": { title: "placeholder.give.title", sentence: "placeholder.give.sentence" },
  "/join-the-spring": {
    title: "placeholder.joinTheSpring.title",
    sentence: "placeholder.joinTheSpring.sentence",
  },
  "/sponsor-community": {
    title: "placeholder.sponsorCommunity.title",
    sentence: "placeholder.sponsorCommunity.sentence",
  },
  "/legacy-giving": {
    title: "placeholder.legacyGiving.title",
    sentence: "placeholder.legacyGiving.sentence",
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
} as const satisfies Record<PlaceholderAddress, { title: string; sentence: string }>;

export type PlaceholderPath = keyof typeof placeholderPages;
