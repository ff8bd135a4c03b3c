// GET /api/leads/area-preview: how many leads of the last 30 days a service area would have
// caught, asked for while the provider tries places and radii (debounced), before saving.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { AreaPreview, AreaPreviewQuery } from "@shared/auth";
import { getJson } from "@/lib/api-client";

const PREVIEW_DEBOUNCE_MS = 400;

const fetchAreaPreview = ({ latitude, longitude, radius }: AreaPreviewQuery) =>
  getJson<AreaPreview>(`/api/leads/area-preview?${new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), radius: String(radius) })}`);

/** The preview for the area once it has held still for a moment; no request while no place is picked. */
export function useAreaPreview(area: AreaPreviewQuery | null) {
  const [settled, setSettled] = useState(area);
  const { latitude, longitude, radius } = area ?? {};
  useEffect(() => {
    const next = latitude === undefined || longitude === undefined || radius === undefined ? null : { latitude, longitude, radius };
    const timer = setTimeout(() => setSettled(next), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [latitude, longitude, radius]);
  const query = useQuery({
    queryKey: ["/api/leads/area-preview", settled],
    queryFn: () => fetchAreaPreview(settled!),
    enabled: settled !== null,
    staleTime: 60_000,
  });
  // Until the latest choice settles, the figure at hand belongs to an earlier one.
  const catchingUp = settled?.latitude !== latitude || settled?.longitude !== longitude || settled?.radius !== radius;
  return { ...query, catchingUp };
}
