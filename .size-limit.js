// `npm run size` (and CI): the gzipped JavaScript each landing page loads before it runs: the
// entry, the app and the page's own chunks (scripts/page-chunks.mjs). The aim is 100 KB a landing
// page and 150 KB for the dashboard's first load (docs/decisions/028); all four are under it since
// Preact runs the app (docs/decisions/129-preact-runs-the-app.md). Each limit sits just above the
// page's figure, so any growth fails CI; raising one needs a decision note.
import path from "node:path";
import { CLIENT_DIR, LANDING_PAGES, pageFiles, readManifest } from "./scripts/page-chunks.mjs";

/**
 * kB of 1,000 bytes, as size-limit reads and prints them. /get-quote went from 140.7 to 142.9
 * with real customers (docs/decisions/034: the mobile-code step, the access-notes field and the current Places API
 * client in the wizard), and to 143.7 with its steps in the browser's history and its answers
 * kept on the device (docs/decisions/036). / and /login lost 1 kB when the shared formatters
 * became tree-shakeable, and their limits came down with them. The customer's job pages
 * (docs/decisions/047) load only on their own routes; their two entries in the app's route
 * table and the token kept out of analytics took / from 123.25 to 123.51 (limit 123.6), and
 * /get-quote from 143.68 to 144.19 (144.22 merged with main's outbox work; limit 144.3) with
 * the privacy notice before the send button and the job link handed to the success page.
 * Photos on the wizard's first step (docs/decisions/050-photos.md, "Screens") took /get-quote
 * from 144.23 to 144.59 kB (limit 144.6): the picker, its uploads and its draft load after the
 * page is live, in chunks of their own; the page carries their placeholder (a grey row), the lazy loader,
 * the wait for uploads at the send, and the names of the chunks it preloads with them.
 * The after-sale screens (docs/decisions/049) split three more shared chunks (a confirm dialog,
 * the job page's after-sale words, an icon) out of the lazy pages: their names in the app
 * chunk's preload map took / to 123.61 and /get-quote to 144.65 kB (limits 123.7 and 144.7).
 * Quotes and invoices (docs/decisions/054-quote-and-invoice-screens.md): the policy's new rule
 * for who changes the business details (+49 B in the policy chunk every page loads) and the names
 * of two chunks the dashboard and the job page now share (the document lines, the ABN rule) in the
 * route table took / to 123.70 and /get-quote to 144.73 kB (limits 123.8 and 144.8); the screens
 * themselves load with the dashboard's and the job page's own chunks.
 * Reviews (docs/decisions/058-reviews.md, 062-review-screens.md): the /reviews-policy route, the
 * reply rule in the policy chunk and the review chunks' names in the route table took the reviews
 * branch alone to 123.84, 145.10 and 130.80 kB; with the review screens (which share no icon with a
 * landing page, so none leaves its chunk) and the public profiles merged, / is 123.80, /get-quote
 * 145.04 and /login 130.73 kB (limits 123.9, 145.1 and 130.8).
 * Auto-buy's screens (docs/decisions/065-auto-buy-screens.md) load with their own tab, but the
 * chunks the tab shares with the dashboard (the badge, the card, the confirm dialog, an icon,
 * pricing, ids and the orders' query) left the dashboard's chunk, and their names in the route
 * table, with the address field's suburb-only picks (+30 B), took / from 123.80 to 123.97, /get-quote
 * from 145.03 to 145.22 and /login from 130.73 to 130.89 kB (limits 124.0, 145.3 and 130.9). The
 * tab reads the bank's return through wouter, as the pages do: without it the lazy tab split
 * wouter out of the shared api chunk, another 0.3 kB on every landing page.
 * With the price tape (docs/decisions/066-price-tape.md: the public /lead-prices route) and the
 * Insights tab (067) merged beside auto-buy, their chunk names in the route table took / to 124.04,
 * /get-quote to 145.28 and /login to 130.94 kB (limits 124.1, 145.3 and 131.0). Auto-buy's words
 * left its schemas' module for one of their own, and the policy table holds its one refusal:
 * otherwise the policy chunk every page loads pulled Zod in (+26.7 kB on each landing page).
 * Real calendar days in the wizard's date check (docs/decisions/075: one parser in shared/ instead
 * of a regex and Date.parse, which let 30 February through) and a team member's optional mobile
 * in the account schemas (073) took / to 124.11, /get-quote to 145.38 and /login to 131.03 kB
 * (limits 124.2, 145.4 and 131.1).
 *
 * 44 px tap targets in the header, footer and logo that every page carries, a dialog that clears
 * the last step's notices as it opens, and Find my request in the header and the footer with the
 * footer's links by role (docs/decisions/079) took / to 124.20, /get-quote to 145.47 and /login
 * to 131.03 kB (limits 124.3, 145.5 and 131.1).
 *
 * The signed-in hint read before asking who is signed in, and the promise's minutes in the public
 * config (docs/decisions/086-one-promise-one-address-quiet-sign-out.md), took / to 124.39 and
 * /login to 131.22 kB; with the wizard's "Wrong number? Change it", its note, the withdrawal of
 * the mistyped request and the address asked once, /get-quote went to 146.33 kB (limits 124.4,
 * 146.4 and 131.3). The promise's own clock code stays in the success page's and the job page's
 * chunks: the wizard and the config write out its two constants, with tests keeping them equal.
 *
 * Lead spend private from the team (docs/decisions/087-lead-spend-private-from-the-team.md: the
 * policy's new rule and its refusal in the policy chunk every page loads) took / to 124.50,
 * /get-quote to 146.44 and /login to 131.33 kB; one list of each choice in shared/ (088) took them
 * to 124.56, 146.49 and 131.40 kB (limits 124.6, 146.5 and 131.5). Each measured by building the
 * commit alone. The wizard closing a mistyped request before it sends the corrected one, and only
 * while unsold, with the close's two answers it tells apart (086) took /get-quote to 146.81 kB
 * (limit 146.9).
 *
 * The first screens the server renders (docs/decisions/092-first-screen-from-the-server.md): the
 * app, when it starts over one, loads the answers it was rendered from (a chunk of its own, which
 * landing pages never load), but its name in the preload map, the check for the screen and the
 * one constant they share took / to 124.92, /get-quote to 147.16 and /login to 131.78 kB (limits
 * 125.0, 147.2 and 131.8), measured beside that commit's parent in the same build. The dashboard
 * (its first load: the entry, the app and the dashboard's chunks) has a budget of its own from
 * then, at its figure (267.0 kB, limit 267.1), 150 kB being the aim. A disputed purchase on its
 * card and a customer's payment that did not go through (docs/decisions/093-disputes.md) took it
 * to 267.64 kB (limit 267.7). A customer's disputed payment on the card's payment line, with what
 * goes to the bank in a dialog (docs/decisions/094-dispute-evidence.md), took it to 268.65 kB
 * (limit 268.7); loading that dialog lazily cost every landing page about 0.9 kB instead (the new
 * chunk's name and the ones it split off in the route table), so it loads with the card. The same
 * change moved /login's figure by 4 B (chunk names in the route table): 131.81 kB (limit 131.81).
 * Booking windows on the card (docs/decisions/102-booking-windows.md: the "Times for the customer"
 * section, its offer and cancel dialogs and the window rules they check as a person types) took it
 * from 268.65 to 273.85 kB (limit 273.9; 0.10 kB of it the job page's booking schema in
 * shared/jobs.ts, which the dashboard reads), each measured in the same run. Loading the
 * dialogs lazily was tried and measured: the dashboard went to 274.57 kB and every landing page up
 * by 0.4 kB (the split chunks' names in the route table), so they load with the card, as decision
 * 094's dialog does. The landing pages did not move. The test record on the card
 * (docs/decisions/103-test-records.md: the "Test results" section, its readings with their marks
 * as typed and the shared limits they are checked against) took it to 281.01 kB with the card sections named by their jobs (limit 281.1);
 * the landing pages did not move. The paperwork on the card (docs/decisions/105-paperwork-on-the-card.md:
 * the "Paperwork" section, its documents, fields to copy, the completed form's upload and send, the
 * board's "Paperwork due" filter and the documents' rules it reads) took it from 281.01 to 288.18 kB;
 * its open section loaded lazily was measured at 287.69 kB with every landing page 0.4 kB up (the
 * route table again), so it loads with the card. Meter photos (106) add 0.57 kB (their own chunk
 * loads when Test results opens): 288.79 kB (limit 288.85). Landing pages: no paperwork module
 * loads on one (checked chunk by chunk against the commit before); the app chunk's exports and
 * the route table's chunk names moved /get-quote to 147.21-147.22 and /login to 131.815-131.82 kB
 * across this change's builds (limits 147.23 and 131.83).
 * Clock offsets kept per zone and quarter hour (docs/decisions/108-a-sale-in-fewer-statements.md,
 * "Kept clock offsets"): a sale's contact promise and quiet hours asked Intl 7 times a day of the
 * promise, 85 µs a sale; the kept offsets take 5 µs. shared/state-time.ts, which the dashboard
 * reads for the promise on each card, grew by their cache: 288.80 to 288.91 kB (limit 288.95).
 * No landing page loads it; they did not move. A job's other times on the cards (bought, paid,
 * let go; asked, on the market's cards) moved from Sydney's clock to the lead's state's, with
 * " WA time" when the phone keeps another clock (client/src/lib/lead-clock.ts, as the promise
 * already was): 288.93 to 288.99 kB, and 289.02 with the promise's icon kept on the line of its
 * words; the label only when the phone's clock shows another time (not another zone's name) and the
 * state is one we know, 289.09 kB (limit 289.15). The landing pages did not move.
 * A page being left does not reload (docs/decisions/111-a-page-being-left-does-not-reload.md):
 * the app's chunk loader reads the mark the early-input script sets before it stops the page's
 * downloads for a form the server answers, else a sign-in sent while the page's chunk was on its
 * way was lost to a reload. About 30 B in the app chunk every landing page loads: / 124.97 to
 * 124.99, /get-quote 147.23 to 147.25 and /login 131.82 to 131.84 kB (limits 125.0, 147.26 and 131.85).
 * The wizard's columns kept to the page's width (minmax(0, 1fr): a touch phone's two photo buttons
 * had widened the card past a 360 px screen) and its shorter address example: /get-quote 147.26 kB
 * (limit unchanged).
 * The dashboard's first load (docs/decisions/113-the-dashboards-first-load.md): the stage cards, the
 * purchase history, the job editor, the Insights tab and the menu's dialogs load when first shown,
 * 289.11 to 223.21 kB; TanStack Query and wouter kept in one chunk (vite.config.ts), which the new
 * lazy chunks had split into four, 220.69 kB, and every landing page 0.57 kB down from where it was:
 * / 124.42, /get-quote 146.69 and /login 131.28 kB (limits 124.45, 146.72, 131.31 and 220.72).
 * The purchase confirmation's buyer details in state (docs/decisions/115-the-buyer-form-in-state.md):
 * react-hook-form and its Zod resolver left the dashboard's first load, 220.69 to 205.79 kB, and
 * 205.93 kB with the fields checked again as they are typed after a wrong Buy (limit 205.96); the
 * landing pages did not move. The app taking a page over where the person has scrolled it
 * (docs/decisions/116-the-app-takes-over-where-the-person-scrolled.md): / 124.43, /get-quote
 * 146.73, /login 131.30 and the dashboard 205.95 kB (the /get-quote limit raised from 146.72 to
 * 146.75, as that note says).
 * Zod out of the dashboard's first load (docs/decisions/118-zod-out-of-the-dashboards-first-load.md):
 * the constants and rules its first screen reads moved to shared modules without schemas, the URL's
 * filters are read against the same lists, and the buyer form's schema loads when a confirmation
 * opens: 205.95 to 173.30 kB (limit 173.35); the landing pages did not move. Its review kept a Buy that
 * waits for the schema from going on after the dialog closed, and Apply disabled meanwhile: 173.41 kB
 * (limit 173.45); the new chunks' hashed names in the route table's preload map, which every page
 * loads, took /login to 131,311 B, one byte over its limit (raised to 131.32 kB, as decision 118 says).
 * Class merging for the utilities we write (docs/decisions/120-class-merge-for-our-utilities.md):
 * tailwind-merge's table of every Tailwind utility left every page, ours (2.9 kB) came in: / 118.66,
 * /get-quote 140.95, /login 125.56 and the dashboard 167.67 kB. Sign-in without a form library
 * (docs/decisions/121-sign-in-without-a-form-library.md): /login 112.11 kB, and the others 0.07-0.08
 * kB up with the new chunk's name in the route table: / 118.73, /get-quote 141.03 and the dashboard
 * 167.74 kB (limits 118.78, 141.08, 112.15 and 167.78). On the last reading of that change: merged
 * class lists kept by what was asked (a list cost about 11 µs at every render; 0.02 µs kept), and
 * the forms' load-once and first-message helpers in one module (client/src/lib/form-check.ts)
 * instead of twins in three, a chunk of its own: / 118.79, /get-quote 141.24, /login 112.27 and the
 * dashboard 167.92 kB (limits 118.8, 141.28, 112.3 and 167.95), as decision 120 says.
 * Logout holds the polls while the session ends (client/src/lib/auth.ts: a job awaiting its
 * customer polled between the server's sign-out and the page's, and got a 401): / 118,806,
 * /get-quote 141,276, /login 112,300 and the dashboard 167,950 B; the limit of / raised to 118.81 kB.
 * Preact in place of React DOM (docs/decisions/129-preact-runs-the-app.md), the code still React's:
 * / 59.90, /get-quote 82.21, /login 53.32 and the dashboard 108.46 kB (limits 59.95, 82.25, 53.35
 * and 108.5), all under the aims of 100 and 150 kB.
 * Taps held before the app (docs/decisions/036, "a tap on Open menu"): the mark on the header's
 * menu button and on the cards' More details took / to 59.92, /get-quote to 82.23, /login to 53.35
 * and the dashboard to 108.51 kB, 5 B over its limit (raised to 108.55 kB).
 */
const LIMITS = { "/": "59.95 kB", "/get-quote": "82.25 kB", "/login": "53.35 kB" };
/** The signed-in dashboard's first load (docs/decisions/092-first-screen-from-the-server.md). */
const DASHBOARD = { path: "/dashboard", module: "src/app/pages/DashboardPage.tsx", limit: "108.55 kB" };

const manifest = readManifest();

export default [...LANDING_PAGES.map((page) => ({ ...page, limit: LIMITS[page.path] })), DASHBOARD].map((page) => ({
  name: `JavaScript for ${page.path}`,
  path: pageFiles(manifest, page.module).map((file) => path.join(CLIENT_DIR, file)),
  gzip: true,
  limit: page.limit,
}));
