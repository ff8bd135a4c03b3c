// The earlier versions of a job's test record (docs/decisions/103-test-records.md): every one kept,
// a tested one marked superseded by its correction, readable for the years the record is kept.
import type { TestRecordVersion } from "@shared/test-records";
import { Badge } from "@/components/ui/badge";

const summary = (v: TestRecordVersion) =>
  `${v.results.circuits.length} circuit${v.results.circuits.length === 1 ? "" : "s"}, ${v.results.rcds.length} RCD${v.results.rcds.length === 1 ? "" : "s"}`;

export function TestRecordHistory({ history }: { history: TestRecordVersion[] }) {
  if (history.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="flex min-h-11 cursor-pointer items-center font-medium text-slate-700">Earlier versions ({history.length})</summary>
      <ol className="grid gap-2" aria-label="Earlier versions, newest first">
        {history.map((v) => (
          <li key={v.version} className="border-l-2 border-slate-200 pl-3" data-testid="test-record-version">
            <span className="font-medium">Version {v.version}</span> <Badge tone="slate">Superseded</Badge>
            <span className="block text-slate-600">
              {v.testedText ? `Tested ${v.testedText}${v.testedBy ? ` by ${v.testedBy}` : ""}` : "Not marked tested"} · {summary(v)} · main earth{" "}
              {v.results.installation.mainEarthOhms ?? "-"} Ω
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
