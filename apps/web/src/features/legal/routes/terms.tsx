import {
  LEGAL_LAST_UPDATED,
  LegalPage,
  SupportLink,
  type LegalSection,
} from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Introduction and acceptance',
    body: (
      <>
        <p>
          These Terms of Service govern your use of the Stellar website, the member portal and every
          Stellar product, including Stellar Launcher and Clothing Bot (together, the
          &quot;Services&quot;). Stellar is referred to as &quot;we&quot; or &quot;us&quot;.
        </p>
        <p>
          By creating an account, buying a plan, redeeming a licence key or otherwise using the
          Services, you accept these terms. If you do not agree with them, do not use the Services.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least <strong>18 years old</strong> to use the Services or buy a
        subscription. By using them you confirm that you are 18 or older and legally able to enter
        into this agreement.
      </p>
    ),
  },
  {
    id: 'licence',
    title: 'Licence to use the Services',
    body: (
      <>
        <p>
          While your subscription is active, we grant you a limited, personal, non-exclusive,
          non-transferable and revocable licence to use the Services for your own{' '}
          <strong>personal, non-commercial</strong> purposes, within the plan you bought.
        </p>
        <p>
          A licence is bound to the hardware ID of the computer it runs on. You may not share,
          resell or sublicense it unless you are an authorised Stellar reseller acting under your
          reseller agreement. All rights not expressly granted stay with Stellar.
        </p>
      </>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited activities',
    body: (
      <>
        <p>When using the Services you must not:</p>
        <ul>
          <li>
            copy, reproduce, redistribute or publish any part of the Services, our software or our
            content without our written permission;
          </li>
          <li>
            send excessive automated requests to our website or API, for example with scrapers, bots
            or scripts that load our systems beyond normal use;
          </li>
          <li>
            interfere with or try to bypass the security of the Services, including licence checks,
            rate limits, authentication and access controls;
          </li>
          <li>
            reverse engineer, decompile, disassemble or otherwise try to obtain the source code of
            our software, except where the law expressly allows it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'user-content',
    title: 'Your content',
    body: (
      <p>
        You keep ownership of what you submit to us, such as support tickets, chat messages and
        scripts. You grant Stellar a worldwide, non-exclusive, royalty-free licence to store, use,
        reproduce and process that content as far as needed to run, support and improve the
        Services. You confirm that you have the right to submit it.
      </p>
    ),
  },
  {
    id: 'third-party',
    title: 'Third-party platforms',
    body: (
      <>
        <p>
          Our tools work with a third-party game platform that Stellar does not own or control. You
          are responsible for following that platform&apos;s own terms of use and rules.
        </p>
        <p>
          Automation may be against those terms. The platform may warn, limit, suspend or ban
          accounts that use automation tools, and <strong>you accept that risk</strong>. Stellar is
          not responsible for any action the platform takes against your accounts, items or
          earnings.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <p>
        To the fullest extent the law allows, Stellar is not liable for indirect, incidental,
        special, consequential or punitive damages, or for lost profits, data, accounts or goodwill.
        Our total liability for any claim related to the Services is limited to the{' '}
        <strong>amount you paid us in the six (6) months</strong> before the event that gave rise to
        the claim.
      </p>
    ),
  },
  {
    id: 'waiver',
    title: 'Liability waiver',
    body: (
      <p>
        The Services are provided &quot;as is&quot; and &quot;as available&quot;, without warranties
        of any kind. You use them at your own risk. To the extent the law allows, you waive and
        release Stellar, its team and its partners from any claim arising from your use of the
        Services, including any consequences on third-party platforms.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of Delaware, United States, without regard
        to its conflict-of-law rules. Any dispute shall be brought exclusively before the state or
        federal courts located in Delaware, and you agree to their jurisdiction.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. The date at the top of this page shows the
        latest version. If you keep using the Services after a change takes effect, you accept the
        updated terms.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        We may suspend or end your access to the Services at any time if you break these terms, with
        or without notice. You may stop using the Services and cancel your subscription at any time
        from your dashboard. Sections that by their nature should survive termination, such as
        liability and governing law, continue to apply.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? <SupportLink>Contact Support</SupportLink> and open a ticket.
      </p>
    ),
  },
];

export function TermsRoute() {
  return (
    <LegalPage
      title="Terms of Service"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="Please read these terms carefully. They explain what you may and may not do with Stellar's website and tools."
      sections={sections}
    />
  );
}
