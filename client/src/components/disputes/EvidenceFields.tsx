// A dispute's evidence as the card's bank gets it (docs/decisions/094-dispute-evidence.md): each
// field the platform filled, then the receipt. Shown to the operator (Disputes tab) and to the
// electrician whose customer's payment is disputed (the card).
import type { EvidenceField } from "@shared/dispute-evidence";

export function EvidenceFields({ fields, receipt }: { fields: readonly EvidenceField[]; receipt: string | null }) {
  return (
    <div className="grid gap-3 text-sm" data-testid="evidence-fields">
      {fields.map((f) => (
        <section key={f.field}>
          <h3 className="font-semibold text-slate-800">{f.label}</h3>
          <p className="whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">{f.text}</p>
        </section>
      ))}
      <p className="text-slate-700 [overflow-wrap:anywhere]">
        <span className="font-semibold text-slate-800">Receipt:</span> {receipt ?? "none (no invoice yet)"}
      </p>
    </div>
  );
}
