// Per-page head tags (docs/product.md section 2). The public pages' values live in shared/seo.ts,
// which the server also uses to write them into index.html; this hook keeps them current
// while the visitor navigates. A tiny hook instead of a head-manager library.
import { useEffect } from "react";
import { fullTitle, headTags, type PageMeta } from "@shared/seo";

export type { PageMeta };

function setMeta(attribute: "name" | "property", key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attribute, key);
    document.head.appendChild(el);
  }
  el.setAttribute("content", content);
}

export function usePageMeta(meta: PageMeta) {
  const { title, description, keywords = [], path, noIndex = false } = meta;
  useEffect(() => {
    const page: PageMeta = { title, description, keywords, path, noIndex };
    document.title = fullTitle(title);
    let canonical: string | null = null;
    for (const tag of headTags(page, window.location.origin)) {
      if (tag.kind === "meta") setMeta(tag.attribute, tag.key, tag.content);
      else canonical = tag.href;
    }
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (canonical === null) link?.remove();
    else {
      link ??= document.head.appendChild(Object.assign(document.createElement("link"), { rel: "canonical" }));
      link.href = canonical;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keywords compared by value: a new array with the same words changes nothing
  }, [title, description, keywords.join(","), path, noIndex]);
}

/**
 * Structured data as a <script type="application/ld+json"> built through the DOM. Data
 * blocks are never executed, so the Content-Security-Policy (no inline scripts) allows them.
 * The server may have written the same block (same id) into index.html: it is replaced.
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
