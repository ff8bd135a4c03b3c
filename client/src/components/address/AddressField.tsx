// The address field (docs/product.md sections 4 and 9). With a Places key: Google's
// current Places API (AutocompleteSuggestion), green dot. Without one, or when Google fails
// (load error, timeout, a refused key through gm_authFailure or a failed request): built-in
// suggestions from the suburbs table, orange dot. Either way the suggestions show in this
// field's own list, which follows the WAI-ARIA combobox pattern.
import { MapPin } from "lucide-react";
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { getJson } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import type { SuburbSuggestion } from "@shared/suburbs";
import { MIN_INPUT_LENGTH, planSuggestions, SUGGESTION_DELAY_MS, suggestionsForPlan, type AddressSuggestion } from "./fallback-suggestions";
import { loadPlaces, onPlacesFailure, placesHaveFailed, placesSession, type PickedPlace, type PlaceSuggestion } from "./google-places";
import { usePlacesKey } from "./use-places-key";

export type { PickedPlace };
export const CLOSE_AFTER_BLUR_MS = 200;

type Suggestion = AddressSuggestion | PlaceSuggestion;
type SuggestFromGoogle = (input: string) => Promise<PlaceSuggestion[]>;

export interface AddressFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "onSelect" | "type"> {
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was picked: its text and, when known, its coordinates (and, from Google, suburb, state and postcode). */
  onSelect?: (place: PickedPlace) => void;
  /** Suggest only suburbs from the suburbs table, never Google's addresses: a pick then carries its `suburbId`. */
  suburbsOnly?: boolean;
}

/** Built-in suggestions for the text: the suburbs table through GET /api/suburbs, then the short built-in list. */
async function fallbackSuggestions(value: string): Promise<AddressSuggestion[]> {
  const plan = planSuggestions(value);
  const answers = await Promise.all(
    plan.queries.map(({ query }) => getJson<SuburbSuggestion[]>(`/api/suburbs?q=${encodeURIComponent(query)}`).catch(() => null)),
  );
  return suggestionsForPlan(plan, answers);
}

export const AddressField = forwardRef<HTMLInputElement, AddressFieldProps>(function AddressField(
  { value, onChange, onSelect, suburbsOnly, className, onBlur, onFocus, id, ...inputProps },
  forwardedRef,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(forwardedRef, () => inputRef.current!, []);
  const { key, settled } = usePlacesKey();
  const [google, setGoogle] = useState<{ suggest: SuggestFromGoogle } | null>(null);
  const [placesFailed, setPlacesFailed] = useState(placesHaveFailed);
  const mode: "google" | "fallback" = google && !placesFailed ? "google" : "fallback";
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const picked = useRef<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => onPlacesFailure(() => setPlacesFailed(true)), []);

  // Google Places when a key exists; the built-in list otherwise or on failure.
  useEffect(() => {
    if (!settled || !key || placesFailed || suburbsOnly) return;
    let cancelled = false;
    loadPlaces(key)
      .then((places) => !cancelled && setGoogle({ suggest: placesSession(places) }))
      .catch(() => setPlacesFailed(true)); // logged where it failed
    return () => {
      cancelled = true;
    };
  }, [key, settled, placesFailed, suburbsOnly]);

  // Suggestions 300 ms after the last keystroke, from Google or from the built-in source.
  useEffect(() => {
    if (picked.current === value) return;
    const text = value.trim();
    const fromGoogle = mode === "google" && google ? google.suggest : null;
    const plan = fromGoogle ? null : planSuggestions(value);
    if (fromGoogle ? text.length < MIN_INPUT_LENGTH : plan!.queries.length === 0 && plan!.immediate.length === 0) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(async () => {
      // A failed Google request marks Places failed: this effect runs again in fallback mode.
      const next: Suggestion[] | null = fromGoogle ? await fromGoogle(text).catch(() => null) : await fallbackSuggestions(value);
      if (cancelled || next === null) return;
      setSuggestions(next);
      setActive(-1);
      // Focus is read from the document: a field focused before the app took over the server's
      // HTML never had onFocus called, and its list must still open while the person types.
      setOpen(document.activeElement === inputRef.current && next.length > 0 && picked.current !== value);
    }, SUGGESTION_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, mode, google]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const settle = (place: PickedPlace) => {
    picked.current = place.text;
    onChange(place.text);
    onSelect?.(place);
  };

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setActive(-1);
    inputRef.current?.focus();
    if ("pick" in suggestion) {
      // The suggestion's text at once; Google's full address (with suburb, state and postcode) once fetched.
      settle({ text: suggestion.text });
      suggestion.pick().then(settle, (err: unknown) => console.warn("Google Places could not fetch the place's details", err));
      return;
    }
    settle({ text: suggestion.text, lat: suggestion.lat, lng: suggestion.lng, suburbId: suggestion.suburbId });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    inputProps.onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (suggestions.length === 0) return;
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === "ArrowDown" ? 0 : suggestions.length - 1);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === "Enter" && open && active >= 0 && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === "Escape") {
      if (open) event.preventDefault();
      // The typed text is kept as chosen, also when Escape comes before the first answer: no late
      // answer or refocus opens the list until the text changes.
      picked.current = value;
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = open && suggestions.length > 0;
  const activeId = expanded && active >= 0 ? `${listId}-${active}` : undefined;

  return (
    <div className="relative" data-suggestions={mode}>
      <MapPin className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        {...inputProps}
        ref={inputRef}
        id={inputId}
        type="text"
        value={value}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        onChange={(e) => {
          picked.current = null;
          onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          clearTimeout(closeTimer.current);
          if (suggestions.length > 0 && value.trim().length > 2 && picked.current !== value) setOpen(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          closeTimer.current = setTimeout(() => setOpen(false), CLOSE_AFTER_BLUR_MS);
          onBlur?.(e);
        }}
        className={cn(
          "h-12 w-full rounded-lg border border-slate-300 bg-white pl-10 pr-9 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 aria-[invalid=true]:border-red-500",
          className,
        )}
      />
      <span
        className={cn("absolute right-3 top-1/2 size-2.5 -translate-y-1/2 rounded-full", mode === "google" ? "bg-green-500" : "bg-orange-500")}
        title={mode === "google" ? "Google address suggestions active" : "Built-in suburb suggestions"}
        aria-hidden
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Address suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left shadow-lg"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn("flex cursor-pointer items-center gap-2 px-3 py-2.5 text-sm text-slate-800", i === active && "bg-brand-50 text-brand-800")}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(s)}
          >
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0 break-words">{s.text}</span>
          </li>
        ))}
        {/* Google's terms: predictions shown outside a map carry its attribution. */}
        {mode === "google" && suggestions.length > 0 && (
          <li role="presentation" className="px-3 pt-1 pb-1.5 text-right text-[11px] text-slate-500">
            powered by Google
          </li>
        )}
      </ul>
    </div>
  );
});
