import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isLocale, type Locale, localeNames, locales, localizePath } from "#app/i18n/locales";
import { useLocale } from "#app/i18n/translator";

/**
 * The visitor's language choice. It only decides whether to offer the other language; which
 * language a page is in depends on its URL alone, so cached pages stay right
 * (docs/decisions/111-language-choice-and-offer.md).
 */
const CHOICE_COOKIE = "lang";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

function rememberChoice(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read in the browser only
  document.cookie = `${CHOICE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

function rememberedChoice(): Locale | null {
  const value = document.cookie
    .split("; ")
    .find((part) => part.startsWith(`${CHOICE_COOKIE}=`))
    ?.slice(CHOICE_COOKIE.length + 1);
  return isLocale(value) ? value : null;
}

/**
 * Runs `work` once the browser has nothing more urgent to do, and returns what cancels it. The
 * offer is not urgent, and reading `document.cookie` asks the browser process for the cookies:
 * run among the effects that follow hydration, it lengthened their task on a slow phone, and a
 * tap waited behind it (docs/decisions/194-main-thread-after-the-first-paint.md). Safari has no
 * `requestIdleCallback`: a timer there.
 */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/** The first of the browser's languages (its Accept-Language) that the site speaks. */
function browserChoice(): Locale | null {
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLocale(primary)) return primary;
  }
  return null;
}

/** The current page in another locale, keeping its query and hash. */
function useSamePageIn() {
  const location = useLocation();
  return (locale: Locale) =>
    localizePath(`${location.pathname}${location.search}${location.hash}`, locale);
}

/** Links to this same page in the other languages, each named in its own language. */
export function LanguageSwitch({
  className = "",
  linkClassName = "nav-link",
}: {
  className?: string;
  /** The links' look: the navigation's by default. */
  linkClassName?: string;
}) {
  const { t, locale } = useLocale();
  const samePageIn = useSamePageIn();
  return (
    <ul aria-label={t("language.switchLabel")} className={`flex gap-3 ${className}`}>
      {locales
        .filter((other) => other !== locale)
        .map((other) => (
          <li key={other}>
            <a
              href={samePageIn(other)}
              hrefLang={other}
              lang={other}
              className={linkClassName}
              onClick={() => rememberChoice(other)}
            >
              {localeNames[other]}
            </a>
          </li>
        ))}
    </ul>
  );
}

/**
 * Offers the other language, never switches by itself: to a first-time visitor whose browser
 * prefers it, or to one who chose it before. Decided in the browser once it is idle after
 * hydration, so the server's HTML is the same for everyone. Dismissing it remembers the current
 * language.
 */
export function LanguageOffer() {
  const { t, locale } = useLocale();
  const samePageIn = useSamePageIn();
  const [offered, setOffered] = useState<Locale | null>(null);

  useEffect(
    () =>
      whenIdle(() => {
        const wanted = rememberedChoice() ?? browserChoice();
        setOffered(wanted && wanted !== locale ? wanted : null);
      }),
    [locale],
  );

  if (!offered) return null;
  return (
    <aside aria-label={localeNames[offered]} lang={offered} className="language-offer">
      <p>
        {t("language.offer")}{" "}
        <a
          href={samePageIn(offered)}
          hrefLang={offered}
          className="link font-semibold"
          onClick={() => rememberChoice(offered)}
        >
          {t("language.offerLink")}
        </a>
      </p>
      <button
        type="button"
        className="icon-button"
        aria-label={t("language.dismiss")}
        onClick={() => {
          rememberChoice(locale);
          setOffered(null);
        }}
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </aside>
  );
}
