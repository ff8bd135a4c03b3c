import { usePageMeta } from "@/lib/seo";
import { PUBLIC_PAGES } from "@shared/seo";
import { LegalPage, type LegalSection } from "./LegalPage";

const SECTIONS: LegalSection[] = [
  {
    heading: "About the service",
    body: (
      <p>
        Aussie Electricians connects customers who need electrical work with independent licensed electricians. We are not a party to any contract between a
        customer and an electrician, and we do not perform electrical work ourselves.
      </p>
    ),
  },
  {
    heading: "For customers",
    body: (
      <ul>
        <li>Requesting a quote is free and places you under no obligation.</li>
        <li>Please give accurate details so electricians can quote properly.</li>
        <li>Any agreement for work, price, warranty and payment is between you and the electrician.</li>
      </ul>
    ),
  },
  {
    heading: "For electricians",
    body: (
      <ul>
        <li>You must hold a current electrical licence and appropriate insurance for the work you accept.</li>
        <li>Leads are sold through a falling-price auction; each lead is sold to one electrician only.</li>
        <li>Lead fees are due immediately at the time of purchase.</li>
        <li>There is no subscription, no monthly fee and no lock-in contract.</li>
        <li>If a lead is invalid, report it; approved reports are credited.</li>
      </ul>
    ),
  },
  {
    heading: "Acceptable use",
    body: <p>You must not submit false requests, misuse contact details obtained through the service, or attempt to interfere with the site.</p>,
  },
  {
    heading: "Liability",
    body: (
      <p>
        To the extent permitted by law, including the Australian Consumer Law, we are not liable for the quality of work performed by electricians or for losses
        arising from agreements between customers and electricians.
      </p>
    ),
  },
  {
    heading: "Changes",
    body: <p>We may update these terms from time to time. The date at the top of this page shows when they last changed.</p>,
  },
];

export function TermsPage() {
  usePageMeta(PUBLIC_PAGES["/terms-and-conditions"]);
  return (
    <LegalPage
      title="Terms & Conditions"
      intro="These terms apply to everyone who uses Aussie Electricians, whether you are requesting a quote or buying leads as an electrician."
      sections={SECTIONS}
      contactLabel="Support contact"
    />
  );
}
