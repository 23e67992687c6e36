import { MAX_ASKED_ONCE } from "../server/page-cache/store";

/**
 * Words a visitor looking for help types: those of the sample resources a new site starts with
 * (some searches list items, most list none) and others. Lowercase ASCII letters only: they go
 * into the URL as they are.
 */
export const SEARCH_WORDS: readonly string[] = `
shelter food clinic housing meals pantry rent utility hotline crisis lifeline texas houston
harris county fort bend montgomery coalition homeless homelessness mission star hope recovery
women men families family youth kids veterans disability benefits benefit ssdi snap medical
health dental vision pharmacy insurance medicaid medicare counseling therapy addiction detox
sober treatment mental wellness doctor nurse hospital emergency urgent care vaccine testing
screening prenatal maternity baby diapers formula clothing shoes coats blankets laundry showers
hygiene toiletries haircut storage lockers mail address phone charging internet computer library
printing documents birth certificate license identification passport social security card records
papers proof income letter statement application apply form checklist replace replacing missing
lost stolen copies catalog counted count point time night region regional yearly partners
response system united helpline confidential free dial call text number outreach case management
manager worker navigator advocate legal lawyer court eviction tenant landlord deposit lease
apartment voucher section subsidy program programs readiness job jobs employment resume interview
training skills education school college tutoring literacy english classes citizenship
immigration refugee asylum translation spanish vietnamese chinese arabic transportation transit
bus metro fare bike ride gas repair car parking camping tent encampment sleeping beds cots bunk
overnight winter freeze cold heat cooling warming hurricane flood storm disaster relief
evacuation safety violence domestic abuse trafficking survivors protection hotlines pets animals
bank groceries produce lunch breakfast dinner snacks kitchen cooking nutrition water bottles
backpack supplies furniture appliances move moving household utilities electric bill payment
assistance financial savings budget credit banking taxes stimulus grant donation volunteer church
faith community center neighborhood`
  .trim()
  .split(/\s+/);

/**
 * What the rendered-search row sends, one a request (bench/wrk-words.lua), so that it measures the
 * search page rendered rather than the page cache: every word, then two-word searches ("+" is a
 * space in a query string) until there are more than the page cache remembers as asked once
 * (MAX_ASKED_ONCE, docs/decisions/242-search-pages-in-the-page-cache.md). Each of wrk's threads
 * walks them with a stride of the thread count, so a search comes back only after more than
 * MAX_ASKED_ONCE others: forgotten by then, it is a first ask again, rendered for its visitor
 * alone and never kept.
 */
export const SEARCH_QUERIES: readonly string[] = (() => {
  const queries = [...SEARCH_WORDS];
  const count = SEARCH_WORDS.length;
  // Pass p pairs each word with the one 1 + 17p further on: no pair twice, no word with itself.
  for (let k = 0; queries.length < 2 * MAX_ASKED_ONCE; k += 1) {
    const pass = Math.floor(k / count);
    queries.push(`${SEARCH_WORDS[k % count]}+${SEARCH_WORDS[(k + 1 + 17 * pass) % count]}`);
  }
  return queries;
})();
