import { createHash, randomBytes } from "node:crypto";
import * as clock from "#app/lib/clock.server";
import { quickEncodings, recompress } from "./compression";
import type { CachedPage } from "./page";
import { cacheablePages, dynamicPageTopics, type PageTopic, pageExpiry, pathOfKey } from "./policy";
import { inlineScriptHashes } from "./script-hashes";

/**
 * The in-memory store of the anonymous page cache (docs/decisions/101-anonymous-page-cache.md):
 * each cacheable page is rendered once for visitors without cookies, compressed once and held
 * until it expires or a change to a topic it shows (library items, services, every page) drops it. Concurrent visitors of a
 * page share one render, and a render overtaken by an invalidation is never kept.
 */

export interface RenderedPage {
  status: number;
  contentType: string;
  setsCookie: boolean;
  body: Buffer;
}

export interface PageCacheOptions {
  /** Renders `path` for a visitor without cookies, its scripts carrying `nonce`. */
  render(path: string, nonce: string): Promise<RenderedPage>;
  launchAt(): string;
  now?: () => Date;
  /** The cacheable paths and their topics; the site's public pages (cacheablePages) by default. */
  pages?: Map<string, readonly PageTopic[]>;
  /**
   * Moments (ms) when a page showing `topics`, rendered at `now`, stops being right by itself:
   * the finder's next change of an opening status. Asked before each render.
   */
  expiryMoments?(topics: readonly PageTopic[], now: Date): Promise<number[]>;
  /** Moments when every page stops being right: a weather banner starts or ends (server/weather.ts). */
  everyPageMoments?(now: Date): Promise<number[]>;
  /**
   * Told of every invalidation, from this process or another, before the next render: what the
   * app keeps in memory for its pages is dropped with them.
   */
  onInvalidate?(topic: PageTopic): void;
}

/**
 * The most pages kept per query (server/page-cache/policy.ts, KEPT_PER_QUERY), the oldest render
 * going first: a visitor inventing search terms only evicts and never grows memory.
 */
export const MAX_QUERY_PAGES = 100;

/**
 * How many searches asked only once the store remembers, newest kept, so that a search asked again
 * is kept from its second visitor on (`get`). A key is about a hundred bytes: some 100 KB at most.
 */
export const MAX_ASKED_ONCE = 1000;

