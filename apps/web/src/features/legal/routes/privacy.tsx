import {
  LEGAL_LAST_UPDATED,
  LegalPage,
  SupportLink,
  type LegalSection,
} from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'collected',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what we need to run the Services:</p>
        <ul>
          <li>
            <strong>Personal information</strong> you give us: your username, your password (stored
            only as a secure hash), payment references such as transaction IDs, and what you write
            in support tickets and chat.
          </li>
          <li>
            <strong>Usage data</strong>: the pages you visit, the features you use, and when
            licences are checked or redeemed.
          </li>
          <li>
            <strong>Device data</strong>: your IP address, browser type and the hardware ID (HWID)
            your licence is bound to.
          </li>
          <li>
            <strong>Cookies and local storage</strong>: we keep your sign-in session in your
            browser&apos;s local storage and use only the storage needed for the site to work.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <ul>
        <li>to create and secure your account, including two-factor authentication;</li>
        <li>to deliver your subscriptions and check licences;</li>
        <li>to answer your support tickets and chat messages;</li>
        <li>to prevent fraud, abuse and chargebacks;</li>
        <li>to keep the Services working and to improve them.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <>
        <p>
          We <strong>never sell</strong> your personal information. We share it only:
        </p>
        <ul>
          <li>with service providers that host or operate the Services for us, under contract;</li>
          <li>when the law requires it, or to protect our rights, users and Services;</li>
          <li>
            as part of a business transfer, such as a merger or sale of assets, in which case the
            information stays covered by this policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        We protect your data with measures such as password hashing, optional two-factor
        authentication, encrypted connections and access controls. No system is perfectly secure, so
        we cannot guarantee absolute security, but we work to protect your information.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'Retention',
    body: (
      <p>
        We keep your information for as long as your account is active and afterwards only as long
        as needed to meet legal obligations, resolve disputes and enforce our agreements. Then we
        delete or anonymise it.
      </p>
    ),
  },
  {
    id: 'international',
    title: 'International transfers',
    body: (
      <p>
        Your information may be processed in countries other than yours, whose data protection laws
        may differ. When we transfer it, we take steps to keep it protected as this policy
        describes.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, delete or export
        your personal information, and to object to or restrict how we process it. To use these
        rights, <SupportLink>contact support</SupportLink>.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The Services are <strong>not intended for children under 13</strong>, and we do not
        knowingly collect information from them. If you believe a child under 13 has given us
        information, contact us and we will delete it. Buying a subscription requires being at least
        18.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy. The date at the top shows the latest version, and important
        changes will be announced on the site.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about your privacy? <SupportLink>Contact Support</SupportLink> and open a ticket.
      </p>
    ),
  },
];

export function PrivacyRoute() {
  return (
    <LegalPage
      title="Privacy Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="This policy explains what information Stellar collects, why, who we share it with and the choices you have."
      sections={sections}
    />
  );
}
