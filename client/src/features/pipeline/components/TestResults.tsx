// The card's "Test results" (docs/decisions/103-test-records.md): the installation, each circuit and
// each RCD, every value marked against its limit as typed; kept on the device until saved (the
// card's draft store), then marked tested at a time on the lead's state's clock. Loaded when opened.
// Its meter photos (docs/decisions/106-meter-photos.md) load in a chunk of their own.
import { ChevronDown, ClipboardCheck, Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { wallClockIn, zoneOfState } from "@shared/state-time";
import { formatStateStamp } from "@shared/state-time-text";
import {
  checkTestResults,
  checkText,
  EMPTY_RESULTS,
  meterPhotosRemovable,
  resultsProblems,
  TEST_RECORD_MESSAGES,
  TEST_RECORD_RULES,
} from "@shared/test-records";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useAddMeterPhoto, useCompleteTestRecord, useRemoveMeterPhoto, useSaveTestRecord, useTestRecord } from "../api/test-record";
import { useKeptDraft } from "../card-draft";
import { emptyCircuit, emptyRcd, toDraft, toResults, unreadable, type TestResultsDraft } from "../test-record-form";
import { CircuitFields, RcdFields } from "./TestCircuitFields";
import { ReadingInput, type Mark } from "./TestReading";
import { TestRecordHistory } from "./TestRecordHistory";

const MeterPhotos = lazy(() => import("./MeterPhotos").then((m) => ({ default: m.MeterPhotos })));

const two = (n: number) => String(n).padStart(2, "0");
/** Today and now on the state's clock, as the date and time inputs want them. */
function nowOn(state: string | null) {
  const w = wallClockIn(zoneOfState(state), new Date());
  return { date: `${w.year}-${two(w.month)}-${two(w.day)}`, time: `${two(w.hour)}:${two(w.minute)}` };
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : "Could not reach the server. Your typing is kept on this device.");

