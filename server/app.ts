// createApp({ database, config }): middleware, routes and errors. Tests build apps with it.
import { randomUUID } from "node:crypto";
import express, { type Express, type Router } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { Config } from "./platform/config";
import type { Database } from "./platform/db/client";
import { marketEventsFor } from "./platform/events";
import { healthRoutes, readinessRoutes } from "./features/health";
import { createMetrics, metricsRoute, registerPoolMetrics, requestTimer } from "./platform/metrics";
import { migrationsHead } from "./platform/db/migrations-head";
import { compressResponses } from "./platform/http/compression";
import { apiNotFound, errorHandler } from "./platform/http/errors";
import { enteredByFirstSegment } from "./platform/http/first-segment";
import { refuseDeepJson, refuseNulCharacters } from "./platform/http/input-limits";
import { isProbe } from "./platform/http/probes";
import { serveClient } from "./web/static";
import { dashboardFirstScreen, firstScreenRenderers, jobFirstScreen } from "./web/first-screen";
import { quoteNextRoutes } from "./web/quote-next";
import { createLogger, requestLogSerializers, requestTrace, type Logger } from "./platform/logger";
import { publicConfigOf, siteRoutes } from "./features/site";
import { adminAuthRoutes, authRoutes, signInFormRoutes } from "./features/auth";
import { csrfGuard } from "./platform/http/csrf";
import { createSessions, passwordLogin } from "./core/accounts";
import { EARLY_INPUT_SCRIPT_HASH } from "./platform/http/early-input";
import { createMailer, type Mailer } from "./platform/mail";
import { teamRoutes } from "./features/team";
import { analyticsRoutes } from "./features/analytics";
import { callbackRoutes } from "./features/callbacks";
import { analyticsLimiter, calendarFeedLimiter, codeLimiter, jobPageLimiter, publicFormLimiter } from "./platform/http/public-limits";
import { createSmsSender, type SmsSender } from "./platform/sms";
import { createLead, leadIntakeRoutes, locationSearchFormRoutes } from "./features/leads";
import { suburbRoutes } from "./features/suburbs";
import { commitSale, createLiveMarket, createMarketPageCache, PRICED_PAGE_HOLD_MS, marketplaceRoutes, marketStreamRoutes } from "./features/marketplace";
import { createConnectGateway, createDisputeEvidenceGateway, paymentsFromConfig } from "./platform/payments";
import type { PaymentGateway } from "./platform/payments";
import { stripeWebhookRoutes } from "./features/payments";
import { bookWindow, pipelineRoutes, moveBackFromPaid, moveStageByDocument, unbook } from "./features/pipeline";
import { bookingRoutes, jobBookingRoutes, jobPageBookingOf, type BookingDeps } from "./features/bookings";
import { testRecordRoutes } from "./features/test-records";
import { jobCertificateRoutes, jobCertificatesOf, paperworkRoutes } from "./features/paperwork";
import { insightsRoutes } from "./features/insights";
import { leadInvoiceRoutes, taxInvoiceForEvidence } from "./features/lead-invoices";
import { createEvidenceSweep, operatorDisputeRoutes, type DisputeEvidenceDeps } from "./features/disputes";
import { adminRoutes, invitationRoutes } from "./features/admin";
import { operatorVerificationRoutes, verificationRoutes } from "./features/vetting";
import { operatorReviewRoutes } from "./features/operator-reviews";
import { badLeadRoutes, operatorReportRoutes } from "./features/bad-leads";
import { discountRoutes, operatorDiscountRoutes } from "./features/discounts";
import { discountGuessLimits } from "./core/discounts";
import { openApiRoutes } from "./features/api-docs";
import { openApiDocument } from "./api-document";
import { alertRoutes } from "./features/alerts";
import { vapidSource, createAlertWorker, type AlertWorker, pushToUser } from "./core/alerts";
import { createOutbox, registerOutboxMetrics } from "./core/messages";
import { jobRoutes } from "./features/jobs";
import {
  createInvitationSweep,
  jobReviewOf,
  markPaidOnPlatform,
  reviewsByPurchase,
  customerReviewAdminRoutes,
  jobReviewRoutes,
  reviewRoutes,
} from "./features/reviews";
import { connectEventApplier, documentSummaries, jobPageDocumentsReader, documentRoutes, jobDocumentRoutes, paymentEvidence } from "./features/documents";
import { recordRefundMadeInStripe } from "./core/refunds";
import { aftercareOf, createUnreachableSweep, stillNeedRoutes, unreachableRoutes } from "./features/refunds";
import { createPhotoDeps, createPhotoSweep, type PipelineOptions } from "./core/photos";
import { photoRoutes, uploadRoutes } from "./features/photos";
import { sitemapProfilePaths, profileApiRoutes, profilePageRoutes } from "./features/profiles";
import { createAutoBuyEngine, pauseOrdersOfOwner, registerAutoBuyMetrics, type AutoBuyEngine, autoBuyOrderRoutes } from "./features/auto-buy";
import { createPriceTapeLoop, auctionHealthRoutes, marketStatsRoutes, registerPriceTapeMetrics } from "./features/market-stats";
import { noticeRoutes } from "./features/notices";
import { LEAD_PRICES_PAGE } from "../shared/lead-prices-page";
import type Stripe from "stripe";

