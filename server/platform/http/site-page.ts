// The frame of every page the server renders itself (the public profiles, the suburb listings, the
// one-line notices a text message's link opens): head, style, footer, and whether search engines
// index it (docs/decisions/060-public-profiles.md). Every text goes through escapeHtml.
import { PRODUCT_NAME } from "../../../shared/site";
import { escapeHtml as e, jsonForScript } from "./html";

const STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
header,main,footer{max-width:56rem;margin:0 auto;padding:1rem}header a{font-weight:700;color:#0f172a;text-decoration:none}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0;overflow-wrap:anywhere}h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem;margin:.75rem 0;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem;margin:0}dt{color:#475569}dd{margin:0}
.stars{color:#b45309;font-weight:700}.bar{display:grid;grid-template-columns:3.5rem 1fr 3rem;gap:.5rem;align-items:center}
.bar span:nth-child(2){background:#e2e8f0;border-radius:9999px;height:.5rem;overflow:hidden}.bar i{display:block;height:100%;background:#f59e0b}
.reply{border-left:3px solid #cbd5e1;padding-left:.75rem;margin-top:.5rem;color:#334155}.muted{color:#64748b;font-size:.875rem}
.expired{color:#b91c1c;font-weight:700}.current{color:#15803d;font-weight:700}nav.pages a{margin-right:1rem}
a.cta{display:inline-block;background:#1d4ed8;color:#fff;padding:.6rem 1rem;border-radius:.5rem;text-decoration:none;font-weight:600}
ol{list-style:none;padding:0}summary{cursor:pointer;color:#1d4ed8;font-weight:600;padding:.6rem 0}`;

interface Head {
  title: string;
  description: string;
  /** A page for search engines has one; a private notice has none and is not indexed. */
  canonical: string | null;
  jsonLd?: object;
}

const meta = (attr: string, key: string, content: string) => `<meta ${attr}="${key}" content="${e(content)}">`;

/** What a page for search engines adds to its head: its canonical address and Open Graph. */
const indexed = (title: string, description: string, canonical: string) => `${meta("name", "robots", "index, follow")}
<link rel="canonical" href="${e(canonical)}">
${meta("property", "og:type", "website")}
${meta("property", "og:site_name", PRODUCT_NAME)}
${meta("property", "og:locale", "en_AU")}
${meta("property", "og:title", title)}
${meta("property", "og:description", description)}
${meta("property", "og:url", canonical)}
${meta("name", "twitter:card", "summary")}`;

export function page(head: Head, body: string) {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(head.title)}</title>
${meta("name", "description", head.description)}
${head.canonical === null ? meta("name", "robots", "noindex") : indexed(head.title, head.description, head.canonical)}
${head.jsonLd ? `<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>\n` : ""}<style>${STYLE}</style>
</head>
<body>
<header><a href="/">${e(PRODUCT_NAME)}</a></header>
<main>
${body}
</main>
<footer class="muted"><a href="/get-quote">Get a free quote</a> · <a href="/for-providers">For electricians</a> · <a href="/privacy-policy">Privacy</a></footer>
</body>
</html>
`;
}

/** A one-line answer to a link tapped in a text message (the review invitation's opt-out): the site's frame, never indexed. */
export const noticeHtml = (heading: string, text: string) =>
  page({ title: `${heading} - ${PRODUCT_NAME}`, description: text, canonical: null }, `<h1>${e(heading)}</h1>\n<p class="card">${e(text)}</p>`);
