// The API's OpenAPI document (docs/decisions/026-openapi-document.md): every feature's operations,
// in the order the document lists them, built once per process by the platform's builder.
import { adminOperations } from "./features/admin/openapi";
import { alertOperations } from "./features/alerts/openapi";
import { autoBuyOperations } from "./features/auto-buy/openapi";
import { analyticsOperations } from "./features/analytics/openapi";
import { authOperations } from "./features/auth/openapi";
import { badLeadOperations } from "./features/bad-leads/openapi";
import { callbackOperations } from "./features/callbacks/openapi";
import { discountOperations } from "./features/discounts/openapi";
import { documentOperations } from "./features/documents/openapi";
import { healthOperations } from "./features/health/openapi";
import { insightsOperations } from "./features/insights/openapi";
import { jobOperations } from "./features/jobs/openapi";
import { leadInvoiceOperations } from "./features/lead-invoices/openapi";
import { leadIntakeOperations } from "./features/leads/openapi";
import { marketplaceOperations } from "./features/marketplace/openapi";
import { operatorReviewOperations } from "./features/operator-reviews/openapi";
import { paymentOperations } from "./features/payments/openapi";
import { pipelineOperations } from "./features/pipeline/openapi";
import { refundOperations } from "./features/refunds/openapi";
import { reviewOperations } from "./features/reviews/openapi";
import { photoOperations } from "./features/photos/openapi";
import { profileOperations } from "./features/profiles/openapi";
import { marketStatsOperations } from "./features/market-stats/openapi";
import { noticeOperations } from "./features/notices/openapi";
import { siteOperations } from "./features/site/openapi";
import { suburbOperations } from "./features/suburbs/openapi";
import { teamOperations } from "./features/team/openapi";
import { vettingOperations } from "./features/vetting/openapi";
import { openApiOperations } from "./features/api-docs/openapi";
import { buildOpenApiDocument } from "./platform/openapi/document";
import type { ApiOperation } from "./platform/openapi/operation";

/** Every operation of the API: each feature lists its own. */
export const API_OPERATIONS: ApiOperation[] = [
  ...healthOperations,
  ...siteOperations,
  ...openApiOperations,
  ...suburbOperations,
  ...leadIntakeOperations,
  ...callbackOperations,
  ...analyticsOperations,
  ...paymentOperations,
  ...authOperations,
  ...teamOperations,
  ...vettingOperations,
  ...marketplaceOperations,
  ...discountOperations,
  ...pipelineOperations,
  ...insightsOperations,
  ...leadInvoiceOperations,
  ...documentOperations,
  ...badLeadOperations,
  ...adminOperations,
  ...alertOperations,
  ...jobOperations,
  ...refundOperations,
  ...operatorReviewOperations,
  ...reviewOperations,
  ...photoOperations,
  ...profileOperations,
  ...autoBuyOperations,
  ...marketStatsOperations,
  ...noticeOperations,
];

let built: ReturnType<typeof buildOpenApiDocument> | undefined;

/** The document, built once per process: the schemas do not change while it runs. */
export function openApiDocument() {
  built ??= buildOpenApiDocument(API_OPERATIONS);
  return built;
}
