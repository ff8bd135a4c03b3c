// The test record's "Meter photos" (docs/decisions/106-meter-photos.md): photos of the meter's
// readings, kept with the record, seen by the buyer's side only. Thumbnails open full size in the
// viewer; "Add a meter photo" takes one photo at a time (the phone offers its camera or its
// library: no `capture`, so neither is forced), with an optional caption, its progress and the
// server's word if refused. Removable only until the record is first marked tested. Loaded apart
// from the dashboard, once the record is open.
import { ImageUp } from "lucide-react";
import { useRef, useState } from "react";
import { meterPhotosRemovable, TEST_RECORD_RULES, type TestRecordView } from "@shared/test-records";
import { PhotoGallery } from "@/components/photos/PhotoGallery";
import { PhotoTile } from "@/components/photos/PhotoTile";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { namedMessage, photoFileProblem } from "@/lib/photo-upload";
import { useAddMeterPhoto, useRemoveMeterPhoto } from "../api/meter-photos";

interface Sending {
  name: string;
  /** The picture on this device while it goes up. */
  localUrl: string;
  progress: number;
}

const MAX = TEST_RECORD_RULES.maxPhotos;

export function MeterPhotos({ purchaseId, view, jobReference }: { purchaseId: number; view: TestRecordView; jobReference: string }) {
  const add = useAddMeterPhoto(purchaseId);
  const remove = useRemoveMeterPhoto(purchaseId);
  const [caption, setCaption] = useState("");
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const id = `meter-photos-${purchaseId}`;
  // A photo being removed leaves the list at once; it comes back if the server refuses.
  const photos = view.photos.filter((p) => !(remove.isPending && remove.variables === p.id));
  const removable = meterPhotosRemovable([...(view.current ? [view.current.status] : []), ...view.history.map((v) => v.status)]);
  const full = view.photos.length >= MAX;
  const describe = (n: number) => {
    const words = photos[n - 1]?.caption;
    return `Meter photo ${n}${words ? `, ${words}` : ""}, ${jobReference}`;
  };

  const onFile = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same photo may be chosen again after a refusal.
    input.value = "";
    if (!file) return;
    const refused = photoFileProblem(file);
    setProblem(refused);
    if (refused) return;
    const localUrl = URL.createObjectURL(file);
    setSending({ name: file.name, localUrl, progress: 0 });
    add.mutate(
      { file, caption, onProgress: (progress) => setSending((s) => s && { ...s, progress }) },
      {
        onSuccess: () => setCaption(""),
        onError: (err) => setProblem(namedMessage(file.name, err.message || "the photo could not be added. Try again.")),
        onSettled: () => {
          URL.revokeObjectURL(localUrl);
          setSending(null);
        },
      },
    );
  };

  return (
    <div className="grid gap-2" data-testid="meter-photos">
      <h4 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        Meter photos
      </h4>
      <p className="text-xs text-slate-600">
        Photos of the meter's readings, kept with this record for 5 years and seen only by you and your team. Each is saved as it is added
        {removable ? " and can be removed until the record is marked tested." : ". The record has been marked tested: its photos are kept as evidence."}
      </p>
      {photos.length > 0 && (
        <PhotoGallery
          photos={photos.map((p) => ({ id: p.id, thumbnailUrl: p.thumbUrl, url: p.url }))}
          captions={photos.map((p) => p.caption)}
          describe={describe}
          onRemove={removable ? (photo) => photo.id && remove.mutate(photo.id) : undefined}
          className="grid grid-cols-3 gap-2 sm:grid-cols-4"
        />
      )}
      {sending && (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          <PhotoTile src={sending.localUrl} name={sending.name} progress={sending.progress} />
        </div>
      )}
      {full ? (
        <p className="text-xs text-slate-500">
          {MAX} of {MAX} meter photos: this record has no room for more.
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div>
            <Label htmlFor={`${id}-caption`}>Caption (optional)</Label>
            <Input
              id={`${id}-caption`}
              value={caption}
              maxLength={TEST_RECORD_RULES.captionMax}
              placeholder="e.g. Kitchen power insulation"
              onChange={(e) => setCaption(e.target.value)}
            />
          </div>
          <Button variant="outline" disabled={sending !== null} onClick={() => picker.current?.click()}>
            <ImageUp aria-hidden /> Add a meter photo
          </Button>
          {/* Out of sight; the button opens it within the tap. A phone offers its camera or its photos. */}
          <input ref={picker} type="file" accept="image/*" hidden data-testid="meter-photo-input" onChange={(e) => onFile(e.target)} />
        </div>
      )}
      <p className="text-xs text-slate-500" aria-live="polite">
        {sending
          ? sending.progress >= 1
            ? `Checking ${sending.name}...`
            : `Uploading ${sending.name} (${Math.round(sending.progress * 100)}%)`
          : `${view.photos.length} of ${MAX} photos · up to 15 MB each`}
      </p>
      {(problem ?? (remove.isError ? remove.error.message : null)) && (
        <p role="alert" className="text-sm [overflow-wrap:anywhere] text-red-700">
          {problem ?? remove.error?.message}
        </p>
      )}
    </div>
  );
}
