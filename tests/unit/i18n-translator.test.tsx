/**
 * The in-house translator (docs/decisions/116-in-house-translator.md) against the real catalogs:
 * lookup, interpolation, missing keys, and catalog messages with markup rendered the way the server
 * renders pages.
 */
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { catalogs, serverT } from "#app/i18n/catalogs.server";
import type { Locale } from "#app/i18n/locales";
import {
  createI18n,
  I18nProvider,
  type MessageKey,
  RichMessage,
  translatorFor,
  useLocale,
} from "#app/i18n/translator";

function render(locale: Locale, children: ReactNode) {
  return renderToStaticMarkup(
    <I18nProvider i18n={createI18n(locale, catalogs[locale])}>{children}</I18nProvider>,
  );
}

describe("t", () => {
  const t = serverT("en");

  test("puts values in every placeholder, numbers included", () => {
    expect(t("footer.copyright", { year: 2026, org: "Houston Home Foundation" })).toBe(
      "© 2026 Houston Home Foundation. All rights reserved.",
    );
    expect(t("site.titleSuffix", { title: "About" })).toBe("About - Houston Home Foundation");
  });

  test("reads keys nested at any depth", () => {
    expect(t("nav.home")).toBe(catalogs.en.nav.home);
    expect(t("receipt.statement.mailSubject", { year: 2025, org: "HHF" })).toBe(
      "Your 2025 giving statement from HHF",
    );
    // Plain t() leaves markup as text; only <RichMessage> reads tags.
    expect(t("privacy.collect.newsletter")).toBe(
      "<strong>Newsletter sign-up:</strong> your first name and e-mail address.",
    );
  });

  test("a missing key, or one naming a group of messages, gives the key back", () => {
    expect(t("nav.hom" as MessageKey)).toBe("nav.hom");
    expect(t("nav" as MessageKey)).toBe("nav");
    expect(t("nav.home.deeper" as MessageKey)).toBe("nav.home.deeper");
    expect(t("toString" as MessageKey)).toBe("toString");
  });

  test("a misspelled key is a type error", () => {
    // @ts-expect-error "nav.hom" is not a key of the catalogs
    expect(t("nav.hom")).toBe("nav.hom");
  });

  test("values go in as they are, never read as placeholders or markup", () => {
    expect(t("site.titleSuffix", { title: "{{title}} <b>&amp;" })).toBe(
      "{{title}} <b>&amp; - Houston Home Foundation",
    );
  });

  test("a placeholder without a value stays visible", () => {
    expect(t("site.titleSuffix")).toBe("{{title}} - Houston Home Foundation");
    expect(t("footer.copyright", { year: 2026 })).toBe("© 2026 {{org}}. All rights reserved.");
  });

  test("Spanish comes from the Spanish catalog", () => {
    const es = serverT("es");
    expect(es("footer.copyright", { year: 2026, org: "HHF" })).toBe(
      "© 2026 HHF. Todos los derechos reservados.",
    );
    expect(es("nav.home")).toBe(catalogs.es.nav.home);
    expect(es("nav.home")).not.toBe(t("nav.home"));
  });

  test("one translator per catalog object, so route meta does not rebuild it", () => {
    expect(translatorFor("en", catalogs.en)).toBe(translatorFor("en", catalogs.en));
    expect(translatorFor("es", catalogs.es)).not.toBe(translatorFor("en", catalogs.en));
  });
});

/** Shows what useLocale() gives. */
function Probe() {
  const { t, locale, href, formatNumber } = useLocale();
  return (
    <a href={href("/about")} data-locale={locale}>
      {t("nav.home")} {formatNumber(15000)}
    </a>
  );
}

describe("useLocale", () => {
  test("gives the provider's locale, translator and localized paths", () => {
    expect(render("es", <Probe />)).toBe(
      `<a href="/es/about" data-locale="es">${catalogs.es.nav.home} 15,000</a>`,
    );
    expect(render("en", <Probe />)).toBe(
      `<a href="/about" data-locale="en">${catalogs.en.nav.home} 15,000</a>`,
    );
  });

  test("outside a provider it fails loudly instead of showing keys", () => {
    expect(() => renderToStaticMarkup(<Probe />)).toThrow(/I18nProvider/);
  });
});

describe("RichMessage", () => {
  test("maps each tag to its element, with the tag's text and the values inside", () => {
    const html = render(
      "en",
      <RichMessage
        messageKey="unsubscribe.doneHelp"
        values={{ email: "ana@example.org" }}
        components={{
          strong: <strong />,
          a: (
            <a href="/home" className="link">
              home
            </a>
          ),
        }}
      />,
    );
    expect(html).toBe(
      "We will no longer send newsletter e-mails to <strong>ana@example.org</strong>. " +
        'You can subscribe again at any time on our <a href="/home" class="link">home page</a>.',
    );
  });

  test("an element's own children are replaced by the tag's text", () => {
    const html = render(
      "es",
      <RichMessage
        messageKey="privacy.choices.text"
        values={{ email: "info@example.org" }}
        components={{ email: <a href="mailto:info@example.org">placeholder</a> }}
      />,
    );
    expect(html).toContain(
      'Escríbanos a <a href="mailto:info@example.org">info@example.org</a> y le responderemos',
    );
    expect(html).not.toContain("placeholder");
  });

  test("a tag without an element shows its text, without the tag", () => {
    expect(render("en", <RichMessage messageKey="about.funds" />)).toBe(
      "100% of funds go to our programs. Every public donation pays for shelter, meals and " +
        "services, never for overhead.",
    );
  });

  test("a value is text: markup in it is escaped, not turned into elements", () => {
    const html = render(
      "en",
      <RichMessage
        messageKey="unsubscribe.confirm"
        values={{ email: "<strong>x</strong>@example.org" }}
        components={{ strong: <strong /> }}
      />,
    );
    expect(html).toBe(
      "Stop receiving our newsletter at <strong>&lt;strong&gt;x&lt;/strong&gt;@example.org</strong>?",
    );
  });

  test("renders the Spanish catalog's message in Spanish", () => {
    const html = render(
      "es",
      <RichMessage
        messageKey="manage.monthlyLine"
        values={{ amount: "$25.00", since: "24 de abril de 2025" }}
        components={{ strong: <strong /> }}
      />,
    );
    expect(html).toBe("<strong>$25.00 al mes</strong>, desde el 24 de abril de 2025");
  });

  test("a missing key shows the key", () => {
    expect(render("en", <RichMessage messageKey={"about.fund" as MessageKey} />)).toBe(
      "about.fund",
    );
  });
});
