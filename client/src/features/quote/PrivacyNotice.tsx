// The collection notice before the quote is sent (Australian Privacy Principle 5; the privacy
// policy has the rest). Text only: this is the /get-quote bundle (docs/decisions/028).
export function PrivacyNotice() {
  return (
    <p className="mt-6 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="privacy-notice">
      <strong>Your privacy:</strong> your details go to one licensed electrician, the one who buys your request. We text you about this request. Nothing is
      shown publicly unless you leave a review, and then only your first name and suburb.{" "}
      <a href="/privacy-policy" target="_blank" className="text-brand-700 underline">
        Privacy policy
      </a>
    </p>
  );
}
