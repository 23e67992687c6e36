import {
  error as enError,
  notFound as enNotFound,
  site as enSite,
} from "#app/i18n/catalogs/en.json";
import {
  error as esError,
  notFound as esNotFound,
  site as esSite,
} from "#app/i18n/catalogs/es.json";
import type { Locale } from "./locales";

/**
 * The few messages the error screens need when the root loader failed and sent no catalog.
 * Named imports, so the bundler ships these parts only, not whole catalogs.
 */
export const errorMessages: Record<Locale, object> = {
  en: { error: enError, notFound: enNotFound, site: enSite },
  es: { error: esError, notFound: esNotFound, site: esSite },
};