export class PageCache {
  private readonly pages = new Map<string, Promise<CachedPage | null>>();
  /** The pages whose render has finished, for answers that do not wait (`answerFromPageCache`). */
  private readonly ready = new Map<string, CachedPage>();
  /** The keys of pages kept per query, oldest render first. */
  private readonly queryKeys = new Set<string>();
  /** Searches asked once and not kept, oldest first (MAX_ASKED_ONCE). */
  private readonly askedOnce = new Set<string>();
  private readonly cacheable: Map<string, readonly PageTopic[]>;
  /** Bumped by every invalidation of a topic, so a render that was under way is not kept. */
  private readonly generations = new Map<PageTopic, number>();
  private readonly now: () => Date;
  /** Each page's background recompression to its smallest brotli. */
  private readonly smallest = new WeakMap<CachedPage, Promise<void>>();
  /** Off while pages could not be invalidated everywhere (Redis not subscribed). */
  private enabled = true;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => clock.now());
    this.cacheable = options.pages ?? cacheablePages();
  }

  /** The topics of a cacheable page: one of the listed pages, or a fundraiser page. */
  private topicsOf(path: string): readonly PageTopic[] | undefined {
    return this.cacheable.get(path) ?? dynamicPageTopics(path);
  }

  isCacheable(path: string): boolean {
    return this.enabled && this.topicsOf(pathOfKey(path)) !== undefined;
  }

  /** Switching off drops every page: nothing held while off could be trusted afterwards. */
  setEnabled(enabled: boolean) {
    this.enabled = enabled;
    if (!enabled) {
      this.pages.clear();
      this.ready.clear();
      this.queryKeys.clear();
      this.askedOnce.clear();
    }
  }

  /** The page for `path` if it is rendered and fresh now, without waiting for anything. */
  peek(path: string): CachedPage | undefined {
    if (!this.enabled) return undefined;
    const page = this.ready.get(path);
    return page && page.expiresAt > this.now().getTime() ? page : undefined;
  }

  /**
   * The page for `path`, rendered now if it is not cached or has expired; null if not cacheable,
   * and for a search asked for the first time lately: the framework renders that one for its
   * visitor alone. Keeping a page costs its compressions, the smallest brotli hundreds of
   * milliseconds of a processor, which a search nobody repeats never repays; a rush after the same
   * words is kept from its second visitor on (docs/decisions/242-search-pages-in-the-page-cache.md).
   */
  async get(path: string): Promise<CachedPage | null> {
    const topics = this.topicsOf(pathOfKey(path));
    if (!topics || !this.enabled) return null;
    if (path.includes("?") && !this.pages.has(path) && this.firstAsk(path)) return null;
    const cached = this.pages.get(path);
    if (cached) {
      const page = await cached;
      if (page && page.expiresAt > this.now().getTime()) return page;
      // An expired page, or a failed render, is replaced once by whoever comes next.
      if (this.pages.get(path) === cached) this.drop(path);
    }
    const pending = this.pages.get(path);
    if (pending) return pending;
    const render = this.renderAndCompress(path, topics);
    this.pages.set(path, render);
    if (path.includes("?")) this.keepQueryPage(path);
    const page = await render;
    // Still the current render (not invalidated or switched off meanwhile): kept, or dropped.
    if (this.pages.get(path) === render) {
      if (page) this.ready.set(path, page);
      else this.drop(path);
    }
    return page;
  }

  /**
   * Drops every page that shows `topic` (every page for "every-page"), including renders still
   * under way.
   */
  invalidate(topic: PageTopic) {
    this.options.onInvalidate?.(topic);
    this.generations.set(topic, (this.generations.get(topic) ?? 0) + 1);
    // Every key held, the low-data copies too (server/page-cache/policy.ts, variantKey).
    for (const key of new Set([...this.pages.keys(), ...this.ready.keys()])) {
      const topics = this.topicsOf(pathOfKey(key)) ?? [];
      if (topic === "every-page" || topics.includes(topic)) this.drop(key);
    }
  }

  private drop(key: string) {
    this.pages.delete(key);
    this.ready.delete(key);
    this.queryKeys.delete(key);
  }

  /** True the first time lately a search is asked for (it is then remembered), false after. */
  private firstAsk(key: string): boolean {
    if (this.askedOnce.delete(key)) return false;
    this.askedOnce.add(key);
    for (const oldest of this.askedOnce) {
      if (this.askedOnce.size <= MAX_ASKED_ONCE) break;
      this.askedOnce.delete(oldest);
    }
    return true;
  }

  /** Counts a page kept per query, dropping the oldest beyond MAX_QUERY_PAGES. */
  private keepQueryPage(key: string) {
    this.queryKeys.delete(key);
    this.queryKeys.add(key);
    for (const oldest of this.queryKeys) {
      if (this.queryKeys.size <= MAX_QUERY_PAGES) break;
      this.drop(oldest);
    }
  }

  /** The number of pages held, for the bench and tests. */
  get size(): number {
    return this.pages.size;
  }

  private async renderAndCompress(
    path: string,
    pageTopics: readonly PageTopic[],
  ): Promise<CachedPage | null> {
    const topics: readonly PageTopic[] = [...pageTopics, "every-page"];
    const generationsAtStart = topics.map((topic) => this.generations.get(topic) ?? 0);
    const renderedAt = this.now();
    // Asked before rendering, so a status that changes during the render is not missed.
    const moments = [
      ...(pageTopics.length
        ? ((await this.options.expiryMoments?.(pageTopics, renderedAt)) ?? [])
        : []),
      ...((await this.options.everyPageMoments?.(renderedAt)) ?? []),
    ];
    // The renderer puts a nonce on every script; a cached answer's policy names hashes instead,
    // so this one is thrown away and never allows anything.
    const rendered = await this.options.render(path, randomBytes(16).toString("base64"));
    // Only a plain, successful page that leaves no cookie behind is the same for everyone.
    if (rendered.status !== 200 || rendered.setsCookie) return null;
    if (!rendered.contentType.startsWith("text/html")) return null;
    // The visitors waiting for this render get a quick brotli; for a page without a query the
    // smallest one replaces it in the background (docs/decisions/103-server-memory-and-start.md).
    const [br, gzipped] = await quickEncodings(rendered.body);
    // Changed while rendering: this copy may already be out of date.
    if (
      topics.some(
        (topic, index) => (this.generations.get(topic) ?? 0) !== generationsAtStart[index],
      )
    ) {
      return null;
    }
    const hash = createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27);
    const page: CachedPage = {
      identity: rendered.body,
      br,
      gzip: gzipped,
      etag: `W/"${hash}"`,
      contentType: rendered.contentType,
      scriptHashes: inlineScriptHashes(rendered.body),
      expiresAt: pageExpiry(renderedAt, this.options.launchAt(), moments),
    };
    // A search keeps its quick brotli: 10% larger, where the smallest costs 75 ms of a processor
    // for each new word kept (docs/decisions/242-search-pages-in-the-page-cache.md).
    if (!path.includes("?")) this.smallest.set(page, recompress(page));
    return page;
  }

  /** Resolves once every page's smallest encoding is in place (tests). */
  async settled(): Promise<void> {
    const pages = await Promise.all(this.pages.values());
    await Promise.all(pages.map((page) => (page ? this.smallest.get(page) : undefined)));
  }
}
