// The test record's "Meter photos" (docs/decisions/106-meter-photos.md): photos of the meter's
// readings, kept with the record, seen by the buyer's side only. Thumbnails open full size in the
// viewer; "Add a meter photo" takes one photo at a time (the phone offers its camera or its
// library: no `capture`, so neither is forced), with an optional caption, its progress and the
// server's word if refused. Removable only until the record is first marked tested. Loaded apart
// from the dashboard, once the record is open. What the dashboard's chunks already hold (the fetch
// client, the record's rules and its mutations) comes in as props: importing them here split them
// into chunks of their own, one of them on every landing page (docs/decisions/050-photos.md, "Screens").
import type { UseMutationResult } from "@tanstack/react-query";
import { ImageUp } from "lucide-react";
import { useRef, useState } from "react";
import type { MeterPhoto, TestRecordView } from "@shared/test-records";
import { PhotoGallery } from "@/components/photos/PhotoGallery";
import { PhotoTile } from "@/components/photos/PhotoTile";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { namedMessage, photoFileProblem, uploadPhoto } from "@/lib/photo-upload";

/** POST /api/uploads: the photo is decoded, re-encoded and kept as an upload for 24 hours, then added to the record. */
const UPLOAD_PATH = "/api/uploads";

interface Sending {
  name: string;
  /** The picture on this device while it goes up. */
  localUrl: string;
  progress: number;
}

export interface MeterPhotosProps {
  purchaseId: number;
  photos: readonly MeterPhoto[];
  jobReference: string;
  /** No version of the record has been marked tested yet (shared/test-records.ts meterPhotosRemovable). */
  removable: boolean;
  /** TEST_RECORD_RULES' maxPhotos and captionMax. */
  limits: { maxPhotos: number; captionMax: number };
  add: UseMutationResult<TestRecordView, Error, { uploadId: string; caption: string | null }>;
  remove: UseMutationResult<TestRecordView, Error, string>;
}

export function MeterPhotos({ purchaseId, photos: kept, jobReference, removable, limits, add, remove }: MeterPhotosProps) {
  const max = limits.maxPhotos;
  const [caption, setCaption] = useState("");
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const id = `meter-photos-${purchaseId}`;
  // A photo being removed leaves the list at once; it comes back if the server refuses.
  const photos = kept.filter((p) => !(remove.isPending && remove.variables === p.id));
  const full = kept.length >= max;
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
    const words = caption.trim() || null;
    uploadPhoto(UPLOAD_PATH, file, { onProgress: (progress) => setSending((s) => s && { ...s, progress }) })
      .then((upload) => add.mutateAsync({ uploadId: upload.id, caption: words }))
      .then(
        () => setCaption(""),
        (err: unknown) => setProblem(namedMessage(file.name, err instanceof Error && err.message ? err.message : "the photo could not be added. Try again.")),
      )
      .finally(() => {
        URL.revokeObjectURL(localUrl);
        setSending(null);
      });
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
          {max} of {max} meter photos: this record has no room for more.
        </p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div>
            <Label htmlFor={`${id}-caption`}>Caption (optional)</Label>
            <Input
              id={`${id}-caption`}
              value={caption}
              maxLength={limits.captionMax}
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
          : `${kept.length} of ${max} photos · up to 15 MB each`}
      </p>
      {(problem ?? (remove.isError ? remove.error.message : null)) && (
        <p role="alert" className="text-sm [overflow-wrap:anywhere] text-red-700">
          {problem ?? remove.error?.message}
        </p>
      )}
    </div>
  );
}
