// The API's OpenAPI document (docs/decisions/026-openapi-document.md): every feature's operations,
// in the order the document lists them, built once per process by the platform's builder.
import { adminOperations } from "./features/admin";
import { alertOperations } from "./features/alerts";
import { autoBuyOperations } from "./features/auto-buy";
import { analyticsOperations } from "./features/analytics";
import { authOperations } from "./features/auth";
import { badLeadOperations } from "./features/bad-leads";
import { callbackOperations } from "./features/callbacks";
import { discountOperations } from "./features/discounts";
import { documentOperations } from "./features/documents";
import { healthOperations } from "./features/health";
import { insightsOperations } from "./features/insights";
import { jobOperations } from "./features/jobs";
import { bookingOperations } from "./features/bookings";
import { testRecordOperations } from "./features/test-records";
import { paperworkOperations } from "./features/paperwork";
import { leadInvoiceOperations } from "./features/lead-invoices";
import { leadIntakeOperations } from "./features/leads";
import { marketplaceOperations } from "./features/marketplace";
import { operatorReviewOperations } from "./features/operator-reviews";
import { disputeOperations } from "./features/disputes";
import { paymentOperations } from "./features/payments";
import { pipelineOperations } from "./features/pipeline";
import { refundOperations } from "./features/refunds";
import { reviewOperations } from "./features/reviews";
import { photoOperations } from "./features/photos";
import { profileOperations } from "./features/profiles";
import { marketStatsOperations } from "./features/market-stats";
import { noticeOperations } from "./features/notices";
import { siteOperations } from "./features/site";
import { suburbOperations } from "./features/suburbs";
import { teamOperations } from "./features/team";
import { vettingOperations } from "./features/vetting";
import { openApiOperations } from "./features/api-docs";
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
  ...bookingOperations,
  ...testRecordOperations,
  ...paperworkOperations,
  ...insightsOperations,
  ...leadInvoiceOperations,
  ...documentOperations,
  ...badLeadOperations,
  ...adminOperations,
  ...alertOperations,
  ...jobOperations,
  ...refundOperations,
  ...operatorReviewOperations,
  ...disputeOperations,
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
