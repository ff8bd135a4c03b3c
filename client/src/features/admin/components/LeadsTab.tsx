// 'All Leads Management' (SPEC.md section 2 with DESIGN.md section 5's electrical fields).
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { formatSydneyDate } from "@/lib/format";
import { labelOf } from "@/lib/labels";
import type { AdminLead } from "@shared/admin";
import { useAdminLeads } from "../api/leads";
import { useStepBackPastEnd } from "../api/paging";
import { Badge, EmptyState, ListState, Pager, SectionHeader, StatusFilter } from "./bits";

const STATUS_OPTIONS = [
  { value: "available", label: "Available" },
  { value: "sold", label: "Sold" },
] as const;

const place = (lead: AdminLead) => (lead.suburb ? [lead.suburb, lead.state, lead.postcode].filter(Boolean).join(" ") : lead.serviceLocation);

export function LeadsTab() {
  const [status, setStatus] = useState<"" | "available" | "sold">("");
  const [offset, setOffset] = useState(0);
  const leads = useAdminLeads(status, offset);
  useStepBackPastEnd(offset, leads.data?.total, setOffset);
  const items = leads.data?.items ?? [];
  return (
    <section>
      <SectionHeader title="All Leads Management" description={leads.data && `${leads.data.total} leads`}>
        <StatusFilter id="lead-status" label="Status" value={status} options={STATUS_OPTIONS} onChange={(next) => {
            setStatus(next);
            setOffset(0);
          }} />
      </SectionHeader>
      <ListState query={leads} count={items.length} what="leads" empty={<EmptyState title="No leads available" />}>
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {items.map((lead) => (
            <li key={lead.id}>
              <Card className="flex h-full flex-col gap-2 p-4" data-testid="admin-lead">
                <div className="flex items-start justify-between gap-2">
                  <div>
                    <h3 className="font-semibold">Lead #{lead.id}</h3>
                    <p className="text-xs text-slate-500">{lead.jobReference}</p>
                  </div>
                  <div className="flex flex-wrap justify-end gap-1">
                    <Badge tone={lead.status === "available" ? "green" : "slate"} className={lead.status === "available" ? "ring-2" : undefined}>
                      {labelOf(lead.status)}
                    </Badge>
                    {lead.isArchived && <Badge>Archived</Badge>}
                  </div>
                </div>
                <p className="text-sm font-medium text-slate-800">{labelOf(lead.serviceType)} · {labelOf(lead.propertyType)}</p>
                <p className="text-sm text-slate-600">{place(lead)}</p>
                <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">Score: {lead.leadScore}/10</span>
                  <span>Urgency: {labelOf(lead.urgency)}</span>
                  <span>{formatSydneyDate(lead.createdAt)}</span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
        <Pager offset={offset} shown={items.length} total={leads.data?.total ?? 0} onOffsetChange={setOffset} busy={leads.isPlaceholderData} />
      </ListState>
    </section>
  );
}