export interface AppDeps {
  /** The database and its kind: PostgreSQL carries the live market across instances, PGlite keeps it in-process. */
  database: Pick<Database, "db" | "kind" | "url" | "poolStats" | "pipelined">;
  config: Config;
  logger?: Logger;
  /** Folder of the built SPA; omitted in API-only tests. */
  clientDir?: string;
  /** Injectable clock so tests can age leads and tokens. */
  now?: () => Date;
  /** Outgoing mail; tests inject a fake to read the reset link. */
  mailer?: Mailer;
  /** Outgoing SMS; by default from SMS_PROVIDER (docs/decisions/034). */
  sms?: SmsSender;
  /** Payments and the Stripe client; by default built from config (Stripe or demo). */
  payments?: PaymentGateway;
  stripe?: Stripe;
  /** The new-lead alert worker starts with the app unless `false` (tests that step it by hand with app.alerts.runOnce()). */
  startAlertWorker?: boolean;
  /** The auto-buy engine starts with the app unless `false` (tests that step it by hand with app.autoBuy.runOnce()). */
  startAutoBuy?: boolean;
  /** The photo pipeline's limits; tests shorten the decode time limit (docs/decisions/050-photos.md). */
  photoPipeline?: Partial<PipelineOptions>;
}

/** The Express app, plus `close()` for what runs beside requests: the live market's streams and listener, the alert worker. */
export type App = Express & {
  close(): Promise<void>;
  /** The instance starts stopping: GET /api/ready answers 503 from now on (docs/decisions/095-readiness-and-metrics.md). */
  drain(): void;
  alerts: AlertWorker;
  autoBuy: AutoBuyEngine;
};

