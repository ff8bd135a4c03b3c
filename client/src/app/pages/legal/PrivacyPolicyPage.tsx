import { usePageMeta } from "@/lib/seo";
import { PUBLIC_PAGES } from "@shared/seo";
import { LegalPage, type LegalSection } from "./LegalPage";

const SECTIONS: LegalSection[] = [
  {
    heading: "Information we collect",
    body: (
      <>
        <p>
          When you request a quote we collect your name, phone number, service location, optional property address and the details of the electrical work you
          describe.
        </p>
        <p>When an electrician requests a callback or signs up we collect their name, mobile number, email address, business name and service area.</p>
        <p>We also record anonymous usage information, such as pages visited and form steps completed, to improve the site.</p>
      </>
    ),
  },
  {
    heading: "How we use your information",
    body: (
      <ul>
        <li>To match your job with licensed electricians who service your area.</li>
        <li>To let the electrician who takes your job contact you about it.</li>
        <li>To contact prospective electricians about joining our network.</li>
        <li>To prevent fraud and abuse, and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    heading: "Who we share it with",
    body: (
      <>
        <p>
          Before an electrician takes your job they see only your first name, your suburb and the job details; your phone number is partly hidden. Your full
          contact details are released only to the one electrician who takes the job.
        </p>
        <p>
          We do not sell your personal information. We use trusted service providers (hosting, payments, email) who handle data on our behalf under
          confidentiality obligations.
        </p>
      </>
    ),
  },
  {
    heading: "Storage and security",
    body: (
      <p>
        Your information is stored on secure servers. Passwords are stored as one-way hashes, and access to personal information is limited to people who need
        it.
      </p>
    ),
  },
  {
    heading: "Your rights",
    body: (
      <p>
        Under the Australian Privacy Principles you may ask to access or correct the personal information we hold about you, or make a complaint about how we
        handled it. Contact us using the details below and we will respond within 30 days.
      </p>
    ),
  },
  {
    heading: "Cookies",
    body: <p>We use a session cookie to keep electricians signed in. We do not use advertising cookies.</p>,
  },
];

export function PrivacyPolicyPage() {
  usePageMeta(PUBLIC_PAGES["/privacy-policy"]);
  return (
    <LegalPage
      title="Privacy Policy"
      intro="Aussie Electricians respects your privacy. This policy explains what personal information we collect, why, and how we look after it, in line with the Privacy Act 1988 (Cth)."
      sections={SECTIONS}
      contactLabel="Privacy contact"
    />
  );
}
