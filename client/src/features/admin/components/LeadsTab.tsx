// 'All Leads Management' (docs/product.md section 2 with docs/product.md section 11's electrical fields).
import { Card } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { EmptyState, PagedList, SectionHeader, StatusFilter } from "@/components/ui/paged-list";
import { formatSydneyDate } from "@/lib/format";
import type { AdminLead } from "@shared/admin";
import { LEAD_STATUSES } from "@shared/enums";
import { LEAD_STATUS_LABELS, labelOf } from "@shared/labels";
import { leadScoreText } from "@shared/lead-score";
import { useAdminLeads } from "../api/leads";
import { useFilteredPaging } from "../api/paging";

const place = (lead: AdminLead) => (lead.suburb ? [lead.suburb, lead.state, lead.postcode].filter(Boolean).join(" ") : lead.serviceLocation);

export function LeadsTab() {
  const paging = useFilteredPaging<"" | "available" | "sold">("");
  const leads = useAdminLeads(paging.filter, paging.offset);
  return (
    <section>
      <SectionHeader title="All Leads Management" description={leads.data && `${leads.data.total} leads`}>
        <StatusFilter id="lead-status" statuses={LEAD_STATUSES} labels={LEAD_STATUS_LABELS} paging={paging} />
      </SectionHeader>
      <PagedList
        query={leads}
        paging={paging}
        what="leads"
        empty={<EmptyState title="No leads available" />}
        className="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
      >
        {(lead) => (
          <Card className="flex h-full flex-col gap-2 p-4" data-testid="admin-lead">
            <div className="flex items-start justify-between gap-2">
              <div>
                <h3 className="font-semibold">Lead #{lead.id}</h3>
                <p className="text-xs text-slate-500">{lead.jobReference}</p>
              </div>
              <div className="flex flex-wrap justify-end gap-1">
                <Badge tone={lead.status === "available" ? "green" : "slate"} className={lead.status === "available" ? "ring-2" : undefined}>
                  {LEAD_STATUS_LABELS[lead.status]}
                </Badge>
                {lead.isArchived && <Badge>Archived</Badge>}
              </div>
            </div>
            <p className="text-sm font-medium text-slate-800">
              {labelOf("serviceType", lead.serviceType)} · {labelOf("propertyType", lead.propertyType)}
            </p>
            <p className="text-sm text-slate-600">{place(lead)}</p>
            <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
              <span className="font-semibold text-slate-800">Score: {leadScoreText(lead.leadScore)}</span>
              <span>Urgency: {labelOf("urgency", lead.urgency)}</span>
              <span>{formatSydneyDate(lead.createdAt)}</span>
            </div>
          </Card>
        )}
      </PagedList>
    </section>
  );
}