export function createApp(deps: AppDeps): App {
  const { database, config } = deps;
  const { db } = database;
  const logger = deps.logger ?? createLogger(config);
  const app = express();
  app.disable("x-powered-by");
  // The operator's numbers, only when a scraper's token is set (docs/decisions/095-readiness-and-metrics.md).
  const metrics = config.METRICS_TOKEN ? createMetrics() : undefined;
  if (metrics) app.use(requestTimer(metrics));
  let draining = false;
  app.set("trust proxy", config.TRUST_PROXY);

  // Google's allowlist CSP for the Maps JavaScript API, only the parts Places Autocomplete
  // uses, and only when a key is configured (docs/decisions/020).
  const googleHosts = config.GOOGLE_MAPS_API_KEY ? ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com"] : [];
  const google = {
    script: googleHosts,
    connect: googleHosts,
    img: config.GOOGLE_MAPS_API_KEY ? [...googleHosts, "https://*.googleusercontent.com"] : [],
  };
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Stripe's Payment Element loads its own scripts and frames.
          // The one inline script: it keeps a tap made before the app is live (docs/decisions/036).
          "script-src": ["'self'", EARLY_INPUT_SCRIPT_HASH, "https://js.stripe.com", ...google.script],
          "frame-src": ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
          "connect-src": ["'self'", "https://api.stripe.com", ...google.connect],
          // blob: the photo picker's preview of a photo while it uploads (docs/decisions/050-photos.md, "Screens").
          "img-src": ["'self'", "data:", "blob:", "https://*.stripe.com", ...google.img],
          "upgrade-insecure-requests": config.isProduction ? [] : null,
        },
      },
    }),
  );
  app.use(compressResponses());
  // Draining, every answer closes its connection: a balancer's kept-alive socket would otherwise
  // carry its next request to a listener about to close (docs/decisions/098-restarts-without-a-dropped-request.md).
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => isProbe(req.url) },
      serializers: requestLogSerializers,
      // With tracing on, each line names its trace (docs/decisions/097-traces.md). pino-http
      // skips the answer undefined, though its type asks for an object.
      customProps: requestTrace as () => object,
    }),
  );
  const now = deps.now ?? (() => new Date());
  // docs/product.md section 12: every change to the market is published here and fanned out to the streams.
  const events = marketEventsFor(database, logger);
  const live = createLiveMarket({ db, events, logger, now, heartbeatMs: config.MARKET_STREAM_HEARTBEAT_MS });
  const { payments, stripe } = deps.payments ? { payments: deps.payments, stripe: deps.stripe } : paymentsFromConfig(config);
  // The site's public origin: links in mail and SMS must open from anywhere (docs/decisions/040).
  const origin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  // Customers pay electricians on their own Stripe accounts (docs/decisions/056); without Stripe, demo mode.
  const connect = stripe ? createConnectGateway(stripe) : undefined;
  // The outbox worker starts further down; a payment's messages wake it once it is there.
  let wakeOutbox = () => {};
  const documentDeps = {
    db,
    now,
    settings: { origin, sitePhone: config.SITE_PHONE },
    wake: () => wakeOutbox(),
    connect,
    moveStage: moveStageByDocument,
    moveBackFromPaid,
    markPaidOnPlatform,
  };
  // What the customer's job page shows, for GET /api/jobs/:token and the page's first screen (docs/decisions/092-first-screen-from-the-server.md).
  const jobPage = {
    db,
    now,
    promiseMinutes: config.CONTACT_PROMISE_MINUTES,
    documents: jobPageDocumentsReader(documentDeps),
    // The job's review: whether it may be written now, and the customer's own (docs/decisions/058-reviews.md).
    reviews: jobReviewOf,
    // The times offered and the booked window (docs/decisions/102-booking-windows.md).
    bookings: jobPageBookingOf,
    // The certificates issued for the job, each opened with a code (docs/decisions/105-paperwork-on-the-card.md).
    certificates: jobCertificatesOf,
  };
  // Booking windows: the pipeline's own moves of the job, in the booking's transaction (docs/decisions/102-booking-windows.md).
  const bookingDeps: BookingDeps = { db, now, settings: { origin, sitePhone: config.SITE_PHONE }, wake: () => wakeOutbox(), book: bookWindow, unbook };
  const jobPageReads = jobPageLimiter(db, config, "job-page");
  // Before the JSON parser: the signature is checked over the raw body.
  app.use(
    "/api/stripe",
    stripeWebhookRoutes({
      db,
      stripe,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      refundMadeInStripe: recordRefundMadeInStripe,
      logger,
      connect: { webhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET, apply: connectEventApplier(documentDeps, logger), after: documentDeps.wake },
    }),
  );
  app.use(express.json({ limit: "100kb", verify: refuseDeepJson }));
  app.use(refuseNulCharacters);

  const api = express.Router();
  const mailer = deps.mailer ?? createMailer(config, logger);
  // CSRF check first, then the cookie session (docs/product.md section 10; docs/decisions/008, 009).
  api.use(csrfGuard(config));
  const sessions = createSessions({ db, config, logger, now });
  api.use(...sessions.middleware);
  const sms = deps.sms ?? createSmsSender(config, logger);
  // One password sign-in for the API and the sign-in page's own form (docs/decisions/036).
  const login = passwordLogin({ db, config, sessions });
  // Every sold market lead's customer is told who bought it, in the sale's transaction (docs/decisions/046-one-outbox.md).
  const handover = { origin, sitePhone: config.SITE_PHONE, promiseMinutes: config.CONTACT_PROMISE_MINUTES };
  // A sale's first read and its one statement ride the pipelined connections (docs/decisions/124-statements-sent-together.md).
  const sales = { db, pipelined: database.pipelined, payments, logger, now, events, handover };
  const caches = {
    pages: createMarketPageCache({ events, keepMs: config.MARKET_PAGE_KEEP_MS }),
    exclusions: createMarketPageCache({ events, keepMs: config.MARKET_PAGE_KEEP_MS, maxEntries: 10_000 }),
    sent: createMarketPageCache({ events, keepMs: config.MARKET_PAGE_KEEP_MS && PRICED_PAGE_HOLD_MS, clock: () => now().getTime() }),
  };
  // One pair of counters for every route that checks a discount code (docs/product.md section 13).
  const guesses = discountGuessLimits(db, { perUser: config.RATE_LIMIT_DISCOUNT_PER_USER, perIp: config.RATE_LIMIT_DISCOUNT_PER_IP });
  const vapid = vapidSource(db, config);
  // One worker per instance for new-lead alerts and the one outbox of messages (docs/decisions/029, 046).
  const outbox = createOutbox({
    db,
    logger,
    sms,
    mailer,
    push: pushToUser({ db, logger, vapid, production: config.isProduction }),
    now,
    origin,
    promiseMinutes: config.CONTACT_PROMISE_MINUTES,
    sitePhone: config.SITE_PHONE,
  });
  // Job photos (docs/decisions/050-photos.md): one store, one decode queue per instance; the
  // worker's pass deletes what is due. A removed photo wakes it, so a bucket's copy goes at once.
  const photos = createPhotoDeps({ db, config, logger, now, wake: () => alerts.wake(), pipeline: deps.photoPipeline });
  const photoLimiter = publicFormLimiter(db, config, "photos");
  // A disputed lead purchase's evidence, with our tax invoice as its receipt (docs/decisions/094-dispute-evidence.md).
  const leadInvoiceSettings = { seller: config.business, contact: config.SITE_EMAIL };
  const disputeEvidence: DisputeEvidenceDeps = {
    db,
    now,
    logger,
    stripe: stripe ? createDisputeEvidenceGateway(stripe) : undefined,
    receiptOf: async (tx, purchaseId) => {
      const file = await taxInvoiceForEvidence(tx, leadInvoiceSettings, purchaseId);
      return file && { data: file.pdf, name: file.fileName };
    },
    paymentEvidence,
    origin,
  };
  const alerts = createAlertWorker({
    db,
    events,
    logger,
    mailer,
    vapid,
    now,
    origin,
    sessionSecret: config.sessionSecret,
    pollMs: config.ALERT_POLL_MS,
    production: config.isProduction,
    outbox,
    // The 48-hour refund of an unanswered "customer unreachable" claim (docs/decisions/049).
    // The review invitation and its one reminder (docs/decisions/059-review-invitations.md).
    sweeps: [
      createUnreachableSweep({ db, payments, logger, now }),
      createInvitationSweep({ db, now, origin, sitePhone: config.SITE_PHONE, secret: config.sessionSecret }),
      // Evidence nobody sent goes on its own 24 hours before the deadline (docs/decisions/094-dispute-evidence.md).
      createEvidenceSweep(disputeEvidence),
    ],
    photos: createPhotoSweep(photos),
  });
  // Each feature's router under the first path segment its routes share, so a request skips the
  // routers of other paths; "/" where a feature's paths share none (docs/decisions/040-server-walls.md).
  // In this order: where two routers answer the same path, the first one wins.
  wakeOutbox = () => alerts.wake();
  // Standing orders buy through the same sale as a buyer at the screen (docs/decisions/064-auto-buy-engine.md).
  const autoBuy = createAutoBuyEngine({ ...sales, origin, wake: alerts.wake, sell: (sale, attempt) => commitSale(sales, sale, attempt) });
  // The code a customer confirms their mobile with on the job page: a review, a certificate (docs/decisions/058-reviews.md, 105).
  const customerCodes = {
    db,
    now,
    secret: config.sessionSecret,
    sitePhone: config.SITE_PHONE,
    wake: alerts.wake,
    limits: { perPhone: config.RATE_LIMIT_SMS_PER_PHONE, perIp: config.RATE_LIMIT_SMS_PER_IP },
    exposeCode: !config.isProduction && sms.kind === "log",
  };
  const features: Array<[path: string, router: Router]> = [
    ["/health", healthRoutes(db)],
    [
      "/ready",
      readinessRoutes({ db, draining: () => draining, migrationsAtHead: migrationsHead(db), workersRunning: () => alerts.running() && autoBuy.running() }),
    ],
    ["/suburbs", suburbRoutes(db)],
    ["/config", siteRoutes(config)],
    ["/", openApiRoutes(config, openApiDocument)],
    [
      "/leads",
      leadIntakeRoutes(db, {
        limiter: publicFormLimiter(db, config, "quotes"),
        codeLimiter: codeLimiter(db, config, "intake-codes"),
        now,
        events,
        // A quote's lead rides the pipelined connections as a sale does (docs/decisions/128-a-quotes-lead-sent-together.md).
        pipelined: database.pipelined,
        maxStartingPrice: config.MAX_STARTING_PRICE,
        verification: {
          logger,
          sitePhone: config.SITE_PHONE,
          // The code's SMS is a row in the outbox: this instance's worker sends it at once.
          wake: alerts.wake,
          secret: config.sessionSecret,
          limits: { perPhone: config.RATE_LIMIT_SMS_PER_PHONE, perIp: config.RATE_LIMIT_SMS_PER_IP },
          // Like the instant reset link: a developer signs in without a phone, production never.
          exposeCode: !config.isProduction && sms.kind === "log",
        },
      }),
    ],
    ["/provider-callbacks", callbackRoutes(db, { limiter: publicFormLimiter(db, config, "callbacks"), now })],
    ["/analytics", analyticsRoutes(db, { limiter: analyticsLimiter(db, config, "analytics"), now })],
    ["/", authRoutes({ db, config, logger, mailer, now, login })],
    ["/", adminAuthRoutes({ db, config, now })],
    ["/team", teamRoutes(db, now)],
    ["/auth", verificationRoutes({ db, now })],
    ["/leads", marketStreamRoutes(live)],
    ["/", marketplaceRoutes({ ...sales, caches, guesses })],
    ["/discount-codes", discountRoutes({ db, now }, guesses)],
    [
      "/",
      pipelineRoutes({
        db,
        now,
        events,
        maxStartingPrice: config.MAX_STARTING_PRICE,
        promiseMinutes: config.CONTACT_PROMISE_MINUTES,
        // The booking's and "On my way" SMS leave through the outbox; this instance's worker sends them at once (docs/decisions/049).
        customer: { settings: { origin, sitePhone: config.SITE_PHONE }, wake: alerts.wake },
        feedLimiter: calendarFeedLimiter(db, config, "calendar-feed"),
        documents: documentSummaries,
        reviews: reviewsByPurchase,
        aftercare: aftercareOf,
        createLead,
      }),
    ],
    // Booking windows the customer picks (docs/decisions/102-booking-windows.md).
    ["/", bookingRoutes(bookingDeps)],
    // The record of the tests done before the work is used (docs/decisions/103-test-records.md).
    ["/", testRecordRoutes({ db, now, photos })],
    // The compliance paperwork the tests lead to, and its clocks (docs/decisions/105-paperwork-on-the-card.md).
    [
      "/",
      paperworkRoutes({
        db,
        now,
        messages: { origin, sitePhone: config.SITE_PHONE },
        wake: alerts.wake,
        formLimiter: publicFormLimiter(db, config, "paperwork-forms"),
      }),
    ],
    // The electrician's return on lead spend (docs/decisions/067-insights.md).
    ["/", insightsRoutes(db)],
    // Quotes, invoices, recorded payments and the business details they print (docs/decisions/051, 052).
    ["/", documentRoutes(documentDeps)],
    // Our tax invoices for the leads we sell, their adjustment notes and the monthly statement (docs/decisions/053-tax-documents-pdf.md).
    ["/", leadInvoiceRoutes({ db, now, ...leadInvoiceSettings })],
    ["/", badLeadRoutes({ db, payments, logger, now })],
    // "Customer unreachable": the buyer's claim, and the customer's answer on the job page (docs/decisions/049).
    ["/", unreachableRoutes({ db, now, origin, sitePhone: config.SITE_PHONE, wake: alerts.wake })],
    // Operator admin (bearer token) and the invitation links it issues (docs/decisions/014).
    [
      "/admin",
      adminRoutes({ db, now, config }, [
        // The operator's side of features that keep their routes in their own folders.
        (admin) => operatorDiscountRoutes({ db, now }, admin),
        (admin) => operatorReportRoutes({ db, payments, logger, now }, admin),
        (admin) => operatorVerificationRoutes({ db, now, config, mailer, events }, admin),
        // The review queue: cases the after-sale rules leave to the operator (docs/decisions/049).
        (admin) => operatorReviewRoutes({ db, now }, admin),
        // Customers' reviews: hidden only for a published reason (docs/decisions/058-reviews.md).
        (admin) => customerReviewAdminRoutes({ db, now }, admin),
        // A disputed lead purchase's evidence: reviewed and sent (docs/decisions/094-dispute-evidence.md).
        (admin) => operatorDisputeRoutes(disputeEvidence, admin),
      ]),
    ],
    // The auction's health by region and week, from the price tape's counts (docs/decisions/066-price-tape.md).
    ["/admin", auctionHealthRoutes({ db, now })],
    ["/invitations", invitationRoutes({ db, now })],
    // New-lead alerts (docs/decisions/029).
    ["/alerts", alertRoutes({ db, config, vapid, now })],
    // The customer's job page and "lost the link" (docs/decisions/044-job-page.md).
    [
      "/jobs",
      jobRoutes({
        ...jobPage,
        readLimiter: jobPageReads,
        lookupLimiter: codeLimiter(db, config, "lookup"),
        lookup: {
          secret: config.sessionSecret,
          sitePhone: config.SITE_PHONE,
          limits: { perPhone: config.RATE_LIMIT_SMS_PER_PHONE, perIp: config.RATE_LIMIT_SMS_PER_IP },
          // As the mobile check's code (docs/decisions/034): a developer finds their requests without a phone, production never.
          exposeCode: !config.isProduction && sms.kind === "log",
          logger,
        },
        // "No one has contacted me" and closing the request (docs/decisions/049).
        aftercare: { events, sitePhone: config.SITE_PHONE, origin, wake: alerts.wake, pauseAutoBuy: pauseOrdersOfOwner },
        // The customer's photos (docs/decisions/050-photos.md).
        photos: { photos, events, limiter: photoLimiter },
      }),
    ],
    // The customer picks a booking window on the job page (docs/decisions/102-booking-windows.md). After the
    // job page's own routes: a /jobs router that does not answer a request leaves its mount path in the
    // traced route of the one that does ("/api/jobs/jobs/:token").
    [
      "/jobs",
      jobBookingRoutes({
        ...bookingDeps,
        limiter: publicFormLimiter(db, config, "job-bookings"),
        readLimiter: jobPageLimiter(db, config, "job-page-bookings"),
      }),
    ],
    // The customer accepts or declines a quote on the job page (docs/decisions/051).
    [
      "/jobs",
      jobDocumentRoutes({
        ...documentDeps,
        limiter: publicFormLimiter(db, config, "job-documents"),
        readLimiter: jobPageLimiter(db, config, "job-page-documents"),
      }),
    ],
    // Reviews (docs/decisions/058-reviews.md): the customer's by the job link and a code to the mobile,
    // the electrician's reply, anyone's report, the policy page's figures.
    [
      "/jobs",
      jobReviewRoutes({
        ...customerCodes,
        codeLimiter: codeLimiter(db, config, "review-codes"),
        reportLimiter: publicFormLimiter(db, config, "job-reviews"),
      }),
    ],
    // The customer's copy of a certificate, opened with a code to their mobile (docs/decisions/105-paperwork-on-the-card.md).
    [
      "/jobs",
      jobCertificateRoutes({
        ...customerCodes,
        codeLimiter: codeLimiter(db, config, "certificate-codes"),
      }),
    ],
    ["/reviews", reviewRoutes({ db, now, reportLimiter: publicFormLimiter(db, config, "reviews"), secret: config.sessionSecret })],
    ["/jobs", stillNeedRoutes({ db, now, origin, limiter: publicFormLimiter(db, config, "still-need"), wake: alerts.wake })],
    ["/uploads", uploadRoutes({ ...photos, limiter: photoLimiter })],
    ["/photos", photoRoutes(photos)],
    // Public electrician profiles and suburb listings as JSON (docs/decisions/060-public-profiles.md).
    ["/electricians", profileApiRoutes({ db, now, config })],
    // Auto-buy: the owner's standing orders (docs/decisions/063-auto-buy-orders.md).
    ["/auto-buy-orders", autoBuyOrderRoutes({ db, payments, now })],
    // The public price tape (docs/decisions/066-price-tape.md).
    ["/market", marketStatsRoutes({ db, now, config })],
    ["/notices", noticeRoutes({ db, now })],
  ];
  for (const [path, router] of features) api.use(path, enteredByFirstSegment(router));
  // The public price tape's counts and figures, outside every sale's transaction and off the
  // alert worker's pass (docs/decisions/066-price-tape.md); it runs whenever the worker does.
  const priceTape = createPriceTapeLoop({ db, now, logger });
  if (deps.startAlertWorker !== false) {
    alerts.start().catch((err: unknown) => logger.error({ err }, "alerts: the worker did not start"));
    priceTape.start();
  }
  if (deps.startAutoBuy !== false) autoBuy.start().catch((err: unknown) => logger.error({ err }, "auto-buy: the engine did not start"));
  api.use(apiNotFound);
  app.use("/api", api);
  app.get("/metrics", metricsRoute(metrics, config.METRICS_TOKEN));
  if (metrics) {
    registerPoolMetrics(metrics, database);
    registerOutboxMetrics(metrics, db);
    registerAutoBuyMetrics(metrics, db, autoBuy, now);
    registerPriceTapeMetrics(metrics, db);
    metrics.gauge({ name: "market_streams_open", help: "Live market streams this instance holds open", read: (set) => set(live.openStreams()) });
  }

  // The profile and suburb pages are the server's own HTML, built or not (docs/decisions/060-public-profiles.md).
  app.use(profilePageRoutes({ db, now, config }));
  if (deps.clientDir) {
    // Before the pages' catch-all POST: the page forms the server answers itself (docs/decisions/036).
    app.use(signInFormRoutes({ config, sessions, login }));
    app.use(locationSearchFormRoutes(config));
    // The dashboard's and the job page's first screens in their HTML (docs/decisions/092-first-screen-from-the-server.md).
    const firstScreens = { renderers: firstScreenRenderers(deps.clientDir, logger), config: publicConfigOf(config), logger };
    // Loaded now rather than by the first page that needs it: the wizard's Next waited 0.9 s for
    // it on a fresh server (docs/decisions/100-the-wizards-next-before-the-app.md).
    void firstScreens.renderers();
    app.get("/dashboard", ...dashboardFirstScreen({ ...firstScreens, db, now, sessions, caches }));
    app.get("/job/:token", ...jobFirstScreen({ ...firstScreens, view: jobPage, limiter: jobPageReads }));
    // The wizard's Next before the app, answered with step 2 (docs/decisions/100-the-wizards-next-before-the-app.md).
    app.use(quoteNextRoutes({ ...firstScreens, site: config, limiter: publicFormLimiter(db, config, "quote-next") }));
    // The price tape's page is indexable too (docs/decisions/066-price-tape.md).
    serveClient(app, deps.clientDir, config, { sitemapPaths: async () => [LEAD_PRICES_PAGE.path, ...(await sitemapProfilePaths(db))] });
  }
  app.use(errorHandler);
  return Object.assign(app, {
    alerts,
    autoBuy,
    drain() {
      draining = true;
    },
    async close() {
      // The streams first: their browsers reconnect to another instance at once and replay from
      // their Last-Event-ID, while the workers below finish what they claimed.
      await live.close();
      await autoBuy.stop();
      await priceTape.stop();
      await alerts.stop();
      caches.pages.close();
      caches.exclusions.close();
      caches.sent.close();
      await events.close();
    },
  });
}
