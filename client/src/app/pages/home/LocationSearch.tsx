// Location section (docs/product.md section 2): the button stays disabled while the field is blank
// or whitespace; it opens the wizard with serviceLocation set to the text.
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { AddressField } from "@/components/address/AddressField";
import { useLive } from "@/lib/use-live";

const FIELD_ID = "home-location";

/**
 * What was typed into the server's field before the app took the page over (docs/decisions/036):
 * the app starts from it, as its first render would otherwise empty the field.
 */
const typedBeforeTakeOver = () => (typeof document === "undefined" ? "" : ((document.getElementById(FIELD_ID) as HTMLInputElement | null)?.value ?? ""));

export function LocationSearch() {
  const [text, setText] = useState(typedBeforeTakeOver);
  const [, navigate] = useLocation();
  const blank = text.trim() === "";
  const live = useLive();
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    navigate(`/get-quote?serviceLocation=${encodeURIComponent(text.trim())}`);
  };
  return (
    <form
      method="post"
      action="/"
      // Before the app is ready the form is sent as it is: the server opens the wizard with it (server/features/leads/location-search-form.ts).
      data-server-answers=""
      onSubmit={search}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      role="search"
      aria-label="Find local electricians"
    >
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={FIELD_ID}>Your address or suburb</Label>
        <AddressField id={FIELD_ID} name="serviceLocation" value={text} onChange={setText} placeholder="e.g. 12 Smith St, Parramatta" />
      </div>
      <Button type="submit" size="lg" disabled={blank && live} className="h-12">
        <Search aria-hidden /> Find Local Electricians
      </Button>
    </form>
  );
}