export function TestResults({ purchaseId, userId, jobReference }: { purchaseId: number; userId: number; jobReference: string }) {
  const [open, setOpen] = useState(false);
  const record = useTestRecord(purchaseId, open);
  const kept = useKeptDraft<TestResultsDraft>(userId, purchaseId, "test-record");
  const save = useSaveTestRecord(purchaseId);
  const complete = useCompleteTestRecord(purchaseId);
  const addPhoto = useAddMeterPhoto(purchaseId);
  const removePhoto = useRemoveMeterPhoto(purchaseId);
  const [reason, setReason] = useState("");
  const [when, setWhen] = useState<{ date: string; time: string } | null>(null);
  const view = record.data;
  const current = view?.current ?? null;
  const serverVersion = current?.version ?? 0;
  const draft = kept.kept?.typed ?? toDraft(current?.results ?? EMPTY_RESULTS);
  const version = kept.kept?.version ?? serverVersion;
  const edit = (next: TestResultsDraft) => kept.keep(next, version);

  const results = toResults(draft);
  const checks = new Map(checkTestResults(results).map((c) => [c.field, c]));
  const problems = new Map(resultsProblems(results).map((p) => [p.field, p.message]));
  const bad = new Set(unreadable(results));
  const markOf = (field: string): Mark => ({ check: checks.get(field), notANumber: bad.has(field), problem: problems.get(field) });
  const refused = [...checks.values()].filter((c) => c.result !== "pass");
  const correcting = current?.status === "tested" && kept.kept !== null;
  const stale = view !== undefined && kept.kept !== null && kept.kept.version !== serverVersion;
  const mayComplete = current?.status === "draft" && kept.kept === null;
  const names = results.circuits.map((c) => c.name).filter(Boolean);
  const panelId = `test-results-${purchaseId}`;

  const onSave = () =>
    save.mutate(
      { results, version, ...(correcting ? { reason } : {}) },
      {
        onSuccess: () => {
          kept.clear();
          setReason("");
        },
      },
    );
  const onComplete = () => complete.mutate({ version: serverVersion, ...(when ?? nowOn(view?.state ?? null)) });
  const renameIn = (before: string, after: string) => draft.rcds.map((r) => ({ ...r, protects: r.protects.map((n) => (n === before ? after : n)) }));

  return (
    <section aria-label={`Test results for ${jobReference}`} className="rounded-xl border border-slate-200 bg-slate-50/60 p-3" data-testid="card-test-results">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex min-h-11 w-full items-center gap-2 text-left text-sm font-semibold text-slate-900"
      >
        <ClipboardCheck className="size-4 text-slate-500" aria-hidden /> Test results
        {current && <Badge tone={current.status === "tested" ? "green" : "amber"}>{current.status === "tested" ? "Tested" : "Draft"}</Badge>}
        <ChevronDown className={cn("ml-auto size-4 transition-transform", open && "rotate-180")} aria-hidden />
      </button>
      {open && (
        <div id={panelId} className="mt-2 grid gap-3">
          {record.isPending && <p className="text-sm text-slate-500">Loading the test record...</p>}
          {record.isError && <p className="text-sm text-red-700">Could not load the test record. Close and open it to try again.</p>}
          {current?.status === "tested" && (
            <p className="text-sm text-green-800" data-testid="tested-at">
              Tested {current.testedText} by {current.testedBy ?? "a former team member"}. A change is a correction: the tested version is kept.
            </p>
          )}
          {stale && (
            <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
              <p>Someone saved a newer version of this record. What you typed is kept here: save it over theirs, or discard it to see theirs.</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => kept.keep(draft, serverVersion)}>
                  Keep mine
                </Button>
                <Button variant="ghost" onClick={kept.clear}>
                  Discard mine
                </Button>
              </div>
            </div>
          )}
          {view && (
            <>
              <h4 className="text-sm font-semibold text-slate-900">Installation</h4>
              <ReadingInput
                id={`${panelId}-main-earth`}
                label="Main earthing conductor continuity"
                unit="Ω"
                value={draft.mainEarthOhms}
                onChange={(v) => edit({ ...draft, mainEarthOhms: v })}
                mark={markOf("installation.mainEarthOhms")}
              />
              <h4 className="text-sm font-semibold text-slate-900">Circuits</h4>
              {draft.circuits.map((c, i) => (
                <CircuitFields
                  key={i}
                  id={`${panelId}-c${i}`}
                  field={`circuits.${i}`}
                  value={c}
                  markOf={markOf}
                  onChange={(next) =>
                    edit({ ...draft, circuits: draft.circuits.map((x, j) => (j === i ? next : x)), rcds: renameIn(c.name.trim(), next.name.trim()) })
                  }
                  onRemove={() => edit({ ...draft, circuits: draft.circuits.filter((_, j) => j !== i) })}
                />
              ))}
              <Button
                variant="outline"
                className="justify-self-start"
                disabled={draft.circuits.length >= TEST_RECORD_RULES.maxCircuits}
                onClick={() => edit({ ...draft, circuits: [...draft.circuits, emptyCircuit()] })}
              >
                <Plus aria-hidden /> Add circuit
              </Button>
              <h4 className="text-sm font-semibold text-slate-900">RCDs</h4>
              {draft.rcds.map((r, i) => (
                <RcdFields
                  key={i}
                  index={i}
                  id={`${panelId}-r${i}`}
                  field={`rcds.${i}`}
                  value={r}
                  circuits={names}
                  markOf={markOf}
                  onChange={(next) => edit({ ...draft, rcds: draft.rcds.map((x, j) => (j === i ? next : x)) })}
                  onRemove={() => edit({ ...draft, rcds: draft.rcds.filter((_, j) => j !== i) })}
                />
              ))}
              <Button
                variant="outline"
                className="justify-self-start"
                disabled={draft.rcds.length >= TEST_RECORD_RULES.maxRcds}
                onClick={() => edit({ ...draft, rcds: [...draft.rcds, emptyRcd()] })}
              >
                <Plus aria-hidden /> Add RCD
              </Button>
              {correcting && (
                <div>
                  <Label htmlFor={`${panelId}-reason`}>Why correct the tested record?</Label>
                  <Input id={`${panelId}-reason`} value={reason} maxLength={TEST_RECORD_RULES.reasonMax} onChange={(e) => setReason(e.target.value)} />
                </div>
              )}
              <div className="flex flex-wrap items-center gap-2">
                <Button onClick={onSave} disabled={!kept.kept || save.isPending || problems.size > 0 || bad.size > 0 || (correcting && !reason.trim())}>
                  {save.isPending ? "Saving..." : correcting ? "Save correction" : "Save results"}
                </Button>
                {kept.kept && (
                  <span className="text-xs text-amber-700" data-testid="unsaved-test-results">
                    Unsaved results (kept on this device)
                  </span>
                )}
              </div>
              {save.isError && (
                <p role="alert" className="text-sm text-red-700">
                  {errorText(save.error)}
                </p>
              )}
              {mayComplete && (
                <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3">
                  <p className="text-sm font-medium text-slate-800">When were the tests done? ({zoneOfState(view.state)} time)</p>
                  <div className="grid grid-cols-2 gap-2">
                    <Input
                      type="date"
                      aria-label="Date of the tests"
                      value={(when ?? nowOn(view.state)).date}
                      onChange={(e) => setWhen({ ...(when ?? nowOn(view.state)), date: e.target.value })}
                    />
                    <Input
                      type="time"
                      aria-label="Time of the tests"
                      value={(when ?? nowOn(view.state)).time}
                      onChange={(e) => setWhen({ ...(when ?? nowOn(view.state)), time: e.target.value })}
                    />
                  </div>
                  {refused.length > 0 && (
                    <ul className="list-disc pl-5 text-sm text-red-700" data-testid="test-refusals">
                      {refused.map((c) => (
                        <li key={c.field}>{checkText(c)}</li>
                      ))}
                    </ul>
                  )}
                  <Button
                    className="justify-self-start"
                    onClick={onComplete}
                    disabled={complete.isPending || refused.length > 0 || results.circuits.length === 0}
                  >
                    {complete.isPending ? "Saving..." : "Mark tested"}
                  </Button>
                  {results.circuits.length === 0 && <p className="text-sm text-slate-600">{TEST_RECORD_MESSAGES.noCircuits}.</p>}
                  {complete.isError && (
                    <p role="alert" className="text-sm text-red-700">
                      {errorText(complete.error)}
                    </p>
                  )}
                </div>
              )}
              {current && (
                <p className="text-xs text-slate-500">
                  Version {current.version}, saved {formatStateStamp(new Date(current.savedAt), view.state)}
                  {current.savedBy ? ` by ${current.savedBy}` : ""}
                  {current.correctionReason ? `. Corrected: ${current.correctionReason}` : ""}
                </p>
              )}
              <div className="border-t border-slate-200 pt-3">
                <Suspense fallback={<p className="text-sm text-slate-500">Loading the meter photos...</p>}>
                  <MeterPhotos
                    purchaseId={purchaseId}
                    photos={view.photos}
                    jobReference={jobReference}
                    removable={meterPhotosRemovable([...(current ? [current.status] : []), ...view.history.map((v) => v.status)])}
                    limits={TEST_RECORD_RULES}
                    add={addPhoto}
                    remove={removePhoto}
                  />
                </Suspense>
              </div>
              <TestRecordHistory history={view.history} />
            </>
          )}
        </div>
      )}
    </section>
  );
}
