// The address field (SPEC.md sections 4 and 9; issue 4). With a Places key: Google Places
// Autocomplete, green dot. Without one, or when Google fails (load error, timeout, or the
// key rejected through gm_authFailure): built-in suggestions from the suburbs table, orange
// dot. Fallback mode follows the WAI-ARIA combobox pattern.
import { MapPin } from "lucide-react";
import { forwardRef, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent } from "react";
import { getJson } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import type { SuburbSuggestion } from "@shared/suburbs";
import { planSuggestions, SUGGESTION_DELAY_MS, suggestionsForPlan, type AddressSuggestion } from "./fallback-suggestions";
import { attachPlacesAutocomplete, onPlacesFailure, placesHaveFailed, type PickedPlace } from "./google-places";
import { usePlacesKey } from "./use-places-key";

export type { PickedPlace };
export const CLOSE_AFTER_BLUR_MS = 200;

export interface AddressFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange" | "onSelect" | "type"> {
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was picked: its text and, when known, its coordinates. */
  onSelect?: (place: PickedPlace) => void;
}

export const AddressField = forwardRef<HTMLInputElement, AddressFieldProps>(function AddressField(
  { value, onChange, onSelect, className, onBlur, onFocus, id, ...inputProps },
  forwardedRef,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const listId = `${inputId}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  const { key, settled } = usePlacesKey();
  const [attached, setAttached] = useState(false);
  const [placesFailed, setPlacesFailed] = useState(placesHaveFailed);
  const mode: "google" | "fallback" = attached && !placesFailed ? "google" : "fallback";
  // A failed Google widget leaves a disabled input with its own listeners: a fresh <input>
  // (new React key) is the only clean way back, and the forwarded ref must follow it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- placesFailed swaps the <input>, which the handle must follow
  useImperativeHandle(forwardedRef, () => inputRef.current!, [placesFailed]);
  const refocusAfterFailure = useRef(false);
  const [suggestions, setSuggestions] = useState<AddressSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const focused = useRef(false);
  const picked = useRef<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const callbacks = useRef({ onChange, onSelect });
  callbacks.current = { onChange, onSelect };

  useEffect(
    () =>
      onPlacesFailure(() => {
        refocusAfterFailure.current = document.activeElement === inputRef.current;
        setPlacesFailed(true);
      }),
    [],
  );
  useLayoutEffect(() => {
    if (placesFailed && refocusAfterFailure.current) inputRef.current?.focus();
  }, [placesFailed]);

  // Google Places when a key exists; the built-in list otherwise or on failure.
  useEffect(() => {
    if (!settled || !key || placesFailed || !inputRef.current) return;
    let detach: (() => void) | undefined;
    let cancelled = false;
    attachPlacesAutocomplete(inputRef.current, key, (place) => {
      callbacks.current.onChange(place.text);
      callbacks.current.onSelect?.(place);
    })
      .then((off) => {
        if (cancelled) return off();
        detach = off;
        setAttached(true);
        setOpen(false);
      })
      .catch(() => setPlacesFailed(true)); // logged where it failed
    return () => {
      cancelled = true;
      detach?.();
      setAttached(false);
    };
  }, [key, settled, placesFailed]);

  // Fallback suggestions, 300 ms after the last keystroke.
  useEffect(() => {
    if (mode !== "fallback") return;
    if (picked.current === value) return;
    const plan = planSuggestions(value);
    if (plan.queries.length === 0 && plan.immediate.length === 0) {
      setSuggestions([]);
      setOpen(false);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(async () => {
      const answers = await Promise.all(
        plan.queries.map(({ query }) => getJson<SuburbSuggestion[]>(`/api/suburbs?q=${encodeURIComponent(query)}`).catch(() => null)),
      );
      const next = suggestionsForPlan(plan, answers);
      if (cancelled) return;
      setSuggestions(next);
      setActive(-1);
      setOpen(focused.current && next.length > 0);
    }, SUGGESTION_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [value, mode]);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const choose = (suggestion: AddressSuggestion) => {
    picked.current = suggestion.text;
    onChange(suggestion.text);
    onSelect?.({ text: suggestion.text, lat: suggestion.lat, lng: suggestion.lng });
    setOpen(false);
    setActive(-1);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    inputProps.onKeyDown?.(event);
    if (mode !== "fallback" || event.defaultPrevented) return;
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
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const expanded = mode === "fallback" && open && suggestions.length > 0;
  const activeId = expanded && active >= 0 ? `${listId}-${active}` : undefined;

  return (
    <div className="relative" data-suggestions={mode}>
      <MapPin className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        key={placesFailed ? "fallback" : "places"}
        {...inputProps}
        ref={inputRef}
        id={inputId}
        type="text"
        value={value}
        autoComplete="off"
        role={mode === "fallback" ? "combobox" : undefined}
        aria-autocomplete={mode === "fallback" ? "list" : undefined}
        aria-expanded={mode === "fallback" ? expanded : undefined}
        aria-controls={mode === "fallback" ? listId : undefined}
        aria-activedescendant={activeId}
        onChange={(e) => {
          picked.current = null;
          onChange(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onFocus={(e) => {
          focused.current = true;
          clearTimeout(closeTimer.current);
          if (mode === "fallback" && suggestions.length > 0 && value.trim().length > 2 && picked.current !== value) setOpen(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          focused.current = false;
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
            <span>{s.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
});
