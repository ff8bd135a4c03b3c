// Per-page head tags (SPEC.md section 2: "Public pages set title, description, keywords,
// canonical link and social-share tags"). A tiny hook instead of a head-manager library.
import { useEffect } from "react";
import { PRODUCT_NAME } from "@shared/site";

export interface PageMeta {
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the canonical URL, e.g. "/get-quote" (no query string). */
  path: string;
  /** Set for pages that should not be indexed (the quote confirmation). */
  noIndex?: boolean;
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attribute, value);
}

function setMeta(key: "name" | "property", name: string, content: string) {
  upsert(
    `meta[${key}="${name}"]`,
    () => {
      const el = document.createElement("meta");
      el.setAttribute(key, name);
      return el;
    },
    "content",
    content,
  );
}

export function usePageMeta({ title, description, keywords = [], path, noIndex = false }: PageMeta) {
  useEffect(() => {
    const fullTitle = title.includes(PRODUCT_NAME) ? title : `${title} | ${PRODUCT_NAME}`;
    const url = window.location.origin + path;
    document.title = fullTitle;
    setMeta("name", "description", description);
    setMeta("name", "keywords", keywords.join(", "));
    setMeta("name", "robots", noIndex ? "noindex, follow" : "index, follow");
    upsert('link[rel="canonical"]', () => Object.assign(document.createElement("link"), { rel: "canonical" }), "href", url);
    setMeta("property", "og:type", "website");
    setMeta("property", "og:site_name", PRODUCT_NAME);
    setMeta("property", "og:locale", "en_AU");
    setMeta("property", "og:title", fullTitle);
    setMeta("property", "og:description", description);
    setMeta("property", "og:url", url);
    setMeta("name", "twitter:card", "summary");
    setMeta("name", "twitter:title", fullTitle);
    setMeta("name", "twitter:description", description);
  }, [title, description, keywords.join(","), path, noIndex]);
}

/**
 * Structured data as a <script type="application/ld+json"> built through the DOM. Data
 * blocks are never executed, so the Content-Security-Policy (no inline scripts) allows them.
 */
export function useJsonLd(id: string, data: object) {
  const json = JSON.stringify(data);
  useEffect(() => {
    const script = document.createElement("script");
    script.type = "application/ld+json";
    script.id = id;
    script.textContent = json;
    document.getElementById(id)?.remove();
    document.head.appendChild(script);
    return () => script.remove();
  }, [id, json]);
}
